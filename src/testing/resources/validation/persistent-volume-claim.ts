/**
 * PersistentVolumeClaims (ValidatePersistentVolumeClaimUpdate in pkg/apis/core/validation): a
 * claim's spec is fixed at creation, but for its volumeName (set once, by the binder) and, once
 * bound, its storage request and volume attributes class; a request may shrink (to recover
 * from a failed expansion) but not to the capacity the claim has.
 */
import { isPlainObject, type KubeObject } from '../object.js';
import { forbiddenField, invalidField } from '../status.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import { deepCopy } from '../../../kube/json-values.js';
import { compareQuantities, parseQuantity, type Quantity } from '../../../kube/quantity.js';
import { FIELD_IMMUTABLE, semanticEqual } from './go-values.js';

type Obj = Record<string, unknown>;

const objectAt = (parent: unknown, key: string): Obj => (isPlainObject(parent) && isPlainObject(parent[key]) ? parent[key] : {});
const ZERO: Quantity = { digits: 0n, scale: 0, format: 'DecimalSI' };

function storage(map: Obj): Quantity {
  return typeof map.storage === 'string' ? (parseQuantity(map.storage) ?? ZERO) : typeof map.storage === 'number' ? (parseQuantity(String(map.storage)) ?? ZERO) : ZERO;
}

/** The fields that differ, one `-`/`+` pair each (Go prints a go-cmp diff of the Go structs here). */
function specDiff(oldSpec: Obj, spec: Obj): string {
  const keys = [...new Set([...Object.keys(oldSpec), ...Object.keys(spec)])].sort();
  return keys
    .filter((key) => !semanticEqual(oldSpec[key], spec[key]))
    .map((key) => `-  ${key}: ${JSON.stringify(oldSpec[key] ?? null)}\n+  ${key}: ${JSON.stringify(spec[key] ?? null)}`)
    .join('\n');
}

export function persistentVolumeClaimUpdateErrors(obj: KubeObject, old: KubeObject): FieldCause[] {
  const spec = deepCopy(objectAt(obj, 'spec'));
  const oldSpec = deepCopy(objectAt(old, 'spec'));
  const errors: FieldCause[] = [];
  if (!oldSpec.volumeName) oldSpec.volumeName = spec.volumeName;
  const bound = objectAt(obj, 'status').phase === 'Bound';
  const requests = objectAt(objectAt(spec, 'resources'), 'requests');
  const oldRequests = objectAt(objectAt(oldSpec, 'resources'), 'requests');
  if (bound && isPlainObject(objectAt(spec, 'resources').requests)) requests.storage = oldRequests.storage;
  if (bound && spec.volumeAttributesClassName != null) spec.volumeAttributesClassName = oldSpec.volumeAttributesClassName;
  if (!semanticEqual(spec, oldSpec)) {
    errors.push(forbiddenField('spec', `spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n${specDiff(oldSpec, spec)}`));
  }
  const newSize = storage(objectAt(objectAt(objectAt(obj, 'spec'), 'resources'), 'requests'));
  const oldSize = storage(oldRequests);
  const capacity = storage(objectAt(objectAt(old, 'status'), 'capacity'));
  if (compareQuantities(newSize, oldSize) < 0 && compareQuantities(newSize, capacity) <= 0) {
    errors.push(forbiddenField('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  }
  const volumeMode = objectAt(obj, 'spec').volumeMode;
  if (!semanticEqual(volumeMode, objectAt(old, 'spec').volumeMode)) errors.push(invalidField('volumeMode', volumeMode ?? 'null', FIELD_IMMUTABLE));
  return errors;
}
