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
import { Kraken } from './kraken_types.js';
import * as seacreaturesv1beta2 from '../v1beta2/index.js';
// +kubebuilder:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Log is for logging in this file.
const krakenlog = log.withName('kraken-resource');

/** setupKrakenWebhookWithManager registers the webhooks for Kraken in the manager. */
export function setupKrakenWebhookWithManager(mgr: Manager) {
  krakenlog.info('registering webhooks');
  return webhookManagedBy(mgr)
    .for(Kraken)
    .withConversion({ hub: Kraken, spoke: seacreaturesv1beta2.Kraken, ...seacreaturesv1beta2.krakenConversion })
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

// +kubebuilder:scaffold:webhookimpl
