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

// Step 5 of the reconcile: from the schedule, the last run and the deadline, the latest run that
// was due but has not been started, and the next one.
import type { CronJob } from '../../api/v1/index.js';
import { parseStandardSchedule } from '../schedule.js';

export interface ScheduledRuns {
  /** The latest scheduled time not yet run, if any. */
  lastMissed?: Date;
  /** The first scheduled time after now. */
  next: Date;
}

/**
 * Walks the schedule from the last run (or the CronJob's creation), but not from earlier than the
 * starting deadline allows, up to now. Gives up after 100 missed runs rather than walk decades
 * of them after a clock jump.
 */
export function getNextSchedule(cronJob: CronJob, now: Date): ScheduledRuns {
  let schedule;
  try {
    schedule = parseStandardSchedule(cronJob.spec.schedule);
  } catch (err) {
    throw new Error(`unparseable schedule ${JSON.stringify(cronJob.spec.schedule)}: ${(err as Error).message}`, { cause: err });
  }

  // Start from the last observed run rather than reconstituting it: status was just rebuilt.
  let earliest = new Date(cronJob.status?.lastScheduleTime ?? cronJob.metadata?.creationTimestamp ?? now);
  const deadlineSeconds = cronJob.spec.startingDeadlineSeconds;
  if (deadlineSeconds !== undefined) {
    // Runs before this point can no longer be started.
    const schedulingDeadline = new Date(now.getTime() - deadlineSeconds * 1000);
    if (schedulingDeadline > earliest) earliest = schedulingDeadline;
  }
  if (earliest > now) return { next: schedule.next(now) };

  let lastMissed: Date | undefined;
  let starts = 0;
  for (let t = schedule.next(earliest); t <= now; t = schedule.next(t)) {
    lastMissed = t;
    starts++;
    if (starts > 100) {
      throw new Error('too many missed start times (> 100): set or decrease .spec.startingDeadlineSeconds or check clock skew');
    }
  }
  return { lastMissed, next: schedule.next(now) };
}
