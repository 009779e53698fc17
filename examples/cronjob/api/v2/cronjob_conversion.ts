/*
Copyright 2026 The cronjob Authors.

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

import type { CronJob as HubCronJob } from '../v1/cronjob_types.js';
import type { CronJob } from './cronjob_types.js';

// TODO(user): EDIT THIS FILE! Conversion between this version (v2) and the hub (v1):
// every field of one must be carried to the other without loss.

/** Converts CronJob between v2 (this spoke) and v1 (the hub). */
export const cronJobConversion = {
  /** convertTo converts this v2 object to the hub version (v1). */
  convertTo(spoke: CronJob): HubCronJob {
    return {
      apiVersion: 'batch.tutorial.kubebuilder.io/v1',
      kind: 'CronJob',
      metadata: spoke.metadata,
      // TODO(user): map the fields that differ between the versions.
      spec: { ...spoke.spec },
      status: { ...spoke.status },
    };
  },

  /** convertFrom converts the hub version (v1) to this v2 object. */
  convertFrom(hub: HubCronJob): CronJob {
    return {
      apiVersion: 'batch.tutorial.kubebuilder.io/v2',
      kind: 'CronJob',
      metadata: hub.metadata,
      // TODO(user): map the fields that differ between the versions.
      spec: { ...hub.spec },
      status: { ...hub.status },
    };
  },
};
