/**
 * The validation of built-in kinds that operators most often trip over in a real cluster, with
 * kube-apiserver's messages, by kind: one file per area (pod specs, workloads, jobs, cron jobs,
 * services, claims, ConfigMap and Secret data, Events, Leases, RBAC roles). Each gets the object and, on update, the stored one (immutable fields).
 */
import type { KubeObject } from '../../model/object.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import { podSpecErrors } from './pod-spec.js';
import { podUpdateErrors } from './pod-update.js';
import { selectorUpdateErrors, statefulSetUpdateErrors, workloadErrors } from './workloads.js';
import { jobErrors, jobUpdateErrors } from './jobs.js';
import { cronJobErrors } from './cron-jobs.js';
import { serviceErrors, serviceUpdateErrors } from './service.js';
import { persistentVolumeClaimUpdateErrors } from './persistent-volume-claim.js';
import { configMapErrors, secretErrors } from './config-data.js';
import { eventErrors } from './events.js';
import { leaseErrors } from './lease.js';
import { clusterRoleErrors, roleErrors } from './rbac.js';
import { isDNS1035Label, isDNS1123Label } from '../../../kube/dns-names.js';

export type BuiltinValidation = (obj: KubeObject, old: KubeObject | undefined) => FieldCause[];

export const BUILTIN_VALIDATION: Record<string, BuiltinValidation> = {
  Pod: (o, old) => [...podSpecErrors(o.spec, 'spec'), ...(old ? podUpdateErrors(o, old) : [])],
  Service: (o, old) => [...(old ? serviceUpdateErrors(o, old) : []), ...serviceErrors(o, old)],
  PersistentVolumeClaim: (o, old) => (old ? persistentVolumeClaimUpdateErrors(o, old) : []),
  Deployment: (o, old) => [...workloadErrors(o, 'Deployment'), ...(old ? selectorUpdateErrors(o, old) : [])],
  ReplicaSet: (o, old) => [...workloadErrors(o, 'ReplicaSet'), ...(old ? selectorUpdateErrors(o, old) : [])],
  StatefulSet: (o, old) => [...workloadErrors(o, 'StatefulSet'), ...(old ? statefulSetUpdateErrors(o, old) : [])],
  DaemonSet: (o, old) => [...workloadErrors(o, 'DaemonSet'), ...(old ? selectorUpdateErrors(o, old) : [])],
  Job: (o, old) => [...jobErrors(o, old), ...(old ? jobUpdateErrors(o, old) : [])],
  CronJob: cronJobErrors,
  ConfigMap: configMapErrors,
  Secret: secretErrors,
  Event: eventErrors,
  Lease: leaseErrors,
  Role: roleErrors,
  ClusterRole: clusterRoleErrors,
};

/**
 * The kinds whose names are not DNS-1123 subdomains, by `<group>/<kind>`: a Service's name is a
 * DNS-1035 label (ValidateServiceName), a StatefulSet's a DNS-1123 label (its pods' hostnames).
 */
export const BUILTIN_NAME_RULES: Record<string, (name: string) => string[]> = {
  '/Service': isDNS1035Label,
  'apps/StatefulSet': isDNS1123Label,
  // A CRD's name is checked once, by its own validation (src/apiextensions/validation names.ts: a subdomain that is plural.group).
  'apiextensions.k8s.io/CustomResourceDefinition': () => [],
};
