/**
 * How long a deleted Pod stays marked before it goes (the pod strategy's CheckGracefulDelete): the
 * grace period the delete asks for, else the pod's terminationGracePeriodSeconds; none for a pod
 * that no node runs (not scheduled) or that has ended, and at least 1 second otherwise.
 */
import { isPlainObject, type KubeObject } from '../model/object.js';

export function podGracePeriod(pod: KubeObject, requested: number | undefined): number {
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  const status = isPlainObject(pod.status) ? pod.status : {};
  let period = requested ?? (typeof spec.terminationGracePeriodSeconds === 'number' ? spec.terminationGracePeriodSeconds : 0);
  if (typeof spec.nodeName !== 'string' || spec.nodeName === '') period = 0;
  if (status.phase === 'Failed' || status.phase === 'Succeeded') period = 0;
  return period < 0 ? 1 : period;
}
