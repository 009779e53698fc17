/**
 * What a built-in object holds before anything is set: the Go zero value of its type as
 * encoding/json writes it. Structs that are not pointers are always there (`status: {}`, a
 * template's `metadata: {}`), and so are fields without omitempty (`containers: null`).
 * kube-apiserver serves objects with these filled in, and its field manager compares a create
 * against them: a map or list already there in the zero value is not "added" by the writer, so
 * the writer's managedFields carry no `.` entry for it.
 */
import { isPlainObject, type JSONObject, type KubeObject } from '../model/object.js';

const podSpec = { containers: null };
const podTemplate = { metadata: {}, spec: podSpec };

/** By `group/Kind` (core: `/Kind`): the zero value, apart from metadata. `null` marks a field present as null (never filled in). */
const ZERO_VALUES: Record<string, JSONObject> = {
  '/Pod': { spec: podSpec, status: {} },
  '/PodTemplate': { template: podTemplate },
  '/ReplicationController': { spec: {}, status: { replicas: 0 } },
  '/Service': { spec: {}, status: { loadBalancer: {} } },
  '/Namespace': { spec: {}, status: {} },
  '/PersistentVolumeClaim': { spec: { resources: {} }, status: {} },
  'apps/Deployment': { spec: { selector: null, template: podTemplate, strategy: {} }, status: {} },
  'apps/ReplicaSet': { spec: { selector: null, template: podTemplate }, status: { replicas: 0 } },
  'apps/StatefulSet': { spec: { selector: null, template: podTemplate, updateStrategy: {} }, status: { replicas: 0, availableReplicas: 0 } },
  'apps/DaemonSet': { spec: { selector: null, template: podTemplate, updateStrategy: {} }, status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 } },
  'batch/Job': { spec: { template: podTemplate }, status: {} },
  'batch/CronJob': { spec: { jobTemplate: { metadata: {}, spec: { template: podTemplate } } }, status: {} },
  'coordination.k8s.io/Lease': { spec: {} },
  'apiextensions.k8s.io/CustomResourceDefinition': { spec: { names: {} }, status: { acceptedNames: { kind: '', plural: '' } } },
  '/Event': { involvedObject: {}, source: {}, reportingComponent: '', reportingInstance: '', firstTimestamp: null, lastTimestamp: null, eventTime: null },
  'events.k8s.io/Event': { deprecatedSource: {}, deprecatedFirstTimestamp: null, deprecatedLastTimestamp: null, eventTime: null },
};

/**
 * Fields written as null when unset, by `group/Kind`: Times without omitempty (or whose struct
 * omitempty cannot omit), which encoding/json writes as null.
 */
const NULL_WHEN_UNSET: Record<string, string[]> = {
  '/Event': ['eventTime', 'firstTimestamp', 'lastTimestamp'],
  'events.k8s.io/Event': ['eventTime', 'deprecatedFirstTimestamp', 'deprecatedLastTimestamp'],
};

/** The zero value of a built-in kind (without metadata); undefined for kinds not listed and custom resources. */
export function zeroValueOf(group: string, kind: string): JSONObject | undefined {
  return ZERO_VALUES[`${group}/${kind}`];
}

/**
 * Fills in what the zero value of the built-in kind `group/kind` has and `obj` lacks (objects and
 * scalars; nulls stay out, but for the fields written as null when unset).
 */
export function fillZeroValues(obj: KubeObject | JSONObject, group: string, kind: string): void {
  fillFrom(obj as JSONObject, zeroValueOf(group, kind));
  for (const field of NULL_WHEN_UNSET[`${group}/${kind}`] ?? []) if ((obj as JSONObject)[field] === undefined) (obj as JSONObject)[field] = null;
}

function fillFrom(target: JSONObject, zero: JSONObject | undefined): void {
  if (!zero) return;
  for (const [key, value] of Object.entries(zero)) {
    if (value === null) continue;
    if (isPlainObject(value)) {
      if (target[key] === undefined) target[key] = {};
      if (isPlainObject(target[key])) fillFrom(target[key], value);
    } else if (target[key] === undefined) target[key] = value;
  }
}
