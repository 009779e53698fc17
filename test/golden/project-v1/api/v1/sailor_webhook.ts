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
import { Sailor } from './sailor_types.js';
// +kubebuilder:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Log is for logging in this file.
const sailorlog = log.withName('sailor-resource');

/** setupSailorWebhookWithManager registers the webhooks for Sailor in the manager. */
export function setupSailorWebhookWithManager(mgr: Manager) {
  sailorlog.info('registering webhooks');
  return webhookManagedBy(mgr)
    .for(Sailor)
    .withDefaulter(new SailorCustomDefaulter())
    .withDefaulterCustomPath('/custom-mutate-sailor')
    .withValidator(new SailorCustomValidator())
    .withValidatorCustomPath('/custom-validate-sailor')
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

// +kubebuilder:webhook:path=/custom-mutate-sailor,mutating=true,failurePolicy=fail,sideEffects=None,groups=crew.testproject.org,resources=sailors,verbs=create;update,versions=v1,name=msailor-v1.kb.io,admissionReviewVersions=v1

/**
 * SailorCustomDefaulter sets default values on Sailor objects when they are created or updated.
 */
export class SailorCustomDefaulter implements CustomDefaulter<Sailor> {
  // TODO(user): Add more fields as needed for defaulting.

  /** default mutates the object in place: fill in the fields the user left out. */
  async default(obj: Sailor): Promise<void> {
    sailorlog.info('defaulting', { name: obj.metadata?.name });
    // TODO(user): fill in your defaulting logic.
  }
}

// TODO(user): change verbs to "verbs=create;update;delete" if you want to enable deletion validation.
// NOTE: The 'path' attribute must follow a specific pattern and should not be modified directly here.
// Modifying the path for an invalid path can cause API server errors; failing to locate the webhook.
// +kubebuilder:webhook:path=/custom-validate-sailor,mutating=false,failurePolicy=fail,sideEffects=None,groups=crew.testproject.org,resources=sailors,verbs=create;update,versions=v1,name=vsailor-v1.kb.io,admissionReviewVersions=v1

/**
 * SailorCustomValidator checks Sailor objects when they are created, updated or deleted.
 * Reject an object by throwing `new ValidationError(Sailor, name, [fieldError(path, value, message)])`.
 */
export class SailorCustomValidator implements CustomValidator<Sailor> {
  // TODO(user): Add more fields as needed for validation.

  async validateCreate(obj: Sailor): Promise<Warnings> {
    sailorlog.info('validation for create', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object creation.
    return [];
  }

  async validateUpdate(oldObj: Sailor, newObj: Sailor): Promise<Warnings> {
    sailorlog.info('validation for update', { name: newObj.metadata?.name, oldName: oldObj.metadata?.name });
    // TODO(user): fill in your validation logic upon object update.
    return [];
  }

  async validateDelete(obj: Sailor): Promise<Warnings> {
    sailorlog.info('validation for delete', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object deletion.
    return [];
  }
}

// +kubebuilder:scaffold:webhookimpl
