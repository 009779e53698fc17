/**
 * Defaulting as apiextensions-apiserver does it on create, update and read: a property's default
 * fills it when absent, or null and not nullable; defaults apply inside objects that exist, and
 * inside defaulted values too (the walk continues into what was just set). Afterwards a null that
 * is neither nullable nor defaultable is dropped, as the API server prunes such nulls.
 */
import type { SchemaNode } from './node.js';
import { deepCopy } from '../../kube/json-values.js';
import { isObject } from './values.js';

const nonNullableNull = (value: unknown, node: SchemaNode | undefined) => value === null && node !== undefined && !node.schema.nullable;

function applyDefaults(value: unknown, node: SchemaNode | undefined): void {
  if (!node || !node.hasDefaults) return;
  if (isObject(value)) {
    if (node.properties) {
      for (const [key, prop] of node.properties) {
        if (prop.schema.default === undefined) continue;
        if (!(key in value) || nonNullableNull(value[key], prop)) value[key] = deepCopy(prop.schema.default);
      }
    }
    for (const key of Object.keys(value)) {
      const prop = node.properties?.get(key);
      if (prop) applyDefaults(value[key], prop);
      else if (node.additionalProperties) {
        const ap = node.additionalProperties;
        if (nonNullableNull(value[key], ap) && ap.schema.default !== undefined) value[key] = deepCopy(ap.schema.default);
        applyDefaults(value[key], ap);
      }
    }
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (nonNullableNull(value[i], node.items) && node.items!.schema.default !== undefined) value[i] = deepCopy(node.items!.schema.default);
      applyDefaults(value[i], node.items);
    }
  }
}

function pruneNulls(value: unknown, node: SchemaNode | undefined): void {
  if (isObject(value)) {
    for (const key of Object.keys(value)) {
      const child = node?.properties?.get(key) ?? node?.additionalProperties;
      if (value[key] === null && child && !child.schema.nullable && child.schema.default === undefined) delete value[key];
      else pruneNulls(value[key], child);
    }
  } else if (Array.isArray(value)) {
    for (const item of value) pruneNulls(item, node?.items);
  }
}

/** Defaults `obj`; then, unless `dropNulls` is false (server-side apply's result, which is defaulted but never decoded), prunes those nulls. */
export function defaultObject(obj: unknown, root: SchemaNode, dropNulls = true): void {
  applyDefaults(obj, root);
  if (dropNulls) pruneNulls(obj, root);
}
