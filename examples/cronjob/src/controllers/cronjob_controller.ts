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

// The CronJob controller of the kubebuilder book, step by step: load the CronJob, list its Jobs
// and rebuild the status from them, prune the history, honour suspend, work out the runs from the
// schedule, start the due run under the concurrency policy and within the deadline, and requeue
// for the next run.
import type { V1Condition, V1Job, V1ObjectReference } from '@kubernetes/client-node';
import {
  type Client,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  type Scheme,
  Job,
  controllerManagedBy,
  getControllerOf,
  ignoreNotFound,
  isAlreadyExists,
  jsonEqual,
  setControllerReference,
  setStatusCondition,
  type Wire,
} from 'kubescaffolder/runtime';
import { CronJob, ForbidConcurrent, GroupVersion, ReplaceConcurrent } from '../../api/v1/index.js';
import { type Clock, realClock } from './clock.js';
import { getNextSchedule } from './next_schedule.js';

/** On each Job: the run it was created for, RFC 3339. The status's lastScheduleTime is rebuilt from it. */
export const scheduledTimeAnnotation = 'batch.tutorial.kubebuilder.io/scheduled-at';

/** The field index of Jobs by the name of the CronJob controlling them. */
export const jobOwnerKey = '.metadata.controller';

/** Condition types, as in the book. */
export const typeAvailableCronJob = 'Available';
export const typeProgressingCronJob = 'Progressing';
export const typeDegradedCronJob = 'Degraded';

// +kubebuilder:rbac:groups=batch.tutorial.kubebuilder.io,resources=cronjobs,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=batch.tutorial.kubebuilder.io,resources=cronjobs/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=batch.tutorial.kubebuilder.io,resources=cronjobs/finalizers,verbs=update
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=batch,resources=jobs/status,verbs=get

