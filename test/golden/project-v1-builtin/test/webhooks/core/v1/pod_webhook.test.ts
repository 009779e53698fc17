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
import type { ObjectOf, Pod } from 'kubescaffolder/runtime';
import { PodCustomDefaulter, PodCustomValidator } from '../../../../src/webhooks/core/v1/pod_webhook.js';
// +kubebuilder:scaffold:imports

describe('Pod webhook', () => {
  it('defaults a Pod without error', async () => {
    const obj: ObjectOf<typeof Pod> = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'sample' } };
    await new PodCustomDefaulter().default(obj);
    // TODO(user): expect the fields your defaulter sets.
    expect(obj.metadata?.name).toBe('sample');
  });

  it('admits a valid Pod on create, update and delete', async () => {
    const obj: ObjectOf<typeof Pod> = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'sample' } };
    const validator = new PodCustomValidator();
    // TODO(user): add cases that your validator must reject (they throw a ValidationError).
    await expect(validator.validateCreate(obj)).resolves.toEqual([]);
    await expect(validator.validateUpdate(obj, obj)).resolves.toEqual([]);
    await expect(validator.validateDelete(obj)).resolves.toEqual([]);
  });

  // +kubebuilder:scaffold:webhooktests
});
