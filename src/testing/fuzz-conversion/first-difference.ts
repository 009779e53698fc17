/** The first place two JSON values differ, as a path (`.spec.schedule`, `.spec.items[2]`), depth first in key order. */
import { deepEqual, isJsonObject } from '../../kube/json-values.js';

export interface Difference {
  path: string;
  /** The value before the round trip (undefined: absent). */
  expected: unknown;
  /** The value after it (undefined: absent). */
  actual: unknown;
}

export function firstDifference(expected: unknown, actual: unknown, path = ''): Difference | undefined {
  if (deepEqual(expected, actual)) return undefined;
  if (isJsonObject(expected) && isJsonObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    for (const key of keys) {
      const found = firstDifference(expected[key], actual[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    for (let i = 0; i < expected.length; i++) {
      const found = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (found) return found;
    }
  }
  return { path: path || '.', expected, actual };
}