/** CronJobReconciler reconciles a CronJob object. */
export class CronJobReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme, readonly clock: Clock = realClock) {}

  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    const log = ctx.log;

    // 1: Load the CronJob by name.
    let cronJob: CronJob;
    try {
      cronJob = await this.client.get(CronJob, req);
    } catch (err) {
      // Deleted: its Jobs go with it (owner references).
      return ignoreNotFound(err) ?? {};
    }
    if (!cronJob.status?.conditions?.length) {
      cronJob = await this.writeStatus(cronJob, { type: typeProgressingCronJob, status: 'Unknown', reason: 'Reconciling', message: 'Starting reconciliation' });
    }

    // 2: List the Jobs it owns (through the field index) and rebuild the status from them.
    const childJobs = await this.client.list(Job, { namespace: req.namespace, matchingFields: { [jobOwnerKey]: req.name } });
    const activeJobs: Wire<V1Job>[] = [];
    const successfulJobs: Wire<V1Job>[] = [];
    const failedJobs: Wire<V1Job>[] = [];
    let mostRecentTime: Date | undefined;
    for (const job of childJobs) {
      const finished = finishedType(job);
      if (finished === undefined) activeJobs.push(job);
      else if (finished === 'Failed') failedJobs.push(job);
      else successfulJobs.push(job);

      const scheduledAt = scheduledTimeForJob(job);
      if (scheduledAt === null) {
        log.error(new Error(`bad ${scheduledTimeAnnotation} annotation`), 'unable to parse schedule time for child job', { job: job.metadata?.name });
        continue;
      }
      if (scheduledAt && (!mostRecentTime || mostRecentTime < scheduledAt)) mostRecentTime = scheduledAt;
    }
    log.v(1).info('job count', { 'active jobs': activeJobs.length, 'successful jobs': successfulJobs.length, 'failed jobs': failedJobs.length });

    const status = structuredClone(cronJob.status ?? {});
    if (mostRecentTime) status.lastScheduleTime = rfc3339(mostRecentTime);
    else delete status.lastScheduleTime;
    // The schema asks for at least one item when the list is there.
    if (activeJobs.length > 0) status.active = activeJobs.map(referenceTo);
    else delete status.active;
    status.conditions ??= [];
    for (const condition of stateConditions(cronJob.spec.suspend === true, activeJobs.length, failedJobs.length)) {
      setStatusCondition(status.conditions, condition);
    }
    if (!jsonEqual(status, cronJob.status)) {
      cronJob.status = status;
      cronJob = await this.client.status().update(CronJob, cronJob);
    }

    // 3: Delete the oldest finished Jobs beyond the history limits (best effort: no retry for it).
    for (const [jobs, limit, what] of [
      [failedJobs, cronJob.spec.failedJobsHistoryLimit, 'failed'],
      [successfulJobs, cronJob.spec.successfulJobsHistoryLimit, 'successful'],
    ] as const) {
      if (limit === undefined) continue;
      const oldestFirst = [...jobs].sort(byStartTime);
      for (const job of oldestFirst.slice(0, Math.max(0, oldestFirst.length - limit))) {
        try {
          await this.client.delete(Job, job, { propagationPolicy: 'Background' });
          log.v(1).info(`deleted old ${what} job`, { job: job.metadata?.name });
        } catch (err) {
          if (ignoreNotFound(err) !== undefined) log.error(err, `unable to delete old ${what} job`, { job: job.metadata?.name });
        }
      }
    }

    // 4: A suspended CronJob starts nothing.
    if (cronJob.spec.suspend) {
      log.v(1).info('cronjob suspended, skipping');
      return {};
    }

    // 5: The run that is due, if any, and the next one.
    const now = this.clock.now();
    let runs;
    try {
      runs = getNextSchedule(cronJob, now);
    } catch (err) {
      log.error(err, 'unable to figure out CronJob schedule');
      await this.writeStatus(cronJob, { type: typeDegradedCronJob, status: 'True', reason: 'InvalidSchedule', message: `Failed to parse schedule: ${(err as Error).message}` });
      // Nothing to do until the schedule is fixed, which brings an update of its own.
      return {};
    }
    // 7 (prepared now, returned at each exit below): come back for the next run.
    const scheduledResult: Result = { requeueAfter: Math.max(0, runs.next.getTime() - now.getTime()) };
    const missedRun = runs.lastMissed;

    // 6: Start the due run, unless it is too late or the concurrency policy forbids it.
    if (!missedRun) {
      log.v(1).info('no upcoming scheduled times, sleeping until next', { next: runs.next.toISOString() });
      return scheduledResult;
    }
    const deadlineSeconds = cronJob.spec.startingDeadlineSeconds;
    if (deadlineSeconds !== undefined && missedRun.getTime() + deadlineSeconds * 1000 < now.getTime()) {
      log.v(1).info('missed starting deadline for last run, sleeping till next', { run: rfc3339(missedRun) });
      await this.writeStatus(cronJob, { type: typeDegradedCronJob, status: 'True', reason: 'MissedSchedule', message: `Missed starting deadline for run at ${rfc3339(missedRun)}` });
      return scheduledResult;
    }
    if (cronJob.spec.concurrencyPolicy === ForbidConcurrent && activeJobs.length > 0) {
      log.v(1).info('concurrency policy blocks concurrent runs, skipping', { 'num active': activeJobs.length });
      return scheduledResult;
    }
    if (cronJob.spec.concurrencyPolicy === ReplaceConcurrent) {
      for (const job of activeJobs) {
        await this.client.delete(Job, job, { propagationPolicy: 'Background' }).catch(ignoreNotFound);
      }
    }

    const job = constructJobForCronJob(cronJob, missedRun);
    try {
      await this.client.create(Job, job);
      log.v(1).info('created Job for CronJob run', { job: job.metadata?.name });
    } catch (err) {
      // The name is the run's, so this run was started already (our cache had not seen the Job yet).
      if (!isAlreadyExists(err)) {
        log.error(err, 'unable to create Job for CronJob', { job: job.metadata?.name });
        await this.writeStatus(cronJob, { type: typeDegradedCronJob, status: 'True', reason: 'JobCreationFailed', message: `Failed to create job: ${(err as Error).message}` });
        throw err;
      }
    }
    await this.writeStatus(cronJob, { type: typeProgressingCronJob, status: 'True', reason: 'JobCreated', message: `Created job ${job.metadata?.name}` });

    // 7: Requeue for the next run; the new Job's events bring us back sooner.
    return scheduledResult;
  }

  /** Sets one condition and writes the status; the stored object comes back. */
  private async writeStatus(cronJob: CronJob, condition: Omit<Wire<V1Condition>, 'lastTransitionTime'>): Promise<CronJob> {
    const conditions = (cronJob.status ??= {}).conditions ??= [];
    setStatusCondition(conditions, { ...condition, observedGeneration: cronJob.metadata?.generation });
    return this.client.status().update(CronJob, cronJob);
  }

  /**
   * Indexes Jobs by their controlling CronJob's name, so that step 2 finds a CronJob's Jobs without
   * filtering all of them, and watches Jobs so that their changes reconcile their CronJob.
   */
  async setupWithManager(mgr: Manager) {
    mgr.getFieldIndexer().indexField(Job, jobOwnerKey, (job) => {
      const owner = getControllerOf(job);
      if (!owner || owner.apiVersion !== `${GroupVersion.group}/${GroupVersion.version}` || owner.kind !== 'CronJob') return undefined;
      return [owner.name];
    });
    return controllerManagedBy(mgr).for(CronJob).owns(Job).named('cronjob').complete(this);
  }
}

