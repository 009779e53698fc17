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

// The pure parts of the controller: the Job made for a run, and the runs worked out from the
// schedule, the last run and the starting deadline.
import { describe, expect, it } from 'vitest';
import type { CronJob } from '../../api/v1/index.js';
import { constructJobForCronJob, scheduledTimeAnnotation } from '../../src/controllers/cronjob_controller.js';
import { getNextSchedule } from '../../src/controllers/next_schedule.js';

function cronJob(spec: Partial<CronJob['spec']> = {}, status: CronJob['status'] = {}): CronJob {
  return {
    apiVersion: 'batch.tutorial.kubebuilder.io/v1',
    kind: 'CronJob',
    metadata: { name: 'nightly', namespace: 'team-a', uid: 'uid-1', creationTimestamp: '2026-03-01T10:00:30Z' },
    spec: { schedule: '0 * * * *', jobTemplate: { metadata: { labels: { app: 'report' }, annotations: { owner: 'ops' } }, spec: { template: { spec: { containers: [{ name: 'r', image: 'report' }] } } } }, ...spec },
    status,
  };
}

describe('constructJobForCronJob', () => {
  it('names the Job after the run, copies the template and points back at the CronJob', () => {
    const run = new Date('2026-03-01T11:00:00Z');
    const source = cronJob();
    const job = constructJobForCronJob(source, run);
    expect(job.metadata).toEqual({
      name: `nightly-${run.getTime() / 1000}`,
      namespace: 'team-a',
      labels: { app: 'report' },
      annotations: { owner: 'ops', [scheduledTimeAnnotation]: '2026-03-01T11:00:00Z' },
      ownerReferences: [{ apiVersion: 'batch.tutorial.kubebuilder.io/v1', kind: 'CronJob', name: 'nightly', uid: 'uid-1', controller: true, blockOwnerDeletion: true }],
    });
    expect(job.spec).toEqual(source.spec.jobTemplate.spec);
    // A copy: changing the Job leaves the CronJob's template alone.
    job.spec!.template.spec!.containers[0].image = 'changed';
    expect(source.spec.jobTemplate.spec!.template.spec!.containers[0].image).toBe('report');
  });
});

describe('getNextSchedule', () => {
  const at = (iso: string) => new Date(iso);

  it('finds nothing due before the first run after creation, and the next run', () => {
    expect(getNextSchedule(cronJob(), at('2026-03-01T10:59:00Z'))).toEqual({ lastMissed: undefined, next: at('2026-03-01T11:00:00Z') });
  });

  it('gives the latest of several missed runs since the last one', () => {
    const runs = getNextSchedule(cronJob({}, { lastScheduleTime: '2026-03-01T11:00:00Z' }), at('2026-03-01T14:30:00Z'));
    expect(runs).toEqual({ lastMissed: at('2026-03-01T14:00:00Z'), next: at('2026-03-01T15:00:00Z') });
  });

  it('looks back no further than the starting deadline', () => {
    expect(getNextSchedule(cronJob({ startingDeadlineSeconds: 600 }), at('2026-03-01T12:05:00Z')).lastMissed).toEqual(at('2026-03-01T12:00:00Z'));
    expect(getNextSchedule(cronJob({ startingDeadlineSeconds: 60 }), at('2026-03-01T12:05:00Z')).lastMissed).toBeUndefined();
  });

  it('understands descriptors and refuses what robfig/cron ParseStandard refuses', () => {
    expect(getNextSchedule(cronJob({ schedule: '@daily' }), at('2026-03-01T12:00:00Z')).next).toEqual(at('2026-03-02T00:00:00Z'));
    expect(() => getNextSchedule(cronJob({ schedule: '* * * * * *' }), at('2026-03-01T12:00:00Z'))).toThrow('expected exactly 5 fields, found 6');
    expect(() => getNextSchedule(cronJob({ schedule: '@fortnightly' }), at('2026-03-01T12:00:00Z'))).toThrow('unrecognized descriptor: @fortnightly');
    expect(() => getNextSchedule(cronJob({ schedule: '61 * * * *' }), at('2026-03-01T12:00:00Z'))).toThrow(/unparseable schedule "61 \* \* \* \*"/);
  });

  it('gives up after more than 100 missed runs', () => {
    const stale = cronJob({ schedule: '* * * * *' }, { lastScheduleTime: '2026-03-01T10:00:00Z' });
    expect(() => getNextSchedule(stale, at('2026-03-01T13:00:00Z'))).toThrow('too many missed start times (> 100)');
  });
});
