/**
 * core/v1 Events and events.k8s.io/v1 Events are one stored resource with two shapes, as in
 * kube-apiserver: an event written through either API is read through both.
 */
import type { KubeObject } from '../model/object.js';

/** events.k8s.io/v1 field -> core/v1 field. */
const RENAMES: [string, string][] = [
  ['regarding', 'involvedObject'],
  ['note', 'message'],
  ['reportingController', 'reportingComponent'],
  ['deprecatedSource', 'source'],
  ['deprecatedFirstTimestamp', 'firstTimestamp'],
  ['deprecatedLastTimestamp', 'lastTimestamp'],
  ['deprecatedCount', 'count'],
];

function rename(obj: KubeObject, pairs: [string, string][], apiVersion: string): KubeObject {
  const out: KubeObject = { ...obj, apiVersion };
  for (const [from, to] of pairs) {
    if (from in out) {
      out[to] = out[from];
      delete out[from];
    }
  }
  return out;
}

export function eventsV1ToCore(obj: KubeObject): KubeObject {
  return rename(obj, RENAMES, 'v1');
}

export function coreToEventsV1(obj: KubeObject): KubeObject {
  return rename(obj, RENAMES.map(([a, b]) => [b, a]), 'events.k8s.io/v1');
}

/** events.k8s.io field selectors, read from the stored core shape. */
export const EVENTS_V1_FIELDS: Record<string, string> = {
  'regarding.kind': 'involvedObject.kind',
  'regarding.namespace': 'involvedObject.namespace',
  'regarding.name': 'involvedObject.name',
  'regarding.uid': 'involvedObject.uid',
  'regarding.apiVersion': 'involvedObject.apiVersion',
  'regarding.resourceVersion': 'involvedObject.resourceVersion',
  'regarding.fieldPath': 'involvedObject.fieldPath',
  reason: 'reason',
  reportingController: 'reportingComponent',
  type: 'type',
};
