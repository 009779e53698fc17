/*
Copyright 2026 The xxx-controllers Authors.

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

import type { V1Condition, V1Job } from '@kubernetes/client-node';
import {
  type Client,
  type EventRecorder,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  type Scheme,
  Job,
  addFinalizer,
  containsFinalizer,
  controllerManagedBy,
  getControllerOf,
  ignoreNotFound,
  isAlreadyExists,
  jsonEqual,
  removeFinalizer,
  setControllerReference,
  setStatusCondition,
  type ConditionUpdate,
  type Wire,
} from 'kubescaffolder/runtime';
import { Xxx, type XxxStatus } from '../../api/v1alpha1/index.js';
import { type JobRole, type JobState, buildCommand, commandOf, deleteJobName, jobFor, jobRoleLabel, jobState, xxxNameLabel } from './build_jobs.js';

/** Held until the Job that removes the binary from the node has succeeded. */
export const finalizerName = 'job.finalizers.test.inspur.com';

/** `Built`: the binary of the current spec is on the node. `Removed`: the delete Job's progress. */
export const conditionBuilt = 'Built';
export const conditionRemoved = 'Removed';

// Exactly what reconcile uses: it updates Xxxes (the finalizer) and their status, sets owner
// references that block deletion (xxxes/finalizers), never changes a Job in place, and records events.
// +kubebuilder:rbac:groups=test.inspur.com,resources=xxxes,verbs=get;list;watch;update
// +kubebuilder:rbac:groups=test.inspur.com,resources=xxxes/status,verbs=update
// +kubebuilder:rbac:groups=test.inspur.com,resources=xxxes/finalizers,verbs=update
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;list;watch;create;delete
// +kubebuilder:rbac:groups="",resources=events,verbs=create;patch

/**
 * XxxReconciler keeps one build Job per Xxx, made from its current spec: it creates the Job, and
 * when the spec changes it deletes the old Job and creates one with the new command. On deletion
 * it runs `<jobName>-delete` to remove the binary from the node and lets the Xxx go only once that
 * Job has succeeded. Every Job is owned by its Xxx, so garbage collection removes them with it.
 */
