/**
 * What kube-apiserver sets on a new Pod beyond scheme defaults: its admission plugins
 * DefaultTolerationSeconds (tolerate not-ready and unreachable nodes for 300 s) and Priority
 * (priority 0, preemptionPolicy PreemptLowerPriority, without a priorityClassName), the Pending
 * phase, and the QoS class the registry computes from the containers' resources. On update the
 * two plugins run again: the tolerations are added back, priority and preemptionPolicy kept.
 * The pod strategy also makes a negative terminationGracePeriodSeconds 1.
 */
import { childObject, isPlainObject, setDefault, type KubeObject } from '../model/object.js';

const NODE_TAINTS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];

function addDefaultTolerations(spec: Record<string, unknown>): void {
  const tolerations = Array.isArray(spec.tolerations) ? [...(spec.tolerations as Record<string, unknown>[])] : [];
  for (const key of NODE_TAINTS) {
    const covered = tolerations.some((t) => {
      if (!isPlainObject(t)) return false;
      const anyKey = t.operator === 'Exists' && (t.key === undefined || t.key === '');
      return (anyKey || t.key === key) && (t.effect === undefined || t.effect === '' || t.effect === 'NoExecute');
    });
    if (!covered) tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
  }
  spec.tolerations = tolerations;
}

/** Guaranteed, Burstable or BestEffort (v1qos.GetPodQOS), from cpu and memory requests and limits. */
function qosClass(spec: Record<string, unknown>): string {
  const containers = [
    ...((spec.containers as Record<string, unknown>[] | undefined) ?? []),
    ...((spec.initContainers as Record<string, unknown>[] | undefined) ?? []),
  ];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const resources = (isPlainObject(c) && isPlainObject(c.resources) ? c.resources : {}) as {
      requests?: Record<string, string>;
      limits?: Record<string, string>;
    };
    const requests = resources.requests ?? {};
    const limits = resources.limits ?? {};
    for (const r of ['cpu', 'memory']) {
      if (requests[r] !== undefined || limits[r] !== undefined) any = true;
      if (limits[r] === undefined || (requests[r] !== undefined && requests[r] !== limits[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

export function podCreateDefaults(pod: KubeObject): void {
  const spec = childObject(pod, 'spec');
  addDefaultTolerations(spec);
  // A negative grace period is taken as 1 second, not refused: the kubelet never honoured less.
  if (typeof spec.terminationGracePeriodSeconds === 'number' && spec.terminationGracePeriodSeconds < 0) spec.terminationGracePeriodSeconds = 1;
  if (spec.priorityClassName === undefined || spec.priorityClassName === '') {
    setDefault(spec, 'priority', 0);
    setDefault(spec, 'preemptionPolicy', 'PreemptLowerPriority');
  }
  const status = childObject(pod, 'status');
  setDefault(status, 'phase', 'Pending');
  setDefault(status, 'qosClass', qosClass(spec));
}

/** DefaultTolerationSeconds and Priority admission of a Pod update (the body may leave out what they set at create). */
export function podUpdateAdmission(current: KubeObject, next: KubeObject): void {
  const spec = childObject(next, 'spec');
  addDefaultTolerations(spec);
  const old = isPlainObject(current.spec) ? current.spec : {};
  for (const key of ['priority', 'preemptionPolicy']) if (spec[key] === undefined && old[key] !== undefined) spec[key] = old[key];
}
