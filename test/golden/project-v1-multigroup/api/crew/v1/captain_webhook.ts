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

import { type CustomValidator, type Warnings, type Manager, log, webhookManagedBy } from 'kubescaffolder/runtime';
import { Captain } from './captain_types.js';
// +kubebuilder:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Log is for logging in this file.
const captainlog = log.withName('captain-resource');

/** setupCaptainWebhookWithManager registers the webhooks for Captain in the manager. */
export function setupCaptainWebhookWithManager(mgr: Manager) {
  captainlog.info('registering webhooks');
  return webhookManagedBy(mgr)
    .for(Captain)
    .withValidator(new CaptainCustomValidator())
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

// TODO(user): change verbs to "verbs=create;update;delete" if you want to enable deletion validation.
// NOTE: The 'path' attribute must follow a specific pattern and should not be modified directly here.
// Modifying the path for an invalid path can cause API server errors; failing to locate the webhook.
// +kubebuilder:webhook:path=/validate-crew-testproject-org-v1-captain,mutating=false,failurePolicy=fail,sideEffects=None,groups=crew.testproject.org,resources=captains,verbs=create;update,versions=v1,name=vcaptain-v1.kb.io,admissionReviewVersions=v1

/**
 * CaptainCustomValidator checks Captain objects when they are created, updated or deleted.
 * Reject an object by throwing `new ValidationError(Captain, name, [fieldError(path, value, message)])`.
 */
export class CaptainCustomValidator implements CustomValidator<Captain> {
  // TODO(user): Add more fields as needed for validation.

  async validateCreate(obj: Captain): Promise<Warnings> {
    captainlog.info('validation for create', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object creation.
    return [];
  }

  async validateUpdate(oldObj: Captain, newObj: Captain): Promise<Warnings> {
    captainlog.info('validation for update', { name: newObj.metadata?.name, oldName: oldObj.metadata?.name });
    // TODO(user): fill in your validation logic upon object update.
    return [];
  }

  async validateDelete(obj: Captain): Promise<Warnings> {
    captainlog.info('validation for delete', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object deletion.
    return [];
  }
}

// +kubebuilder:scaffold:webhookimpl
