/**
 * What an update may change in a Pod's spec (ValidatePodUpdate in pkg/apis/core/validation): the
 * containers' and init containers' images, a shorter activeDeadlineSeconds, added tolerations (and
 * tolerationSeconds), removed scheduling gates, and terminationGracePeriodSeconds from a negative
 * value to 1.
 */
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { forbidden, invalid, required, type FieldCause } from '../../../kube/field-errors.js';
import { deepCopy } from '../../../kube/json-values.js';
import { objectDiff } from '../../../kube/object-diff.js';
import { semanticEqual } from './go-values.js';

type Obj = Record<string, unknown>;

const specOf = (obj: KubeObject): Obj => (isPlainObject(obj.spec) ? obj.spec : {});
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.map((v) => (isPlainObject(v) ? v : {})) : []);
const MAX_INT32 = 2147483647;

const UPDATABLE = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

/** ValidateContainerUpdates: as many containers as before, each with an image; undefined stops the checks. */
function containerUpdateErrors(containers: Obj[], old: Obj[], path: string): FieldCause[] | undefined {
  if (containers.length !== old.length) return undefined;
  const errors: FieldCause[] = [];
  containers.forEach((c, i) => {
    const image = typeof c.image === 'string' ? c.image : '';
    if (image === '') errors.push(required(`${path}[${i}].image`, ''));
    if (image.trim().length !== image.length) errors.push(invalid(`${path}[${i}].image`, image, 'must not have leading or trailing whitespace'));
  });
  return errors;
}

export function podUpdateErrors(obj: KubeObject, old: KubeObject): FieldCause[] {
  const spec = specOf(obj);
  const oldSpec = specOf(old);
  const errors: FieldCause[] = [];
  for (const key of ['containers', 'initContainers']) {
    const found = containerUpdateErrors(list(spec[key]), list(oldSpec[key]), `spec.${key}`);
    if (!found) return [...errors, forbidden(`spec.${key}`, 'pod updates may not add or remove containers')];
    errors.push(...found);
  }
  const deadline = spec.activeDeadlineSeconds;
  if (typeof deadline === 'number') {
    if (deadline < 0 || deadline > MAX_INT32) return [...errors, invalid('spec.activeDeadlineSeconds', deadline, `must be between 0 and ${MAX_INT32}, inclusive`)];
    if (typeof oldSpec.activeDeadlineSeconds === 'number' && oldSpec.activeDeadlineSeconds < deadline) {
      return [...errors, invalid('spec.activeDeadlineSeconds', deadline, 'must be less than or equal to previous value')];
    }
  } else if (typeof oldSpec.activeDeadlineSeconds === 'number') {
    errors.push(invalid('spec.activeDeadlineSeconds', 'null', 'must not update from a positive integer to nil value'));
  }
  // validateOnlyAddedTolerations: every old toleration is still there, but for its tolerationSeconds.
  const tolerations = list(spec.tolerations);
  const kept = list(oldSpec.tolerations).every((o) => tolerations.some((t) => semanticEqual({ ...o, tolerationSeconds: t.tolerationSeconds }, t)));
  if (!kept) errors.push(forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds'));
  // validateOnlyDeletedSchedulingGates.
  const oldGates = new Set(list(oldSpec.schedulingGates).map((g) => g.name));
  list(spec.schedulingGates).forEach((gate, i) => {
    if (!oldGates.has(gate.name)) errors.push(forbidden(`spec.schedulingGates[${i}].name`, `only deletion is allowed, but found new scheduling gate '${String(gate.name)}'`));
  });
  // The spec with what may change taken from the old one: what is left must be equal.
  const munged = deepCopy(spec);
  for (const key of ['containers', 'initContainers']) {
    const olds = list(oldSpec[key]);
    if (Array.isArray(munged[key])) munged[key] = list(munged[key]).map((c, i) => ({ ...c, image: olds[i]?.image }));
  }
  munged.activeDeadlineSeconds = oldSpec.activeDeadlineSeconds;
  munged.schedulingGates = oldSpec.schedulingGates;
  munged.tolerations = oldSpec.tolerations;
  const grace = munged.terminationGracePeriodSeconds;
  if (typeof oldSpec.terminationGracePeriodSeconds === 'number' && oldSpec.terminationGracePeriodSeconds < 0 && grace === 1) {
    munged.terminationGracePeriodSeconds = oldSpec.terminationGracePeriodSeconds;
  }
  if (!semanticEqual(munged, oldSpec)) {
    // Go diffs its internal PodSpec (Go field names, every field); this diffs the v1 JSON.
    errors.push(forbidden('spec', `pod updates may not change fields other than ${UPDATABLE.join(',')}\n${objectDiff(oldSpec, munged)}`));
  }
  return errors;
}
