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

import { type CustomDefaulter, type CustomValidator, type Manager, type Warnings, ValidationError, log, webhookManagedBy } from 'kubescaffolder/runtime';
import { cronJobDefaults, validateCronJobName, validateScheduleFormat } from '../../src/cronjob_validation.js';
import { joinSchedule } from './cronjob_conversion.js';
import { CronJob, type ConcurrencyPolicy } from './cronjob_types.js';
// +kubebuilder:scaffold:imports

// Log is for logging in this file.
const cronjoblog = log.withName('cronjob-resource');

/** Registers the defaulting and validating webhooks of CronJob v2 with the manager. */
export function setupCronJobWebhookWithManager(mgr: Manager) {
  return webhookManagedBy(mgr)
    .for(CronJob)
    .withDefaulter(new CronJobCustomDefaulter(cronJobDefaults))
    .withValidator(new CronJobCustomValidator())
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

/** The values the defaulter gives the fields a user left out. */
export interface CronJobDefaults {
  concurrencyPolicy: ConcurrencyPolicy;
  suspend: boolean;
  successfulJobsHistoryLimit: number;
  failedJobsHistoryLimit: number;
}

// +kubebuilder:webhook:path=/mutate-batch-tutorial-kubebuilder-io-v2-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.kubebuilder.io,resources=cronjobs,verbs=create;update,versions=v2,name=mcronjob-v2.kb.io,admissionReviewVersions=v1

/** CronJobCustomDefaulter fills in the fields of a v2 CronJob that were left out, as v1's does. */
export class CronJobCustomDefaulter implements CustomDefaulter<CronJob> {
  constructor(readonly defaults: CronJobDefaults) {}

  async default(obj: CronJob): Promise<void> {
    cronjoblog.info('defaulting for CronJob', { name: obj.metadata?.name, version: 'v2' });
    const spec = obj.spec;
    if (!spec.concurrencyPolicy) spec.concurrencyPolicy = this.defaults.concurrencyPolicy;
    spec.suspend ??= this.defaults.suspend;
    spec.successfulJobsHistoryLimit ??= this.defaults.successfulJobsHistoryLimit;
    spec.failedJobsHistoryLimit ??= this.defaults.failedJobsHistoryLimit;
  }
}

// NOTE: The 'path' attribute must follow a specific pattern and should not be modified directly here.
// Modifying the path for an invalid path can cause API server errors; failing to locate the webhook.
// +kubebuilder:webhook:path=/validate-batch-tutorial-kubebuilder-io-v2-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.kubebuilder.io,resources=cronjobs,verbs=create;update,versions=v2,name=vcronjob-v2.kb.io,admissionReviewVersions=v1

/** CronJobCustomValidator checks a v2 CronJob as v1's does, its schedule put together from the fields. */
export class CronJobCustomValidator implements CustomValidator<CronJob> {
  async validateCreate(obj: CronJob): Promise<Warnings> {
    cronjoblog.info('validation for CronJob upon creation', { name: obj.metadata?.name, version: 'v2' });
    validateCronJob(obj);
    return [];
  }

  async validateUpdate(_oldObj: CronJob, newObj: CronJob): Promise<Warnings> {
    cronjoblog.info('validation for CronJob upon update', { name: newObj.metadata?.name, version: 'v2' });
    validateCronJob(newObj);
    return [];
  }

  async validateDelete(obj: CronJob): Promise<Warnings> {
    cronjoblog.info('validation for CronJob upon deletion', { name: obj.metadata?.name, version: 'v2' });
    return [];
  }
}

function validateCronJob(cronJob: CronJob): void {
  const name = cronJob.metadata?.name ?? '';
  const errors = [validateCronJobName(name), validateScheduleFormat(joinSchedule(cronJob.spec.schedule), 'spec.schedule')].filter((e) => e !== undefined);
  if (errors.length > 0) throw new ValidationError(CronJob, name, errors);
}
