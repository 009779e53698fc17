/**
 * The validation of built-in kinds that operators most often trip over in a real cluster, with
 * kube-apiserver's messages, by kind: one file per area (pod specs, workloads, ...).
 */
import type { KubeObject } from '../object.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import { podSpecErrors } from './pod-spec.js';
import { jobErrors, workloadErrors } from './workloads.js';

export const BUILTIN_VALIDATION: Record<string, (obj: KubeObject) => FieldCause[]> = {
  Pod: (o) => podSpecErrors(o.spec, 'spec'),
  Deployment: (o) => workloadErrors(o, true),
  ReplicaSet: (o) => workloadErrors(o, true),
  StatefulSet: (o) => workloadErrors(o, true),
  DaemonSet: (o) => workloadErrors(o, true),
  Job: jobErrors,
};