export class XxxReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme, readonly recorder: EventRecorder) {}

  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    let xxx: Xxx;
    try {
      xxx = await this.client.get(Xxx, req);
    } catch (err) {
      // Deleted: the owner references let garbage collection remove its Jobs.
      return ignoreNotFound(err) ?? {};
    }

    if (xxx.metadata?.deletionTimestamp) return this.finalize(xxx, ctx);

    if (addFinalizer(xxx, finalizerName)) {
      xxx = await this.client.update(Xxx, xxx);
    }

    const jobs = await this.ownedJobs(xxx, 'build');
    const command = buildCommand(xxx.spec);
    let current: Wire<V1Job> | undefined;
    for (const job of jobs) {
      if (job.metadata?.name === xxx.spec.jobName && commandOf(job) === command && !job.metadata?.deletionTimestamp) {
        current = job;
        continue;
      }
      // A Job for an older spec: its command (or name) is no longer what the spec asks for.
      if (job.metadata?.deletionTimestamp) continue;
      ctx.log.info('spec changed, deleting the old build Job', { job: job.metadata?.name });
      await this.client.delete(Job, job, { propagationPolicy: 'Background' }).catch(ignoreNotFound);
      this.recorder.eventf(xxx, 'Normal', 'DeletedJob', 'Deleted build Job %s, made for an older spec', job.metadata?.name);
    }

    current ??= await this.createJob(xxx, 'build', ctx);
    if (!current) return this.jobNameTaken(xxx, xxx.spec.jobName);
    const job = current;
    await this.updateStatus(xxx, (status) => {
      status.job = { apiVersion: 'batch/v1', kind: 'Job', name: job.metadata?.name, namespace: job.metadata?.namespace, uid: job.metadata?.uid };
      status.command = command;
      status.observedGeneration = xxx.metadata?.generation;
      setStatusCondition(status.conditions!, builtCondition(jobState(job), job, xxx.metadata?.generation));
    });
    return {};
  }

  /** The Xxx is being deleted: remove the binary from the node, then release the finalizer. */
  private async finalize(xxx: Xxx, ctx: ReconcileContext): Promise<Result> {
    if (!containsFinalizer(xxx, finalizerName)) return {};

    // A build still running would copy the binary back after the delete Job removed it.
    for (const job of await this.ownedJobs(xxx, 'build')) {
      if (job.metadata?.deletionTimestamp) continue;
      await this.client.delete(Job, job, { propagationPolicy: 'Background' }).catch(ignoreNotFound);
    }

    const deleteJob = (await this.ownedJobs(xxx, 'delete'))[0] ?? (await this.createJob(xxx, 'delete', ctx));
    if (!deleteJob) return this.jobNameTaken(xxx, deleteJobName(xxx.spec));

    const state = jobState(deleteJob);
    if (state === 'Succeeded') {
      ctx.log.info('binary removed, releasing the finalizer', { job: deleteJob.metadata?.name });
      this.recorder.eventf(xxx, 'Normal', 'Removed', 'Delete Job %s removed /opt/%s', deleteJob.metadata?.name, xxx.spec.binaryName);
      removeFinalizer(xxx, finalizerName);
      await this.client.update(Xxx, xxx);
      return {};
    }
    if (state === 'Failed') {
      this.recorder.eventf(xxx, 'Warning', 'RemoveFailed', 'Delete Job %s failed; the finalizer %s stays until /opt/%s is removed', deleteJob.metadata?.name, finalizerName, xxx.spec.binaryName);
    }
    await this.updateStatus(xxx, (status) => {
      setStatusCondition(status.conditions!, {
        type: conditionRemoved,
        status: state === 'Failed' ? 'False' : 'Unknown',
        reason: state === 'Failed' ? 'JobFailed' : 'JobRunning',
        message: `Job ${deleteJob.metadata?.name} removes /opt/${xxx.spec.binaryName}`,
        observedGeneration: xxx.metadata?.generation,
      });
    });
    // The Job's status changes come back through the Owns watch.
    return {};
  }

  /** Jobs of the given role controlled by this Xxx. */
  private async ownedJobs(xxx: Xxx, role: JobRole): Promise<Wire<V1Job>[]> {
    const jobs = await this.client.list(Job, {
      namespace: xxx.metadata?.namespace,
      labelSelector: { [xxxNameLabel]: xxx.metadata!.name!, [jobRoleLabel]: role },
    });
    return jobs.filter((job) => getControllerOf(job)?.uid === xxx.metadata?.uid);
  }

  /** Creates the Job, owned by the Xxx; undefined when a Job of that name belongs to someone else. */
  private async createJob(xxx: Xxx, role: JobRole, ctx: ReconcileContext): Promise<Wire<V1Job> | undefined> {
    const job = jobFor(xxx, role);
    setControllerReference(xxx, job, Xxx);
    try {
      const created = await this.client.create(Job, job);
      ctx.log.info('created Job', { job: job.metadata?.name, role });
      this.recorder.eventf(xxx, 'Normal', 'CreatedJob', 'Created %s Job %s', role, job.metadata?.name);
      return created;
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
    // Ours but not yet in the cache (e.g. an old Job of the same name still being deleted): try again
    // when its events arrive. Someone else's: report it and wait for the spec to change.
    const existing = await this.client.apiReader.get(Job, { namespace: job.metadata!.namespace, name: job.metadata!.name! });
    if (getControllerOf(existing)?.uid === xxx.metadata?.uid) throw new Error(`Job ${job.metadata?.name} is still being replaced`);
    return undefined;
  }

  private async jobNameTaken(xxx: Xxx, name: string): Promise<Result> {
    const message = `Job ${name} exists and does not belong to this Xxx; choose another jobName`;
    this.recorder.event(xxx, 'Warning', 'JobNameTaken', message);
    await this.updateStatus(xxx, (status) => {
      setStatusCondition(status.conditions!, { type: conditionBuilt, status: 'False', reason: 'JobNameTaken', message, observedGeneration: xxx.metadata?.generation });
    });
    return {};
  }

  /** Applies `change` to a copy of the status and writes it when it differs. */
  private async updateStatus(xxx: Xxx, change: (status: XxxStatus) => void): Promise<void> {
    const status: XxxStatus = structuredClone(xxx.status ?? {});
    status.conditions ??= [];
    change(status);
    if (jsonEqual(status, xxx.status ?? {})) return;
    xxx.status = status;
    await this.client.status().update(Xxx, xxx);
  }

  /** Watches Xxxes and the Jobs they own: a Job's status change reconciles its Xxx. */
  setupWithManager(mgr: Manager) {
    return controllerManagedBy(mgr).for(Xxx).owns(Job).named('xxx').complete(this);
  }
}

function builtCondition(state: JobState, job: Wire<V1Job>, generation: number | undefined): ConditionUpdate<Wire<V1Condition>> {
  const name = job.metadata?.name;
  const byState: Record<JobState, Pick<Wire<V1Condition>, 'status' | 'reason' | 'message'>> = {
    Running: { status: 'Unknown', reason: 'JobRunning', message: `Job ${name} is building the binary` },
    Succeeded: { status: 'True', reason: 'JobSucceeded', message: `Job ${name} copied the binary to /opt` },
    Failed: { status: 'False', reason: 'JobFailed', message: `Job ${name} failed` },
  };
  return { type: conditionBuilt, observedGeneration: generation, ...byState[state] };
}
