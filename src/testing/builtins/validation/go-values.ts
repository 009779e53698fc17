/**
 * What built-in validation compares and prints the way kube-apiserver does: apimachinery's
 * semantic equality (a nil and an empty list or map are equal) and the bad values its messages
 * show, which apimachinery (1.34+) prints as json.Marshal writes the Go value (label maps, label
 * selectors, string slices; struct fields in their Go order).
 */
import { deepEqual } from '../../../kube/json-values.js';
import { goJSON, goJSONInOrder, goNumber, goQuote } from '../../../kube/go-format.js';
import { isPlainObject } from '../../model/object.js';
import { invalid, type FieldCause } from '../../../kube/field-errors.js';

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

/** json.Marshal of a map[string]string: keys sorted, a nil map null. */
export function stringMapJSON(map: unknown): string {
  return isPlainObject(map) ? goJSON(Object.fromEntries(Object.entries(map).map(([k, v]) => [k, String(v)]))) : 'null';
}

/** json.Marshal of a []string (a nil slice is null). */
export function stringSliceJSON(values: unknown): string {
  return Array.isArray(values) ? goJSON(values.map(String)) : 'null';
}

/** A map with its keys sorted, as json.Marshal writes a Go map. */
export function sortedMap(map: unknown): Record<string, unknown> | null {
  if (!isPlainObject(map)) return null;
  return Object.fromEntries(Object.keys(map).sort().map((key) => [key, map[key]]));
}

/** A metav1.LabelSelector as json.Marshal sees it: fields in the struct's order, empty ones left out (omitempty). */
export function labelSelectorValue(selector: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (isPlainObject(selector.matchLabels) && Object.keys(selector.matchLabels).length > 0) out.matchLabels = sortedMap(selector.matchLabels);
  if (Array.isArray(selector.matchExpressions) && selector.matchExpressions.length > 0) {
    out.matchExpressions = selector.matchExpressions.filter(isPlainObject).map((e) => ({
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the client's JSON values, as Go's decoder keeps them (strings)
      key: String(e.key ?? ''),
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- as above
      operator: String(e.operator ?? ''),
      ...(Array.isArray(e.values) && e.values.length > 0 ? { values: e.values.map(String) } : {}),
    }));
  }
  return out;
}

/** json.Marshal of a metav1.LabelSelector. */
export function labelSelectorJSON(selector: Record<string, unknown>): string {
  return goJSONInOrder(labelSelectorValue(selector));
}

/**
 * How field.Error prints a bad value (apimachinery 1.34+): strings quoted, numbers and booleans
 * bare, a nil pointer as "null", anything else as json.Marshal writes it.
 */
export function badValue(value: unknown): string {
  if (value === null || value === undefined) return '"null"';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number') return goNumber(value);
  if (typeof value === 'boolean') return String(value);
  return goJSON(value);
}

/** FieldImmutableErrorMsg, as apivalidation.ValidateImmutableField reports a changed field. */
export const FIELD_IMMUTABLE = 'field is immutable';

/** apivalidation.ValidateImmutableField: `rendered` prints the new value as Go would (else {@link badValue}). */
export function immutableField(field: string, value: unknown, old: unknown, rendered = badValue(value)): FieldCause[] {
  if (semanticEqual(value, old)) return [];
  return [{ reason: 'FieldValueInvalid', field, message: `Invalid value: ${rendered}: ${FIELD_IMMUTABLE}` }];
}

/** isNegativeErrorMsg, as apivalidation.ValidateNonnegativeField reports a negative number. */
export const NEGATIVE = 'must be greater than or equal to 0';

/** apivalidation.ValidateNonnegativeField, for a field that may be absent. */
export function nonnegativeField(field: string, value: unknown): FieldCause[] {
  return typeof value === 'number' && value < 0 ? [invalid(field, value, NEGATIVE)] : [];
}
