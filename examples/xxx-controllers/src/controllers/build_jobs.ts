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

// The two Jobs an Xxx leads to: the build Job that clones, builds and copies the binary to /opt on
// the node, and the delete Job that removes it again. Pure functions, so the tests can state the
// exact Job the controller must create.
import type { V1Job } from '@kubernetes/client-node';
import type { Wire } from 'kubescaffolder/runtime';
import type { Xxx, XxxSpec } from '../../api/v1alpha1/index.js';

/** The image both Jobs run: it has git, bash and the Go toolchain. */
export const builderImage = 'golang';

/** Labels on every Job the controller makes, so that it can list them. */
export const xxxNameLabel = 'test.inspur.com/xxx';
export const jobRoleLabel = 'test.inspur.com/job-role';
export type JobRole = 'build' | 'delete';

/** The node's directory that receives the binary. */
const hostDirectory = '/opt';

/** `git clone <gitUrl> <clonePath>; cd <clonePath>; <buildCommand>; cp <binaryName> /opt/` */
export function buildCommand(spec: XxxSpec): string {
  return `git clone ${spec.gitUrl} ${spec.clonePath}; cd ${spec.clonePath}; ${spec.buildCommand}; cp ${spec.binaryName} ${hostDirectory}/`;
}

/** Removes what the build Job copied to the node. */
export function deleteCommand(spec: XxxSpec): string {
  return `rm -f ${hostDirectory}/${spec.binaryName}`;
}

/** `<jobName>-delete` */
export function deleteJobName(spec: XxxSpec): string {
  return `${spec.jobName}-delete`;
}

/**
 * A Job running `bash -c <command>` in the builder image with the node's /opt mounted at /opt.
 * The owner reference is added by the controller.
 */
export function jobFor(xxx: Xxx, role: JobRole): Wire<V1Job> {
  const name = role === 'build' ? xxx.spec.jobName : deleteJobName(xxx.spec);
  const command = role === 'build' ? buildCommand(xxx.spec) : deleteCommand(xxx.spec);
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name,
      namespace: xxx.metadata?.namespace,
      labels: { [xxxNameLabel]: xxx.metadata!.name!, [jobRoleLabel]: role },
    },
    spec: {
      template: {
        spec: {
          restartPolicy: 'Never',
          containers: [
            {
              name: 'golang',
              image: builderImage,
              command: ['bash', '-c', command],
              volumeMounts: [{ name: 'host-opt', mountPath: hostDirectory }],
            },
          ],
          volumes: [{ name: 'host-opt', hostPath: { path: hostDirectory, type: 'DirectoryOrCreate' } }],
        },
      },
    },
  };
}

/** The shell command a Job made by jobFor runs. */
export function commandOf(job: Wire<V1Job>): string | undefined {
  return job.spec?.template.spec?.containers[0]?.command?.[2];
}

export type JobState = 'Running' | 'Succeeded' | 'Failed';

/** Where a Job stands, from the conditions the Job controller writes. */
export function jobState(job: Wire<V1Job>): JobState {
  const conditions = job.status?.conditions ?? [];
  if (conditions.some((c) => c.type === 'Complete' && c.status === 'True')) return 'Succeeded';
  if (conditions.some((c) => c.type === 'Failed' && c.status === 'True')) return 'Failed';
  return 'Running';
}