/** `Complete` or `Failed` once a Job has finished; undefined while it runs. */
function finishedType(job: Wire<V1Job>): 'Complete' | 'Failed' | undefined {
  const finished = job.status?.conditions?.find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
  return finished?.type as 'Complete' | 'Failed' | undefined;
}

/** The run a Job was created for; undefined without the annotation, null when it does not parse. */
function scheduledTimeForJob(job: Wire<V1Job>): Date | undefined | null {
  const raw = job.metadata?.annotations?.[scheduledTimeAnnotation];
  if (!raw) return undefined;
  const time = new Date(raw);
  return Number.isNaN(time.getTime()) ? null : time;
}

function byStartTime(a: Wire<V1Job>, b: Wire<V1Job>): number {
  // Jobs not started yet sort first, as in the book.
  const ta = a.status?.startTime ? new Date(a.status.startTime).getTime() : -Infinity;
  const tb = b.status?.startTime ? new Date(b.status.startTime).getTime() : -Infinity;
  return ta === tb ? 0 : ta < tb ? -1 : 1;
}

function referenceTo(job: Wire<V1Job>): V1ObjectReference {
  return { apiVersion: 'batch/v1', kind: 'Job', name: job.metadata?.name, namespace: job.metadata?.namespace, uid: job.metadata?.uid, resourceVersion: job.metadata?.resourceVersion };
}

/** The conditions that describe the CronJob's Jobs (the book's order of precedence). */
function stateConditions(suspended: boolean, active: number, failed: number): Omit<Wire<V1Condition>, 'lastTransitionTime'>[] {
  if (suspended) return [{ type: typeAvailableCronJob, status: 'False', reason: 'Suspended', message: 'CronJob is suspended' }];
  if (failed > 0) {
    const message = `${failed} job(s) have failed`;
    return [
      { type: typeDegradedCronJob, status: 'True', reason: 'JobsFailed', message },
      { type: typeAvailableCronJob, status: 'False', reason: 'JobsFailed', message },
    ];
  }
  if (active > 0) {
    return [
      { type: typeProgressingCronJob, status: 'True', reason: 'JobsActive', message: `${active} job(s) are currently active` },
      { type: typeAvailableCronJob, status: 'True', reason: 'JobsActive', message: `CronJob is progressing with ${active} active job(s)` },
    ];
  }
  return [
    { type: typeAvailableCronJob, status: 'True', reason: 'AllJobsCompleted', message: 'All jobs have completed successfully' },
    { type: typeProgressingCronJob, status: 'False', reason: 'NoJobsActive', message: 'No jobs are currently active' },
  ];
}

/**
 * The Job for one run: the template's spec, labels and annotations, the scheduled-at annotation,
 * and the CronJob as its controller. The name is derived from the run's time, so that one run
 * can never start two Jobs.
 */
export function constructJobForCronJob(cronJob: CronJob, scheduledTime: Date): Wire<V1Job> {
  const template = cronJob.spec.jobTemplate;
  const job: Wire<V1Job> = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: `${cronJob.metadata?.name}-${Math.floor(scheduledTime.getTime() / 1000)}`,
      namespace: cronJob.metadata?.namespace,
      ...(template.metadata?.labels ? { labels: { ...template.metadata.labels } } : {}),
      annotations: { ...template.metadata?.annotations, [scheduledTimeAnnotation]: rfc3339(scheduledTime) },
    },
    spec: structuredClone(template.spec),
  };
  setControllerReference(cronJob, job, CronJob);
  return job;
}

/** metav1.Time's form: RFC 3339 to the second, in UTC. */
function rfc3339(time: Date): string {
  return time.toISOString().replace(/\.\d+Z$/, 'Z');
}
