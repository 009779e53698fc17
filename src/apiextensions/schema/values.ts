/** Plain JSON value helpers shared by validation, list-type checks and ratcheting. */
import { deepEqual, isJsonObject as isObject } from '../../kube/json-values.js';
import type { SchemaNode } from './node.js';

export { isJsonObject as isObject } from '../../kube/json-values.js';

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
