/**
 * What built-in validation compares and prints the way kube-apiserver does: apimachinery's
 * semantic equality (a nil and an empty list or map are equal) and Go's `%#v` of the few typed
 * values its messages show (label maps, label selectors, string slices).
 */
import { deepEqual } from '../../../kube/json-values.js';
import { isPlainObject } from '../object.js';
import { invalidField } from '../status.js';
import type { FieldCause } from '../../../kube/field-errors.js';

/** A JSON value without the fields Go would hold as nil or empty (absent, null, [] and {}). */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(withoutEmpty);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const kept = withoutEmpty(v);
      if (kept !== undefined) out[key] = kept;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  return value === null ? undefined : value;
}

/** apiequality.Semantic.DeepEqual on decoded JSON: nil and empty lists and maps are equal. */
export function semanticEqual(a: unknown, b: unknown): boolean {
  return deepEqual(withoutEmpty(a) ?? null, withoutEmpty(b) ?? null);
}

/** Go's %#v of a map[string]string, keys sorted (nil prints typed). */
export function goStringMap(map: unknown): string {
  if (!isPlainObject(map)) return 'map[string]string(nil)';
  const entries = Object.keys(map).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(String(map[k]))}`);
  return `map[string]string{${entries.join(', ')}}`;
}

/** Go's %#v of a []string (nil prints typed). */
export function goStringSlice(values: unknown): string {
  if (!Array.isArray(values)) return '[]string(nil)';
  return `[]string{${values.map((v) => JSON.stringify(String(v))).join(', ')}}`;
}

/** Go's %#v of a metav1.LabelSelector, as a field error shows a selector. */
export function goLabelSelector(selector: Record<string, unknown>): string {
  const expressions = Array.isArray(selector.matchExpressions)
    ? `[]v1.LabelSelectorRequirement{${selector.matchExpressions
        .filter(isPlainObject)
        .map((e) => `v1.LabelSelectorRequirement{Key:${JSON.stringify(String(e.key ?? ''))}, Operator:${JSON.stringify(String(e.operator ?? ''))}, Values:${goStringSlice(e.values)}}`)
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${goStringMap(selector.matchLabels)}, MatchExpressions:${expressions}}`;
}

/** FieldImmutableErrorMsg, as apivalidation.ValidateImmutableField reports a changed field. */
export const FIELD_IMMUTABLE = 'field is immutable';

/** apivalidation.ValidateImmutableField: `rendered` prints the new value as Go would. */
export function immutableField(field: string, value: unknown, old: unknown, rendered?: string): FieldCause[] {
  if (semanticEqual(value, old)) return [];
  if (rendered === undefined) return [invalidField(field, value ?? 'null', FIELD_IMMUTABLE)];
  return [{ reason: 'FieldValueInvalid', field, message: `Invalid value: ${rendered}: ${FIELD_IMMUTABLE}` }];
}

/** isNegativeErrorMsg, as apivalidation.ValidateNonnegativeField reports a negative number. */
export const NEGATIVE = 'must be greater than or equal to 0';

/** apivalidation.ValidateNonnegativeField, for a field that may be absent. */
export function nonnegativeField(field: string, value: unknown): FieldCause[] {
  return typeof value === 'number' && value < 0 ? [invalidField(field, value, NEGATIVE)] : [];
}
