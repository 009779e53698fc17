/**
 * x-kubernetes-list-type set and map invariants: a repeated element (set) or key (map) is a
 * FieldValueDuplicate at the index of its second occurrence, as apiextensions-apiserver reports.
 */
import { duplicate, invalid, childPath, keyPath, indexPath, type FieldCause } from '../../kube/field-errors.js';
import { goJSON } from '../../kube/go-format.js';
import type { SchemaNode } from './node.js';
import { isObject } from './values.js';

function identity(x: unknown): string {
  return typeof x === 'object' && x !== null ? 'c' + goJSON(x) : typeof x + ':' + String(x);
}

/** Indices of the second occurrence of each repeated value. */
function secondOccurrences(values: unknown[]): number[] {
  const seen = new Map<string, number>();
  const out: number[] = [];
  values.forEach((v, i) => {
    const id = identity(v);
    const times = seen.get(id) ?? 0;
    if (times === 1) out.push(i);
    seen.set(id, times + 1);
  });
  return out;
}

function checkList(node: SchemaNode, list: unknown[], field: string, out: FieldCause[]): void {
  const listType = node.schema['x-kubernetes-list-type'];
  if (listType === 'set') {
    for (const i of secondOccurrences(list)) out.push(duplicate(indexPath(field, i), list[i]));
  } else if (listType === 'map') {
    const bad = list.findIndex((x) => x !== null && !isObject(x));
    if (bad >= 0) {
      out.push(invalid(indexPath(field, bad), list[bad], 'must be an object for an array of list-type map'));
    } else if (list.length > 1) {
      const keyFields = node.schema['x-kubernetes-list-map-keys'] ?? [];
      const keys = list.map((x) => {
        const key: Record<string, unknown> = {};
        if (isObject(x)) for (const k of keyFields) if (k in x) key[k] = x[k];
        return key;
      });
      for (const i of secondOccurrences(keys)) out.push(duplicate(indexPath(field, i), keys[i]));
    }
  }
  if (node.items) list.forEach((x, i) => walk(node.items!, x, indexPath(field, i), out));
}

function walk(node: SchemaNode, value: unknown, field: string, out: FieldCause[]): void {
  if (Array.isArray(value)) checkList(node, value, field, out);
  else if (isObject(value)) walkObject(node, value, field, out);
}

function walkObject(node: SchemaNode, obj: Record<string, unknown>, field: string, out: FieldCause[]): void {
  if (node.additionalProperties) {
    for (const [k, v] of Object.entries(obj)) walk(node.additionalProperties, v, keyPath(field, k), out);
  }
  if (node.properties) {
    for (const [k, v] of Object.entries(obj)) {
      const prop = node.properties.get(k);
      if (prop) walk(prop, v, childPath(field, k), out);
    }
  }
}

export function validateListTypes(root: SchemaNode, obj: unknown, out: FieldCause[]): void {
  if (isObject(obj)) walkObject(root, obj, '', out);
}
