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

import { type CustomDefaulter, type CustomValidator, type Warnings, type Manager, log, webhookManagedBy } from 'kubescaffolder/runtime';
import { Cactus } from './cactus_types.js';
// +kubebuilder:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Log is for logging in this file.
const cactuslog = log.withName('cactus-resource');

/** setupCactusWebhookWithManager registers the webhooks for Cactus in the manager. */
export function setupCactusWebhookWithManager(mgr: Manager) {
  cactuslog.info('registering webhooks');
  return webhookManagedBy(mgr)
    .for(Cactus)
    .withDefaulter(new CactusCustomDefaulter())
    .withValidator(new CactusCustomValidator())
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

// +kubebuilder:webhook:path=/mutate-zoo-example-org-v1-cactus,mutating=true,failurePolicy=fail,sideEffects=None,groups=zoo.example.org,resources=cacti,verbs=create;update,versions=v1,name=mcactus-v1.kb.io,admissionReviewVersions=v1

/**
 * CactusCustomDefaulter sets default values on Cactus objects when they are created or updated.
 */
export class CactusCustomDefaulter implements CustomDefaulter<Cactus> {
  // TODO(user): Add more fields as needed for defaulting.

  /** default mutates the object in place: fill in the fields the user left out. */
  async default(obj: Cactus): Promise<void> {
    cactuslog.info('defaulting', { name: obj.metadata?.name });
    // TODO(user): fill in your defaulting logic.
  }
}

// TODO(user): change verbs to "verbs=create;update;delete" if you want to enable deletion validation.
// NOTE: The 'path' attribute must follow a specific pattern and should not be modified directly here.
// Modifying the path for an invalid path can cause API server errors; failing to locate the webhook.
// +kubebuilder:webhook:path=/validate-zoo-example-org-v1-cactus,mutating=false,failurePolicy=fail,sideEffects=None,groups=zoo.example.org,resources=cacti,verbs=create;update,versions=v1,name=vcactus-v1.kb.io,admissionReviewVersions=v1

/**
 * CactusCustomValidator checks Cactus objects when they are created, updated or deleted.
 * Reject an object by throwing `new ValidationError(Cactus, name, [fieldError(path, value, message)])`.
 */
export class CactusCustomValidator implements CustomValidator<Cactus> {
  // TODO(user): Add more fields as needed for validation.

  async validateCreate(obj: Cactus): Promise<Warnings> {
    cactuslog.info('validation for create', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object creation.
    return [];
  }

  async validateUpdate(oldObj: Cactus, newObj: Cactus): Promise<Warnings> {
    cactuslog.info('validation for update', { name: newObj.metadata?.name, oldName: oldObj.metadata?.name });
    // TODO(user): fill in your validation logic upon object update.
    return [];
  }

  async validateDelete(obj: Cactus): Promise<Warnings> {
    cactuslog.info('validation for delete', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object deletion.
    return [];
  }
}

// +kubebuilder:scaffold:webhookimpl
