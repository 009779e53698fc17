/**
 * Server-side field validation (the fieldValidation query parameter): fields a custom resource's
 * schema (or a built-in kind's type) does not declare, and keys a body names twice, are dropped
 * silently (Ignore), reported as warnings (Warn, the default), or refuse the request (Strict), as
 * kube-apiserver's strict decoding does.
 */
import { deepCopy } from '../../../kube/json-values.js';
import { goJSON, goJSONInOrder, goQuote } from '../../../kube/go-format.js';
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

/** A managedFields entry's fields in the order of their Go struct (ManagedFieldsEntry). */
const MANAGED_FIELDS_ENTRY = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource'];

/**
 * The JSON kube-apiserver's patcher quotes as a patched object: Go's encoding of maps (keys
 * sorted); a built-in object's managedFields entries keep their struct's field order, as the
 * patch left that encoding of the stored object as it was. (Other structs the patch did not touch
 * keep theirs too, which the API data does not record.)
 */
export function patchedObjectJSON(obj: KubeObject, builtin: boolean): string {
  if (!builtin || !isPlainObject(obj.metadata) || !Array.isArray(obj.metadata.managedFields)) return goJSON(obj);
  const entries = obj.metadata.managedFields.map((e) => (isPlainObject(e) ? `{${MANAGED_FIELDS_ENTRY.filter((k) => e[k] !== undefined).map((k) => `${goJSON(k)}:${goJSON(e[k])}`).join(',')}}` : goJSON(e)));
  // A placeholder string stands for the entries in the sorted encoding, then is replaced by them.
  const marker = `\u0000managedFields\u0000`;
  const text = goJSON({ ...obj, metadata: { ...obj.metadata, managedFields: marker } });
  return text.replace(goJSONInOrder(marker), () => `[${entries.join(',')}]`);
}
