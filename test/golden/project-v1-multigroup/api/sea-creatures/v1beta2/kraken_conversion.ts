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

import type { Kraken as HubKraken } from '../v1beta1/kraken_types.js';
import type { Kraken } from './kraken_types.js';

// TODO(user): EDIT THIS FILE! Conversion between this version (v1beta2) and the hub (v1beta1):
// every field of one must be carried to the other without loss.

/** Converts Kraken between v1beta2 (this spoke) and v1beta1 (the hub). */
export const krakenConversion = {
  /** convertTo converts this v1beta2 object to the hub version (v1beta1). */
  convertTo(spoke: Kraken): HubKraken {
    return {
      apiVersion: 'sea-creatures.testproject.org/v1beta1',
      kind: 'Kraken',
      metadata: spoke.metadata,
      // TODO(user): map the fields that differ between the versions.
      spec: { ...spoke.spec },
      status: { ...spoke.status },
    };
  },

  /** convertFrom converts the hub version (v1beta1) to this v1beta2 object. */
  convertFrom(hub: HubKraken): Kraken {
    return {
      apiVersion: 'sea-creatures.testproject.org/v1beta2',
      kind: 'Kraken',
      metadata: hub.metadata,
      // TODO(user): map the fields that differ between the versions.
      spec: { ...hub.spec },
      status: { ...hub.status },
    };
  },
};
