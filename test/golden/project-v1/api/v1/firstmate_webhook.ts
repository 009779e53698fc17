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

import { type Manager, log, webhookManagedBy } from 'kubescaffolder/runtime';
import { FirstMate } from './firstmate_types.js';
import * as crewv2 from '../v2/index.js';
// +kubebuilder:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Log is for logging in this file.
const firstmatelog = log.withName('firstmate-resource');

/** setupFirstMateWebhookWithManager registers the webhooks for FirstMate in the manager. */
export function setupFirstMateWebhookWithManager(mgr: Manager) {
  firstmatelog.info('registering webhooks');
  return webhookManagedBy(mgr)
    .for(FirstMate)
    .withConversion({ hub: FirstMate, spoke: crewv2.FirstMate, ...crewv2.firstMateConversion })
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

// +kubebuilder:scaffold:webhookimpl
