/**
 * A container's probes and lifecycle hooks (validateProbe, validateLifecycle): each names exactly
 * one way to act (an exec, an HTTP GET, ...), and a probe's counts and durations are not negative.
 */
import { isPlainObject } from '../../model/object.js';
import { forbidden, required, type FieldCause } from '../../../kube/field-errors.js';
import { nonnegativeField } from './go-values.js';

type Obj = Record<string, unknown>;

/** The handler kinds in the order kube-apiserver checks them: the first set one counts, the others are refused. */
const PROBE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'grpc'];
const LIFECYCLE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'sleep'];
const PROBE_COUNTS = ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'];
const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'];

function handlerErrors(handler: Obj, path: string, kinds: readonly string[]): FieldCause[] {
  const set = kinds.filter((kind) => handler[kind] !== undefined && handler[kind] !== null);
  if (set.length === 0) return [required(path, 'must specify a handler type')];
  return set.slice(1).map((kind) => forbidden(`${path}.${kind}`, 'may not specify more than 1 handler type'));
}

function probeErrors(probe: Obj, path: string): FieldCause[] {
  return [...handlerErrors(probe, path, PROBE_HANDLERS), ...PROBE_COUNTS.flatMap((field) => nonnegativeField(`${path}.${field}`, probe[field]))];
}

/** The probes and lifecycle hooks `container` declares. */
export function containerHandlerErrors(container: Obj, path: string): FieldCause[] {
  const errors: FieldCause[] = [];
  const lifecycle = container.lifecycle;
  if (isPlainObject(lifecycle)) {
    for (const hook of ['postStart', 'preStop']) {
      const handler = lifecycle[hook];
      if (isPlainObject(handler)) errors.push(...handlerErrors(handler, `${path}.lifecycle.${hook}`, LIFECYCLE_HANDLERS));
    }
  }
  for (const name of PROBES) {
    const probe = container[name];
    if (isPlainObject(probe)) errors.push(...probeErrors(probe, `${path}.${name}`));
  }
  return errors;
}
