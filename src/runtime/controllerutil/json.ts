import { deepCopy, deepEqual } from '../../kube/json-values.js';

/** JSON values as API objects hold them. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** A deep copy through JSON, as the object would travel to the API server (Dates become strings, undefined vanishes). */
export function jsonClone<T>(value: T): T {
  return deepCopy(value);
}

/** Equality of two values as JSON (what the API server would store), ignoring key order and undefined fields. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return deepEqual(jsonClone(a), jsonClone(b));
}

/**
 * The RFC 7386 JSON merge patch that turns `before` into `after`: changed and new fields,
 * `null` for removed ones; arrays are replaced whole.
 */
export function createMergePatch(before: unknown, after: unknown): Record<string, Json> {
  const from = jsonClone(before);
  const to = jsonClone(after);
  if (!isPlainObject(from) || !isPlainObject(to)) throw new Error('createMergePatch: both values must be objects');
  return diffObjects(from as Record<string, Json>, to as Record<string, Json>);
}

function diffObjects(from: Record<string, Json>, to: Record<string, Json>): Record<string, Json> {
  const patch: Record<string, Json> = {};
  for (const key of Object.keys(from)) {
    if (!(key in to)) patch[key] = null;
  }
  for (const [key, value] of Object.entries(to)) {
    const old = from[key];
    if (!(key in from)) {
      patch[key] = value;
    } else if (isPlainObject(old) && isPlainObject(value)) {
      const nested = diffObjects(old, value);
      if (Object.keys(nested).length > 0) patch[key] = nested;
    } else if (!deepEqual(old, value)) {
      patch[key] = value;
    }
  }
  return patch;
}

/** Replaces the contents of `target` with those of `source`, keeping `target`'s identity (closures see the change). */
export function replaceContents(target: object, source: object): void {
  for (const key of Object.keys(target)) delete (target as Record<string, unknown>)[key];
  Object.assign(target, source);
}
