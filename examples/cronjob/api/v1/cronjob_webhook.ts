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
import { CronJob, type ConcurrencyPolicy } from './cronjob_types.js';
import * as batchv2 from '../v2/index.js';
// +kubebuilder:scaffold:imports

// Log is for logging in this file.
const cronjoblog = log.withName('cronjob-resource');

/**
 * Registers the webhooks of CronJob v1 with the manager: defaulting, validation, and the
 * conversion of v2 objects through this version (the hub).
 */
export function setupCronJobWebhookWithManager(mgr: Manager) {
  return webhookManagedBy(mgr)
    .for(CronJob)
    .withDefaulter(new CronJobCustomDefaulter(cronJobDefaults))
    .withValidator(new CronJobCustomValidator())
    .withConversion({ hub: CronJob, spoke: batchv2.CronJob, ...batchv2.cronJobConversion })
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

// +kubebuilder:webhook:path=/mutate-batch-tutorial-kubebuilder-io-v1-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.kubebuilder.io,resources=cronjobs,verbs=create;update,versions=v1,name=mcronjob-v1.kb.io,admissionReviewVersions=v1

/** CronJobCustomDefaulter fills in the fields of a CronJob that were left out, on create and update. */
export class CronJobCustomDefaulter implements CustomDefaulter<CronJob> {
  constructor(readonly defaults: CronJobDefaults) {}

  async default(obj: CronJob): Promise<void> {
    cronjoblog.info('defaulting for CronJob', { name: obj.metadata?.name });
    const spec = obj.spec;
    // An empty string is what a Go client sends for a policy it did not set: default it too.
    if (!spec.concurrencyPolicy) spec.concurrencyPolicy = this.defaults.concurrencyPolicy;
    spec.suspend ??= this.defaults.suspend;
    spec.successfulJobsHistoryLimit ??= this.defaults.successfulJobsHistoryLimit;
    spec.failedJobsHistoryLimit ??= this.defaults.failedJobsHistoryLimit;
  }
}

// NOTE: The 'path' attribute must follow a specific pattern and should not be modified directly here.
// Modifying the path for an invalid path can cause API server errors; failing to locate the webhook.
// +kubebuilder:webhook:path=/validate-batch-tutorial-kubebuilder-io-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.kubebuilder.io,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1

/**
 * CronJobCustomValidator checks what the CRD schema cannot: that the schedule parses, and that the
 * name leaves room for the suffix of the Jobs the controller creates.
 */
export class CronJobCustomValidator implements CustomValidator<CronJob> {
  async validateCreate(obj: CronJob): Promise<Warnings> {
    cronjoblog.info('validation for CronJob upon creation', { name: obj.metadata?.name });
    validateCronJob(obj);
    return [];
  }

  async validateUpdate(_oldObj: CronJob, newObj: CronJob): Promise<Warnings> {
    cronjoblog.info('validation for CronJob upon update', { name: newObj.metadata?.name });
    validateCronJob(newObj);
    return [];
  }

  async validateDelete(obj: CronJob): Promise<Warnings> {
    cronjoblog.info('validation for CronJob upon deletion', { name: obj.metadata?.name });
    return [];
  }
}

/** Throws a ValidationError (the API server's 422 Invalid) listing every problem of the CronJob. */
function validateCronJob(cronJob: CronJob): void {
  const name = cronJob.metadata?.name ?? '';
  const errors = [validateCronJobName(name), validateScheduleFormat(cronJob.spec.schedule, 'spec.schedule')].filter((e) => e !== undefined);
  if (errors.length > 0) throw new ValidationError(CronJob, name, errors);
}
