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

import type { V1Condition, V1JobTemplateSpec, V1ObjectReference } from '@kubernetes/client-node';
import type { ListMeta, ObjectMeta, Time, int32, int64, Wire } from 'kubescaffolder/runtime';
import { defineKind } from 'kubescaffolder/runtime';
import { GroupVersion } from './groupversion_info.js';

/** CronJobSpec defines the desired state of CronJob. */
export interface CronJobSpec {
  /** schedule in Cron format, see https://en.wikipedia.org/wiki/Cron. */
  // +kubebuilder:validation:MinLength=0
  // +required
  schedule: string;

  /**
   * startingDeadlineSeconds defines in seconds for starting the job if it misses scheduled
   * time for any reason.  Missed jobs executions will be counted as failed ones.
   */
  // +optional
  // +kubebuilder:validation:Minimum=0
  startingDeadlineSeconds?: int64;

  /**
   * concurrencyPolicy specifies how to treat concurrent executions of a Job.
   * Valid values are:
   * - "Allow" (default): allows CronJobs to run concurrently;
   * - "Forbid": forbids concurrent runs, skipping next run if previous run hasn't finished yet;
   * - "Replace": cancels currently running job and replaces it with a new one
   */
  // +optional
  // +kubebuilder:default:=Allow
  concurrencyPolicy?: ConcurrencyPolicy;

  /**
   * suspend tells the controller to suspend subsequent executions, it does
   * not apply to already started executions.  Defaults to false.
   */
  // +optional
  suspend?: boolean;

  /** jobTemplate defines the job that will be created when executing a CronJob. */
  // +required
  jobTemplate: Wire<V1JobTemplateSpec>;

  /**
   * successfulJobsHistoryLimit defines the number of successful finished jobs to retain.
   * Left out, every finished job is kept (the defaulting webhook sets 3).
   */
  // +optional
  // +kubebuilder:validation:Minimum=0
  successfulJobsHistoryLimit?: int32;

  /**
   * failedJobsHistoryLimit defines the number of failed finished jobs to retain.
   * Left out, every finished job is kept (the defaulting webhook sets 1).
   */
  // +optional
  // +kubebuilder:validation:Minimum=0
  failedJobsHistoryLimit?: int32;
}

/**
 * ConcurrencyPolicy describes how the job will be handled.
 * Only one of the following concurrent policies may be specified.
 * If none of the following policies is specified, the default one
 * is AllowConcurrent.
 */
// +kubebuilder:validation:Enum=Allow;Forbid;Replace
export type ConcurrencyPolicy = 'Allow' | 'Forbid' | 'Replace';

/** AllowConcurrent allows CronJobs to run concurrently. */
export const AllowConcurrent: ConcurrencyPolicy = 'Allow';
/** ForbidConcurrent forbids concurrent runs, skipping next run if previous hasn't finished yet. */
export const ForbidConcurrent: ConcurrencyPolicy = 'Forbid';
/** ReplaceConcurrent cancels currently running job and replaces it with a new one. */
export const ReplaceConcurrent: ConcurrencyPolicy = 'Replace';

/** CronJobStatus defines the observed state of CronJob. */
export interface CronJobStatus {
  /** active defines a list of pointers to currently running jobs. */
  // +optional
  // +listType=atomic
  // +kubebuilder:validation:MinItems=1
  // +kubebuilder:validation:MaxItems=10
  active?: V1ObjectReference[];

  /** lastScheduleTime defines when was the last time the job was successfully scheduled. */
  // +optional
  lastScheduleTime?: Time;

  /**
   * conditions represent the current state of the CronJob resource.
   * Each condition has a unique type and reflects the status of a specific aspect of the resource.
   *
   * Standard condition types include:
   * - "Available": the resource is fully functional
   * - "Progressing": the resource is being created or updated
   * - "Degraded": the resource failed to reach or maintain its desired state
   *
   * The status of each condition is one of True, False, or Unknown.
   */
  // +listType=map
  // +listMapKey=type
  // +optional
  conditions?: Wire<V1Condition>[];
}

// +kubebuilder:storageversion
// +kubebuilder:conversion:hub
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

/** CronJob is the Schema for the cronjobs API. */
export interface CronJob {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  /** spec defines the desired state of CronJob. */
  // +required
  spec: CronJobSpec;
  /** status defines the observed state of CronJob. */
  status?: CronJobStatus;
}

// +kubebuilder:object:root=true

/** CronJobList contains a list of CronJob. */
export interface CronJobList {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: CronJob[];
}

/** The CronJob kind descriptor: what controllers, clients and webhooks take. */
export const CronJob = defineKind<CronJob>({ ...GroupVersion, kind: 'CronJob', plural: 'cronjobs', namespaced: true });
