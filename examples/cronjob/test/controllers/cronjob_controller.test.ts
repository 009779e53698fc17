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

// The book's scenarios, with a clock the tests move. The controller runs in a manager against the
// test API server (so the field index, the cache and the Job watch are the real ones); each step
// then moves the clock and reconciles once more directly, after waiting for the cache to have seen
// every write, so that what the step decides does not depend on timing. There is no Job
// controller: the tests write the Jobs' status.
import type { V1Job, V1JobTemplateSpec } from '@kubernetes/client-node';
import { Job, Manager, builtinScheme, getControllerOf, isConflict, jsonEqual, log, type Client, type Reader, type Wire } from 'kubescaffolder/runtime';
import { eventually, startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as batchv1 from '../../api/v1/index.js';
import { CronJob, type CronJobSpec } from '../../api/v1/index.js';
import { CronJobReconciler, jobOwnerKey, scheduledTimeAnnotation } from '../../src/controllers/cronjob_controller.js';
import { TestClock } from './test_clock.js';

const namespace = 'default';
const minute = 60_000;

// No template metadata: the book's CRD gives jobTemplate.metadata no properties, so the API
// server prunes whatever is in it (see test/controllers/construct_job.test.ts for the copying).
const jobTemplate: Wire<V1JobTemplateSpec> = {
  spec: {
    template: {
      spec: {
        restartPolicy: 'OnFailure',
        containers: [{ name: 'hello', image: 'busybox', args: ['/bin/sh', '-c', 'date; echo Hello from the Kubernetes cluster'] }],
      },
    },
  },
};

/** The first minute boundary strictly after `time` (when `* * * * *` next fires). */
function nextMinute(time: Date): Date {
  return new Date(Math.floor(time.getTime() / minute) * minute + minute);
}

const rfc3339 = (time: Date) => time.toISOString().replace(/\.\d+Z$/, 'Z');
const unix = (time: Date) => Math.floor(time.getTime() / 1000);
const plus = (time: Date, ms: number) => new Date(time.getTime() + ms);

describe('CronJob controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;
  let running: Promise<void>;
  let client: Client;
  let reader: Reader;
  let reconciler: CronJobReconciler;
  const clock = new TestClock(new Date());

  beforeAll(async () => {
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], errorIfCRDPathMissing: true });
    const scheme = builtinScheme();
    batchv1.addToScheme(scheme);
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
    reconciler = new CronJobReconciler(mgr.getClient(), mgr.getScheme(), clock);
    await reconciler.setupWithManager(mgr);
    running = mgr.start();
    await mgr.elected();
    client = mgr.getClient();
    reader = mgr.getAPIReader();
  });

  afterAll(async () => {
    mgr?.stop();
    await running;
    await env?.stop();
  });

  async function createCronJob(name: string, spec: Partial<CronJobSpec> = {}): Promise<CronJob> {
    return client.create(CronJob, {
      apiVersion: 'batch.tutorial.kubebuilder.io/v1',
      kind: 'CronJob',
      metadata: { name, namespace },
      spec: { schedule: '* * * * *', jobTemplate, ...spec },
    });
  }

  const getCronJob = (name: string) => reader.get(CronJob, { namespace, name });

  /** The Jobs the named CronJob controls, oldest run first, as the API server has them. */
  async function jobsOf(name: string): Promise<Wire<V1Job>[]> {
    const jobs = await reader.list(Job, { namespace });
    return jobs
      .filter((j) => getControllerOf(j)?.kind === 'CronJob' && getControllerOf(j)?.name === name && !j.metadata?.deletionTimestamp)
      .sort((a, b) => (a.metadata!.name! < b.metadata!.name! ? -1 : 1));
  }
  const names = (jobs: Wire<V1Job>[]) => jobs.map((j) => j.metadata?.name);

  /** Waits until the manager's cache holds what the API server holds for this CronJob and its Jobs. */
  async function settle(name: string): Promise<void> {
    await eventually(async () => {
      const [cached, stored] = await Promise.all([client.get(CronJob, { namespace, name }), getCronJob(name)]);
      if (cached.metadata?.resourceVersion !== stored.metadata?.resourceVersion) return false;
      const cachedJobs = await client.list(Job, { namespace, matchingFields: { [jobOwnerKey]: name } });
      const version = (jobs: Wire<V1Job>[]) => jobs.map((j) => `${j.metadata?.name}@${j.metadata?.resourceVersion}`).sort();
      return jsonEqual(version(cachedJobs), version(await jobsOf(name)));
    }, `the cache to catch up with ${name}`);
  }

  /** Moves the clock and reconciles the CronJob once it is settled; returns the reconcile's result. */
  async function reconcileAt(name: string, time: Date) {
    clock.set(time);
    for (;;) {
      await settle(name);
      try {
        return await reconciler.reconcile({ namespace, name }, { log: log.withName('test'), signal: new AbortController().signal, reconcileID: 'test' });
      } catch (err) {
        // The running controller wrote the status in between: settle and decide again.
        if (!isConflict(err)) throw err;
      }
    }
  }

  /** Plays the Job controller: the Job ran from `started` and finished. */
  async function finishJob(job: Wire<V1Job>, outcome: 'Complete' | 'Failed', started: Date): Promise<void> {
    const at = rfc3339(plus(started, 1000));
    // As the Job controller writes them: kube-apiserver refuses Complete without SuccessCriteriaMet, Failed without FailureTarget.
    const conditions = [outcome === 'Complete' ? 'SuccessCriteriaMet' : 'FailureTarget', outcome].map((type) => ({ type, status: 'True', lastProbeTime: at, lastTransitionTime: at }));
    const status = outcome === 'Complete' ? { conditions, startTime: rfc3339(started), completionTime: at, succeeded: 1 } : { conditions, startTime: rfc3339(started), failed: 1 };
    await client.status().patch(Job, job, { status }, { type: 'merge' });
  }

  it('creates a Job at each scheduled time, from the template, with the scheduled-at annotation', async () => {
    const cronJob = await createCronJob('every-minute');
    const created = new Date(cronJob.metadata!.creationTimestamp!);
    const first = nextMinute(created);

    // Before the first run: nothing to start, come back when it is due.
    const early = plus(first, -5_000);
    const result = await reconcileAt('every-minute', early);
    expect(result.requeueAfter).toBe(5_000);
    expect(await jobsOf('every-minute')).toEqual([]);

    await reconcileAt('every-minute', plus(first, 10_000));
    const [job] = await jobsOf('every-minute');
    expect(job?.metadata?.name).toBe(`every-minute-${unix(first)}`);
    expect(job?.metadata?.annotations).toEqual({ [scheduledTimeAnnotation]: rfc3339(first) });
    // The template's containers, plus what the API server defaults in a Job's pod template.
    expect(job?.spec?.template.spec?.containers).toMatchObject(jobTemplate.spec!.template.spec!.containers);
    expect(getControllerOf(job)).toMatchObject({ apiVersion: 'batch.tutorial.kubebuilder.io/v1', kind: 'CronJob', name: 'every-minute', uid: cronJob.metadata?.uid });

    // A minute later, with concurrency allowed, a second Job runs beside the first.
    const second = plus(first, minute);
    await reconcileAt('every-minute', plus(second, 1_000));
    expect(names(await jobsOf('every-minute'))).toEqual([`every-minute-${unix(first)}`, `every-minute-${unix(second)}`]);

    const status = (await eventually(async () => {
      const c = await getCronJob('every-minute');
      return c.status?.active?.length === 2 && c;
    }, 'both Jobs active in the status')).status!;
    expect(status.lastScheduleTime).toBe(rfc3339(second));
    expect(status.active?.map((r) => r.name).sort()).toEqual(names(await jobsOf('every-minute')));
    expect(status.conditions?.find((c) => c.type === 'Available')).toMatchObject({ status: 'True', reason: 'JobsActive' });
  });

  it('updates the status from the Jobs: finished Jobs leave the active list, failures make it Degraded', async () => {
    const cronJob = await createCronJob('status');
    const first = nextMinute(new Date(cronJob.metadata!.creationTimestamp!));
    await reconcileAt('status', plus(first, 1_000));
    await reconcileAt('status', plus(first, minute + 1_000));
    const [a, b] = await jobsOf('status');

    await finishJob(a, 'Complete', first);
    // The Job watch brings the controller back on its own.
    const oneActive = await eventually(async () => {
      const c = await getCronJob('status');
      return c.status?.active?.length === 1 && c;
    }, 'one active Job');
    expect(oneActive.status?.active?.[0]?.name).toBe(b?.metadata?.name);

    await finishJob(b, 'Failed', plus(first, minute));
    const degraded = await eventually(async () => {
      const c = await getCronJob('status');
      return c.status?.active === undefined && c.status?.conditions?.find((x) => x.type === 'Degraded')?.status === 'True' && c;
    }, 'no active Job and Degraded');
    expect(degraded.status?.conditions?.find((x) => x.type === 'Degraded')).toMatchObject({ reason: 'JobsFailed', message: '1 job(s) have failed' });
    expect(degraded.status?.conditions?.find((x) => x.type === 'Available')).toMatchObject({ status: 'False', reason: 'JobsFailed' });
    expect(degraded.status?.lastScheduleTime).toBe(rfc3339(plus(first, minute)));
  });

  it('prunes finished Jobs beyond the history limits, oldest first', async () => {
    const cronJob = await createCronJob('history', { successfulJobsHistoryLimit: 2, failedJobsHistoryLimit: 1 });
    const first = nextMinute(new Date(cronJob.metadata!.creationTimestamp!));
    const runs = [0, 1, 2, 3, 4].map((i) => plus(first, i * minute));
    for (const run of runs) await reconcileAt('history', plus(run, 1_000));
    const jobs = await jobsOf('history');
    expect(jobs).toHaveLength(5);

    // Runs 0, 1 and 3 succeed; 2 and 4 fail.
    for (const [i, job] of jobs.entries()) await finishJob(job, i === 2 || i === 4 ? 'Failed' : 'Complete', runs[i]);
    await reconcileAt('history', plus(runs[4], 2_000));
    expect(names(await jobsOf('history'))).toEqual([`history-${unix(runs[1])}`, `history-${unix(runs[3])}`, `history-${unix(runs[4])}`]);
  });

  it('starts nothing while suspended, and only the latest missed run once resumed', async () => {
    const cronJob = await createCronJob('suspended', { suspend: true });
    const first = nextMinute(new Date(cronJob.metadata!.creationTimestamp!));
    const result = await reconcileAt('suspended', plus(first, 3 * minute + 1_000));
    expect(result).toEqual({});
    expect(await jobsOf('suspended')).toEqual([]);
    expect((await getCronJob('suspended')).status?.conditions?.find((c) => c.type === 'Available')).toMatchObject({ status: 'False', reason: 'Suspended' });

    await client.patch(CronJob, await getCronJob('suspended'), { spec: { suspend: false } }, { type: 'merge' });
    await reconcileAt('suspended', plus(first, 3 * minute + 2_000));
    expect(names(await jobsOf('suspended'))).toEqual([`suspended-${unix(plus(first, 3 * minute))}`]);
  });

  it('Forbid: skips a run while a Job is active, and starts the missed run once it has finished', async () => {
    const cronJob = await createCronJob('forbid', { concurrencyPolicy: 'Forbid' });
    const first = nextMinute(new Date(cronJob.metadata!.creationTimestamp!));
    await reconcileAt('forbid', plus(first, 1_000));
    const second = plus(first, minute);
    await reconcileAt('forbid', plus(second, 1_000));
    const [only] = await jobsOf('forbid');
    expect(names(await jobsOf('forbid'))).toEqual([`forbid-${unix(first)}`]);

    await finishJob(only, 'Complete', first);
    await reconcileAt('forbid', plus(second, 2_000));
    expect(names(await jobsOf('forbid'))).toEqual([`forbid-${unix(first)}`, `forbid-${unix(second)}`]);
  });

  it('Replace: deletes the active Job and starts the new run in its place', async () => {
    const cronJob = await createCronJob('replace', { concurrencyPolicy: 'Replace' });
    const first = nextMinute(new Date(cronJob.metadata!.creationTimestamp!));
    await reconcileAt('replace', plus(first, 1_000));
    const second = plus(first, minute);
    await reconcileAt('replace', plus(second, 1_000));
    expect(names(await jobsOf('replace'))).toEqual([`replace-${unix(second)}`]);
  });

  it('Allow (the default the schema gives): runs overlap', async () => {
    const cronJob = await createCronJob('allow');
    expect(cronJob.spec.concurrencyPolicy).toBe('Allow');
    const first = nextMinute(new Date(cronJob.metadata!.creationTimestamp!));
    await reconcileAt('allow', plus(first, 1_000));
    await reconcileAt('allow', plus(first, minute + 1_000));
    expect(await jobsOf('allow')).toHaveLength(2);
  });

  it('does not start a run whose starting deadline has passed, but starts the next one in time', async () => {
    const cronJob = await createCronJob('deadline', { startingDeadlineSeconds: 10 });
    const first = nextMinute(new Date(cronJob.metadata!.creationTimestamp!));
    // 30 s late for the first run: past its 10 s deadline.
    const late = await reconcileAt('deadline', plus(first, 30_000));
    expect(await jobsOf('deadline')).toEqual([]);
    expect(late.requeueAfter).toBe(30_000);

    const second = plus(first, minute);
    await reconcileAt('deadline', plus(second, 5_000));
    expect(names(await jobsOf('deadline'))).toEqual([`deadline-${unix(second)}`]);
  });

  it('reports a schedule it cannot parse as Degraded and starts nothing', async () => {
    // Without the validating webhook (not installed here) the schema accepts any string.
    const cronJob = await createCronJob('bad-schedule', { schedule: 'every minute' });
    const first = nextMinute(new Date(cronJob.metadata!.creationTimestamp!));
    expect(await reconcileAt('bad-schedule', plus(first, minute))).toEqual({});
    expect(await jobsOf('bad-schedule')).toEqual([]);
    const degraded = (await getCronJob('bad-schedule')).status?.conditions?.find((c) => c.type === 'Degraded');
    expect(degraded).toMatchObject({ status: 'True', reason: 'InvalidSchedule' });
    expect(degraded?.message).toContain('expected exactly 5 fields, found 2');
  });

  it('runs on its own: the manager reconciles a new CronJob and requeues for the next run', async () => {
    // The clock already past a run when the CronJob appears: the running controller starts it
    // without any direct reconcile.
    const cronJob = await createCronJob('by-itself');
    const first = nextMinute(new Date(cronJob.metadata!.creationTimestamp!));
    clock.set(plus(first, 1_000));
    await client.patch(CronJob, cronJob, { metadata: { annotations: { nudge: '1' } } }, { type: 'merge' });
    const [job] = await eventually(async () => {
      const jobs = await jobsOf('by-itself');
      return jobs.length > 0 && jobs;
    }, 'the controller to start the due run');
    expect(job.metadata?.annotations?.[scheduledTimeAnnotation]).toBe(rfc3339(first));
  });
});
