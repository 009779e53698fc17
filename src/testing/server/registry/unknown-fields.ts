/**
 * Server-side field validation (the fieldValidation query parameter): fields a custom resource's
 * schema (or a built-in kind's type) does not declare, and keys a body names twice, are dropped
 * silently (Ignore), reported as warnings (Warn, the default), or refuse the request (Strict), as
 * kube-apiserver's strict decoding does.
 */
import { deepCopy } from '../../../kube/json-values.js';
import { goJSON, goQuote } from '../../../kube/go-format.js';
import { MANAGED_FIELDS_ENTRY_FIELD_ORDER, OBJECT_META_FIELD_ORDER, OWNER_REFERENCE_FIELD_ORDER } from '../../../kube/go-struct-order.js';
import { isPlainObject, type KubeObject } from '../../model/object.js';
import type { CompiledSchema } from '../../../apiextensions/schema/index.js';
import { invalidStatus, badRequestStatus } from '../../../kube/status.js';
import { dropUnknownObjectMetaFields } from '../../../apiextensions/schema/object-meta.js';
import { StatusError } from '../../model/status.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

export function parseFieldValidation(value: string | null): FieldValidation {
  if (value === null || value === '' || value === 'Warn') return 'Warn';
  if (value === 'Ignore' || value === 'Strict') return value;
  throw new StatusError(badRequestStatus(`fieldValidation must be one of "Ignore", "Warn", "Strict"; got ${JSON.stringify(value)}`));
}

/**
 * Paths of the fields a custom resource's schema does not declare (`spec.bogus`,
 * `spec.items[0].x`) and of those its metadata has beside an ObjectMeta's, sorted; the metadata
 * ones are dropped from `obj` (the schema's are pruned later).
 */
export function unknownFields(schema: CompiledSchema, obj: KubeObject): string[] {
  const { metadata, ...rest } = obj;
  const paths = dropUnknownObjectMetaFields(metadata);
  schema.prune(deepCopy(rest), paths);
  return paths.sort();
}

/** What strict decoding reports: each key named twice (once), then each unknown field, in that order. */
export function strictDecodingErrors(duplicates: readonly string[], unknown: readonly string[]): string[] {
  return [...new Set(duplicates)].map((p) => `duplicate field ${JSON.stringify(p)}`).concat(unknown.map((p) => `unknown field ${JSON.stringify(p)}`));
}

/**
 * Applies the policy to strict decoding errors: Strict refuses the request (400, or for a patch
 * 422 naming the patched object's JSON, `patched`), Warn adds them to the warnings.
 */
export function applyFieldValidation(
  errors: string[],
  obj: KubeObject,
  policy: FieldValidation,
  version: string,
  warnings: string[] | undefined,
  patched?: string,
): void {
  if (policy === 'Ignore' || errors.length === 0) return;
  if (policy === 'Warn') {
    warnings?.push(...errors);
    return;
  }
  const message = `strict decoding error: ${errors.join(', ')}`;
  if (patched !== undefined) throw new StatusError(invalidStatus('', '', '', [{ reason: 'FieldValueInvalid', field: 'patch', message: `Invalid value: ${goQuote(patched)}: ${message}` }]));
  throw new StatusError(badRequestStatus(`${String(obj.kind)} in version ${JSON.stringify(version)} cannot be handled as a ${String(obj.kind)}: ${message}`));
}

/** The metav1 structs of a built-in object, by their path (`*` an index), with their fields in Go order. */
const METAV1_STRUCTS: [path: string, fields: readonly string[]][] = [
  ['metadata', OBJECT_META_FIELD_ORDER],
  ['metadata.managedFields.*', MANAGED_FIELDS_ENTRY_FIELD_ORDER],
  ['metadata.ownerReferences.*', OWNER_REFERENCE_FIELD_ORDER],
];

/**
 * The JSON kube-apiserver's patcher quotes as a patched object. The patch library decodes the
 * containers a patch reaches into maps, which Go encodes with keys sorted; the rest keeps the
 * encoding of the stored object, in which a built-in object's structs have their Go field order
 * (known here for metav1's: metadata, its managedFields entries and ownerReferences; others are
 * written sorted, as the API data records no struct order). `touched` names the containers the
 * patch reached (paths of keys and indexes, the root included); without it every container but a
 * managedFields entry counts as reached.
 */
export function patchedObjectJSON(obj: KubeObject, builtin: boolean, touched?: readonly (readonly string[])[]): string {
  const reached = touched === undefined ? undefined : new Set(touched.map((p) => p.join('\u0000')));
  const isReached = (path: string[]) => path.length === 0 || (reached ? reached.has(path.join('\u0000')) : !(path.length === 3 && path[0] === 'metadata' && path[1] === 'managedFields'));
  const structOrder = (path: string[]) => {
    if (!builtin) return undefined;
    const pattern = path.map((p, i) => (i > 0 && /^\d+$/.test(p) ? '*' : p)).join('.');
    return METAV1_STRUCTS.find(([p]) => p === pattern)?.[1];
  };
  const encode = (value: unknown, path: string[], stored: boolean): string => {
    const fromStore = stored || !isReached(path);
    if (Array.isArray(value)) return `[${value.map((v, i) => encode(v, [...path, String(i)], fromStore)).join(',')}]`;
    if (!isPlainObject(value)) return goJSON(value);
    const order = fromStore ? structOrder(path) : undefined;
    const keys = order ? [...order.filter((k) => k in value), ...Object.keys(value).filter((k) => !order.includes(k)).sort()] : Object.keys(value).sort();
    return `{${keys.filter((k) => value[k] !== undefined).map((k) => `${goJSON(k)}:${encode(value[k], [...path, k], fromStore)}`).join(',')}}`;
  };
  return encode(obj, [], false);
}
