/**
 * How a list field merges in strategic merge patches and server-side apply, read from a
 * structural schema (a CRD's, or a built-in kind's from the release data).
 */
import { asObject, type JSONObject } from './object.js';
import type { ListMergeRule } from './resource-type.js';

/** Follows a field path through a structural schema (properties, items, additionalProperties). */
export function schemaAt(schema: JSONObject | undefined, path: readonly string[]): JSONObject | undefined {
  return describe(schema, path).node;
}

/** The schema of the field at `path`, or whether the path left the schema inside a subtree that preserves unknown fields. */
function describe(schema: JSONObject | undefined, path: readonly string[]): { node?: JSONObject; deduced?: boolean } {
  let cur = schema;
  for (const segment of path) {
    if (!cur) return {};
    if (cur.type === 'array') cur = asObject(cur.items);
    if (!cur) return {};
    const props = asObject(cur.properties);
    const next = props && props[segment] !== undefined ? asObject(props[segment]) : asObject(cur.additionalProperties);
    if (!next && cur['x-kubernetes-preserve-unknown-fields'] === true) return { deduced: true };
    cur = next;
  }
  return { node: cur };
}

/**
 * How the list at `path` merges, from a structural schema's x-kubernetes-list-type and
 * list-map-keys (a list without them is atomic); metadata's lists as every kind has them. For a
 * map: `atomic` under x-kubernetes-map-type atomic, else undefined.
 */
export function listRuleFromSchema(schema: JSONObject | undefined, path: readonly string[]): ListMergeRule | undefined {
  if (path.length === 2 && path[0] === 'metadata') {
    if (path[1] === 'finalizers') return { type: 'set' };
    if (path[1] === 'ownerReferences') return { type: 'map', keys: ['uid'] };
  }
  const { node, deduced } = describe(schema, path);
  if (deduced) return { type: 'deduced' };
  if (!node) return undefined;
  // A map: atomic when its schema says so (a LabelSelector, an ObjectReference), else merged by key.
  if (node.type === 'object' || node.properties !== undefined || node.additionalProperties !== undefined) {
    return node['x-kubernetes-map-type'] === 'atomic' ? { type: 'atomic' } : undefined;
  }
  const listType = node['x-kubernetes-list-type'];
  if (listType === 'map') {
    const keys = Array.isArray(node['x-kubernetes-list-map-keys']) ? node['x-kubernetes-list-map-keys'].map(String) : [];
    // SMD fills a missing key field with its schema default before matching items (a port's protocol is TCP).
    const itemProps = asObject(asObject(node.items)?.properties);
    const keyDefaults: Record<string, unknown> = {};
    for (const k of keys) {
      const d = asObject(itemProps?.[k])?.default;
      if (d !== undefined) keyDefaults[k] = d;
    }
    return Object.keys(keyDefaults).length > 0 ? { type: 'map', keys, keyDefaults } : { type: 'map', keys };
  }
  if (listType === 'set') return { type: 'set' };
  return { type: 'atomic' };
}
