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
  V1CustomResourceDefinition,
  V1MutatingWebhookConfiguration,
  V1ValidatingWebhookConfiguration,
} from '@kubernetes/client-node';
import { builtinResource } from '../../kube/builtin-resources.js';
import { defineKind } from './kind.js';
import { Scheme } from './scheme.js';

/** A kind's descriptor fields from the built-in resource list the test API server also serves. */
function builtin(group: string, kind: string) {
  const { version, resource, namespaced } = builtinResource(group, kind);
  return { group, version, kind, plural: resource, namespaced };
}

export const Pod = defineKind<V1Pod>(builtin('', 'Pod'));
export const Service = defineKind<V1Service>(builtin('', 'Service'));
export const ConfigMap = defineKind<V1ConfigMap>(builtin('', 'ConfigMap'));
export const Secret = defineKind<V1Secret>(builtin('', 'Secret'));
export const Event = defineKind<CoreV1Event>(builtin('', 'Event'));
export const Namespace = defineKind<V1Namespace>(builtin('', 'Namespace'));
export const ServiceAccount = defineKind<V1ServiceAccount>(builtin('', 'ServiceAccount'));
export const Deployment = defineKind<V1Deployment>(builtin('apps', 'Deployment'));
export const ReplicaSet = defineKind<V1ReplicaSet>(builtin('apps', 'ReplicaSet'));
export const StatefulSet = defineKind<V1StatefulSet>(builtin('apps', 'StatefulSet'));
export const DaemonSet = defineKind<V1DaemonSet>(builtin('apps', 'DaemonSet'));
export const Job = defineKind<V1Job>(builtin('batch', 'Job'));
/** batch/v1 CronJob (named so that it does not clash with a project's own CronJob kind). */
export const CronJobV1 = defineKind<V1CronJob>(builtin('batch', 'CronJob'));
export const Lease = defineKind<V1Lease>(builtin('coordination.k8s.io', 'Lease'));

// Cluster set-up kinds (not in builtinScheme: operators seldom watch them): `make run` installs webhooks with them.
export const CustomResourceDefinition = defineKind<V1CustomResourceDefinition>(builtin('apiextensions.k8s.io', 'CustomResourceDefinition'));
export const MutatingWebhookConfiguration = defineKind<V1MutatingWebhookConfiguration>(builtin('admissionregistration.k8s.io', 'MutatingWebhookConfiguration'));
export const ValidatingWebhookConfiguration = defineKind<V1ValidatingWebhookConfiguration>(builtin('admissionregistration.k8s.io', 'ValidatingWebhookConfiguration'));

export const builtinKinds = [
  Pod, Service, ConfigMap, Secret, Event, Namespace, ServiceAccount,
  Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, CronJobV1, Lease,
] as const;

/** A scheme holding the built-in kinds; API packages add theirs with `addToScheme(scheme)`. */
export function builtinScheme(): Scheme {
  return new Scheme().add(...builtinKinds);
}
