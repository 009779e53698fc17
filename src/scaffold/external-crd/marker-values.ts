// Values written into `// +marker=value` comments so that the marker grammar (src/markers/grammar.ts)
// reads back exactly the value of the CRD: strings always quoted, lists and maps in braces.

/** A string as a marker value: a Go raw string when it can be one (patterns read better), else quoted. */
export function markerString(text: string): string {
  return !text.includes('`') && !/[\r\n]/.test(text) ? `\`${text}\`` : markerQuoted(text);
}

/** A double-quoted marker string: JSON's escapes are Go's (strconv.Unquote reads them). */
export function markerQuoted(text: string): string {
  return JSON.stringify(text);
}

/**
 * Any JSON value as an `any`-typed marker argument (`+kubebuilder:example`, `Enum` items):
 * `{a, b}` for a list, `{"k": v}` for a map. Empty lists and maps read back as `{}`, which the
 * grammar cannot tell apart; null has no marker form. Returns undefined for what cannot be written.
 */
export function markerAny(value: unknown): string | undefined {
  if (typeof value === 'string') return markerQuoted(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    const items = value.map(markerAny);
    return items.every((i) => i !== undefined) ? `{${items.join(', ')}}` : undefined;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return undefined;
    const items = entries.map(([k, v]) => [k, markerAny(v)] as const);
    return items.every(([, v]) => v !== undefined) ? `{${items.map(([k, v]) => `${markerQuoted(k)}: ${v}`).join(', ')}}` : undefined;
  }
  return undefined;
}
