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

import { type CustomDefaulter, type CustomValidator, type Warnings, type Manager, log, webhookManagedBy } from 'scaffolder/runtime';
import { CronJob } from './cronjob_types.js';
// +kubebuilder:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Log is for logging in this file.
const cronjoblog = log.withName('cronjob-resource');

/** setupCronJobWebhookWithManager registers the webhooks for CronJob in the manager. */
export function setupCronJobWebhookWithManager(mgr: Manager) {
  cronjoblog.info('registering webhooks');
  return webhookManagedBy(mgr)
    .for(CronJob)
    .withDefaulter(new CronJobCustomDefaulter())
    .withValidator(new CronJobCustomValidator())
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

// +kubebuilder:webhook:path=/mutate-batch-tutorial-kubebuilder-io-v2-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.kubebuilder.io,resources=cronjobs,verbs=create;update,versions=v2,name=mcronjob-v2.kb.io,admissionReviewVersions=v1

/**
 * CronJobCustomDefaulter sets default values on CronJob objects when they are created or updated.
 */
export class CronJobCustomDefaulter implements CustomDefaulter<CronJob> {
  // TODO(user): Add more fields as needed for defaulting.

  /** default mutates the object in place: fill in the fields the user left out. */
  async default(obj: CronJob): Promise<void> {
    cronjoblog.info('defaulting', { name: obj.metadata?.name });
    // TODO(user): fill in your defaulting logic.
  }
}

// TODO(user): change verbs to "verbs=create;update;delete" if you want to enable deletion validation.
// NOTE: The 'path' attribute must follow a specific pattern and should not be modified directly here.
// Modifying the path for an invalid path can cause API server errors; failing to locate the webhook.
// +kubebuilder:webhook:path=/validate-batch-tutorial-kubebuilder-io-v2-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.kubebuilder.io,resources=cronjobs,verbs=create;update,versions=v2,name=vcronjob-v2.kb.io,admissionReviewVersions=v1

/**
 * CronJobCustomValidator checks CronJob objects when they are created, updated or deleted.
 * Reject an object by throwing `new ValidationError(CronJob, name, [fieldError(path, value, message)])`.
 */
export class CronJobCustomValidator implements CustomValidator<CronJob> {
  // TODO(user): Add more fields as needed for validation.

  async validateCreate(obj: CronJob): Promise<Warnings> {
    cronjoblog.info('validation for create', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object creation.
    return [];
  }

  async validateUpdate(oldObj: CronJob, newObj: CronJob): Promise<Warnings> {
    cronjoblog.info('validation for update', { name: newObj.metadata?.name, oldName: oldObj.metadata?.name });
    // TODO(user): fill in your validation logic upon object update.
    return [];
  }

  async validateDelete(obj: CronJob): Promise<Warnings> {
    cronjoblog.info('validation for delete', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object deletion.
    return [];
  }
}

// +kubebuilder:scaffold:webhookimpl
