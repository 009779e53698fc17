/**
 * How Go prints the values that appear in kube-apiserver's messages, so that ours read the same:
 * JSON integers decode to int64 and print plainly, other numbers are float64 (`%v` = shortest
 * `%g`, exponent from 1e+06), strings print with `%q`, compound values as Go's json.Marshal.
 */

/** Whether a decoded JSON number is what Go would hold as int64. */
export function isGoInt(n: number): boolean {
  return Number.isInteger(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER;
}

/** Go `%v` of a float64. */
export function goFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const [mantissa, expText] = v.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? '-' : '+';
    const digits = String(Math.abs(exp)).padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  // Fixed notation with the shortest digits, as JS prints numbers in this range.
  return String(v);
}

/** Go `%v` of a JSON number as the API server decoded it (int64 or float64). */
export function goNumber(n: number): string {
  return isGoInt(n) ? String(n) : goFloat(n);
}

/** Go `%q` (strconv.Quote) of a string. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    switch (ch) {
      case '"': out += '\\"'; continue;
      case '\\': out += '\\\\'; continue;
      case '\x07': out += '\\a'; continue;
      case '\b': out += '\\b'; continue;
      case '\f': out += '\\f'; continue;
      case '\n': out += '\\n'; continue;
      case '\r': out += '\\r'; continue;
      case '\t': out += '\\t'; continue;
      case '\v': out += '\\v'; continue;
    }
    if (code < 0x20 || code === 0x7f) out += '\\x' + code.toString(16).padStart(2, '0');
    else out += ch;
  }
  return out + '"';
}

/** Go's encoding/json Marshal: object keys sorted, HTML characters escaped. */
export function goJSON(value: unknown): string {
  return goJSONInOrder(sortKeys(value));
}

/**
 * Go's encoding/json Marshal (MarshalIndent with `indent` spaces) of a value whose keys are
 * already in Go's order (a struct's fields), HTML characters escaped.
 */
export function goJSONInOrder(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent) ?? 'null';
  return text.replace(/[<>&\u2028\u2029]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/**
 * Go's encoding/json Marshal of a struct without JSON tags (an internal API type): its fields,
 * each already marshalled, keyed by their Go names in declaration order.
 */
export function goJSONStruct(fields: readonly (readonly [goField: string, json: string])[]): string {
  return `{${fields.map(([k, v]) => `${goJSON(k)}:${v}`).join(',')}}`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** Go `%v` of a []interface{} holding decoded JSON values, as in `should be one of [a b]`. */
export function goSliceV(values: unknown[]): string {
  return '[' + values.map(goV).join(' ') + ']';
}

/** Go `%v` of a decoded JSON value. */
export function goV(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'number') return goNumber(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return goSliceV(value);
  const entries = Object.keys(value)
    .sort()
    .map((k) => `${k}:${goV((value as Record<string, unknown>)[k])}`);
  return `map[${entries.join(' ')}]`;
}

/** Go `%T` of a value in an object's unstructured form (JSON decoded with integers kept as int64). */
export function goTypeOf(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return isGoInt(value) ? 'int64' : 'float64';
  if (Array.isArray(value)) return '[]interface {}';
  return 'map[string]interface {}';
}
