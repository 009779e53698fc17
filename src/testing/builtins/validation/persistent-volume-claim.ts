/**
 * PersistentVolumeClaims (ValidatePersistentVolumeClaimUpdate in pkg/apis/core/validation): a
 * claim's spec is fixed at creation, but for its volumeName (set once, by the binder) and, once
 * bound, its storage request and volume attributes class; a request may shrink (to recover
 * from a failed expansion) but not to the capacity the claim has.
 */
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { forbidden, invalid, type FieldCause } from '../../../kube/field-errors.js';
import { deepCopy } from '../../../kube/json-values.js';
import { compareQuantities, formatQuantity, parseQuantity, type Quantity } from '../../../kube/quantity.js';
import { objectDiff } from '../../../kube/object-diff.js';
import { FIELD_IMMUTABLE, labelSelectorValue, semanticEqual, sortedMap } from './go-values.js';

type Obj = Record<string, unknown>;

const objectAt = (parent: unknown, key: string): Obj => (isPlainObject(parent) && isPlainObject(parent[key]) ? parent[key] : {});
const ZERO: Quantity = { digits: 0n, scale: 0, format: 'DecimalSI' };

function storage(map: Obj): Quantity {
  return typeof map.storage === 'string' ? (parseQuantity(map.storage) ?? ZERO) : typeof map.storage === 'number' ? (parseQuantity(String(map.storage)) ?? ZERO) : ZERO;
}

const orNull = (value: unknown) => (value === undefined ? null : value);

/** A ResourceList: quantities in their canonical text (Quantity's MarshalJSON). */
function resourceList(map: unknown): Record<string, unknown> | null {
  const sorted = sortedMap(map);
  if (!sorted) return null;
  for (const [name, value] of Object.entries(sorted)) {
    const q = parseQuantity(String(value));
    if (q) sorted[name] = formatQuantity(q);
  }
  return sorted;
}

/** The internal core.PersistentVolumeClaimSpec that diff.Diff marshals: Go field names (no JSON tags) in the struct's order. */
function internalClaimSpec(spec: Obj): Record<string, unknown> {
  const resources = objectAt(spec, 'resources');
  const source = isPlainObject(spec.dataSource) ? spec.dataSource : undefined;
  const sourceRef = isPlainObject(spec.dataSourceRef) ? spec.dataSourceRef : undefined;
  return {
    AccessModes: Array.isArray(spec.accessModes) ? spec.accessModes : null,
    Selector: isPlainObject(spec.selector) ? labelSelectorValue(spec.selector) : null,
    Resources: { Limits: resourceList(resources.limits), Requests: resourceList(resources.requests) },
    VolumeName: typeof spec.volumeName === 'string' ? spec.volumeName : '',
    StorageClassName: orNull(spec.storageClassName),
    VolumeMode: orNull(spec.volumeMode),
    DataSource: source ? { APIGroup: orNull(source.apiGroup), Kind: source.kind ?? '', Name: source.name ?? '' } : null,
    DataSourceRef: sourceRef ? { APIGroup: orNull(sourceRef.apiGroup), Kind: sourceRef.kind ?? '', Name: sourceRef.name ?? '', Namespace: orNull(sourceRef.namespace) } : null,
    VolumeAttributesClassName: orNull(spec.volumeAttributesClassName),
  };
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
  // Semantic equality compares quantities by value; the internal shapes print them canonically.
  if (!semanticEqual(internalClaimSpec(spec), internalClaimSpec(oldSpec))) {
    errors.push(forbidden('spec', `spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n${objectDiff(internalClaimSpec(oldSpec), internalClaimSpec(spec))}`));
  }
  const newSize = storage(objectAt(objectAt(objectAt(obj, 'spec'), 'resources'), 'requests'));
  const oldSize = storage(oldRequests);
  const capacity = storage(objectAt(objectAt(old, 'status'), 'capacity'));
  if (compareQuantities(newSize, oldSize) < 0 && compareQuantities(newSize, capacity) <= 0) {
    errors.push(forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  }
  const volumeMode = objectAt(obj, 'spec').volumeMode;
  if (!semanticEqual(volumeMode, objectAt(old, 'spec').volumeMode)) errors.push(invalid('volumeMode', volumeMode ?? 'null', FIELD_IMMUTABLE));
  return errors;
}
