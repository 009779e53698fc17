/** Plain JSON value helpers shared by validation, list-type checks and ratcheting. */
import type { SchemaNode } from './node.js';

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

/**
 * The old element an element of a new list corresponds to: only lists of type map correlate
 * (by their keys), as for validation ratcheting and CEL transition rules.
 */
export function correlateListItem(node: SchemaNode, item: unknown, oldList: unknown[]): unknown {
  if (node.schema['x-kubernetes-list-type'] !== 'map' || !isObject(item)) return undefined;
  const keys = node.schema['x-kubernetes-list-map-keys'] ?? [];
  if (keys.length === 0) return undefined;
  return oldList.find((o) => isObject(o) && keys.every((k) => deepEqual(o[k], item[k])));
}

export function deepCopy<T>(v: T): T {
  return v === undefined ? v : (structuredClone(v) as T);
}
