/** Turns log values into JSON-safe data: errors as their message, no cycles, bigints as strings. */
export function toLoggable(value: unknown, seen = new WeakSet<object>()): unknown {
  if (value instanceof Error) return value.message;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  let result: unknown;
  if (Array.isArray(value)) {
    result = value.map((v) => toLoggable(v, seen));
  } else if (value instanceof Map) {
    result = Object.fromEntries([...value].map(([k, v]) => [String(k), toLoggable(v, seen)]));
  } else if (value instanceof Set) {
    result = [...value].map((v) => toLoggable(v, seen));
  } else {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toLoggable(v, seen);
    result = out;
  }
  seen.delete(value);
  return result;
}

/** The message of a thrown value, whatever was thrown. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(toLoggable(err));
  } catch {
    return String(err);
  }
}
