/*
Copyright 2026 The Kubernetes authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

import { describe, expect, it } from 'vitest';
import * as crewv2 from '../../../api/v2/index.js';
// +kubebuilder:scaffold:imports

describe('FirstMate webhook', () => {
  it('converts FirstMate v2 to the hub and back without loss', () => {
    const spoke: crewv2.FirstMate = {
      apiVersion: 'crew.testproject.org/v2',
      kind: 'FirstMate',
      metadata: { name: 'sample' },
      spec: {},
      status: {},
    };
    const hub = crewv2.firstMateConversion.convertTo(spoke);
    expect(hub.apiVersion).toBe('crew.testproject.org/v1');
    expect(crewv2.firstMateConversion.convertFrom(hub)).toEqual(spoke);
  });

  // +kubebuilder:scaffold:webhooktests
});
