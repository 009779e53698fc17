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

import { type CustomDefaulter, type Manager, log, webhookManagedBy } from 'kubescaffolder/runtime';
import { Destroyer } from './destroyer_types.js';
// +kubebuilder:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Log is for logging in this file.
const destroyerlog = log.withName('destroyer-resource');

/** setupDestroyerWebhookWithManager registers the webhooks for Destroyer in the manager. */
export function setupDestroyerWebhookWithManager(mgr: Manager) {
  destroyerlog.info('registering webhooks');
  return webhookManagedBy(mgr)
    .for(Destroyer)
    .withDefaulter(new DestroyerCustomDefaulter())
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

// +kubebuilder:webhook:path=/mutate-ship-testproject-org-v1-destroyer,mutating=true,failurePolicy=fail,sideEffects=None,groups=ship.testproject.org,resources=destroyers,verbs=create;update,versions=v1,name=mdestroyer-v1.kb.io,admissionReviewVersions=v1

/**
 * DestroyerCustomDefaulter sets default values on Destroyer objects when they are created or updated.
 */
export class DestroyerCustomDefaulter implements CustomDefaulter<Destroyer> {
  // TODO(user): Add more fields as needed for defaulting.

  /** default mutates the object in place: fill in the fields the user left out. */
  async default(obj: Destroyer): Promise<void> {
    destroyerlog.info('defaulting', { name: obj.metadata?.name });
    // TODO(user): fill in your defaulting logic.
  }
}

// +kubebuilder:scaffold:webhookimpl
