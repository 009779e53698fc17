/** Descriptors of the built-in kinds that operators commonly read, own or write. */
import type {
  CoreV1Event,
  V1ConfigMap,
  V1CronJob,
  V1DaemonSet,
  V1Deployment,
  V1Job,
  V1Lease,
  V1Namespace,
  V1Pod,
  V1ReplicaSet,
  V1Secret,
  V1Service,
  V1ServiceAccount,
  V1StatefulSet,
} from '@kubernetes/client-node';
import { defineKind } from './kind.js';
import { Scheme } from './scheme.js';

const core = { group: '', version: 'v1' };
const apps = { group: 'apps', version: 'v1' };
const batch = { group: 'batch', version: 'v1' };

export const Pod = defineKind<V1Pod>({ ...core, kind: 'Pod', plural: 'pods', namespaced: true });
export const Service = defineKind<V1Service>({ ...core, kind: 'Service', plural: 'services', namespaced: true });
export const ConfigMap = defineKind<V1ConfigMap>({ ...core, kind: 'ConfigMap', plural: 'configmaps', namespaced: true });
export const Secret = defineKind<V1Secret>({ ...core, kind: 'Secret', plural: 'secrets', namespaced: true });
export const Event = defineKind<CoreV1Event>({ ...core, kind: 'Event', plural: 'events', namespaced: true });
export const Namespace = defineKind<V1Namespace>({ ...core, kind: 'Namespace', plural: 'namespaces', namespaced: false });
export const ServiceAccount = defineKind<V1ServiceAccount>({ ...core, kind: 'ServiceAccount', plural: 'serviceaccounts', namespaced: true });
export const Deployment = defineKind<V1Deployment>({ ...apps, kind: 'Deployment', plural: 'deployments', namespaced: true });
export const ReplicaSet = defineKind<V1ReplicaSet>({ ...apps, kind: 'ReplicaSet', plural: 'replicasets', namespaced: true });
export const StatefulSet = defineKind<V1StatefulSet>({ ...apps, kind: 'StatefulSet', plural: 'statefulsets', namespaced: true });
export const DaemonSet = defineKind<V1DaemonSet>({ ...apps, kind: 'DaemonSet', plural: 'daemonsets', namespaced: true });
export const Job = defineKind<V1Job>({ ...batch, kind: 'Job', plural: 'jobs', namespaced: true });
/** batch/v1 CronJob (named so that it does not clash with a project's own CronJob kind). */
export const CronJobV1 = defineKind<V1CronJob>({ ...batch, kind: 'CronJob', plural: 'cronjobs', namespaced: true });
export const Lease = defineKind<V1Lease>({ group: 'coordination.k8s.io', version: 'v1', kind: 'Lease', plural: 'leases', namespaced: true });

export const builtinKinds = [
  Pod, Service, ConfigMap, Secret, Event, Namespace, ServiceAccount,
  Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, CronJobV1, Lease,
] as const;

/** A scheme holding the built-in kinds; API packages add theirs with `addToScheme(scheme)`. */
export function builtinScheme(): Scheme {
  return new Scheme().add(...builtinKinds);
}
