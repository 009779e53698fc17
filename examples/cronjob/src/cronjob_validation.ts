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

// What the CronJob webhooks of both API versions check and default, beyond the CRD schema.
import { type FieldError, fieldError } from 'kubescaffolder/runtime';
import { parseStandardSchedule } from './schedule.js';

/** The values the defaulting webhooks give the fields a user left out. */
export const cronJobDefaults = {
  concurrencyPolicy: 'Allow',
  suspend: false,
  successfulJobsHistoryLimit: 3,
  failedJobsHistoryLimit: 1,
} as const;

/**
 * Job names are at most 63 characters, and the controller names each Job `<cronjob>-<unix time>`
 * (an 11-character suffix), so a CronJob's name has at most 52. The schema cannot say so:
 * metadata.name is not part of it.
 */
export const maxCronJobNameLength = 63 - 11;

export function validateCronJobName(name: string): FieldError | undefined {
  if (name.length > maxCronJobNameLength) return fieldError('metadata.name', name, `must be no more than ${maxCronJobNameLength} characters`);
  return undefined;
}

/** A cron schedule that the controller can evaluate (the schema only knows it is a string). */
export function validateScheduleFormat(schedule: string, path: string): FieldError | undefined {
  try {
    parseStandardSchedule(schedule);
    return undefined;
  } catch (err) {
    return fieldError(path, schedule, (err as Error).message);
  }
}
