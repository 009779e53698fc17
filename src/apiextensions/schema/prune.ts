/**
 * Pruning as apiextensions-apiserver does it: fields the schema does not specify are dropped,
 * unless x-kubernetes-preserve-unknown-fields; embedded resources (and the root) keep apiVersion,
 * kind and metadata, and an embedded resource's metadata keeps the ObjectMeta fields only (the
 * root's metadata is the server's). The paths of dropped fields are collected for `unknown field`
 * warnings.
 */
import type { SchemaNode } from './node.js';
import { isObject } from './values.js';

const metaFields = new Set(['apiVersion', 'kind', 'metadata']);

/** The fields of metav1.ObjectMeta: an embedded resource's metadata keeps only these. */
const objectMetaFields = new Set([
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
]);

function pruneEmbeddedMetadata(value: Record<string, unknown>, path: string, unknown: string[]): void {
  const meta = value.metadata;
  if (!isObject(meta)) return;
  for (const key of Object.keys(meta)) {
    if (objectMetaFields.has(key)) continue;
    unknown.push(`${joinKey(path, 'metadata')}.${key}`);
    delete meta[key];
  }
}

function joinKey(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

function prune(value: unknown, node: SchemaNode | undefined, path: string, isRoot: boolean, unknown: string[]): void {
  if (node?.schema['x-kubernetes-preserve-unknown-fields']) {
    skipPrune(value, node, path, unknown);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => prune(v, node?.items, `${path}[${i}]`, false, unknown));
    return;
  }
  if (!isObject(value)) return;
  const embedded = isRoot || node?.schema['x-kubernetes-embedded-resource'] === true;
  if (embedded && !isRoot) pruneEmbeddedMetadata(value, path, unknown);
  for (const key of Object.keys(value)) {
    if (embedded && metaFields.has(key)) continue;
    const prop = node?.properties?.get(key);
    if (prop) prune(value[key], prop, joinKey(path, key), false, unknown);
    else if (node?.additionalProperties) prune(value[key], node.additionalProperties, joinKey(path, key), false, unknown);
    else if (node?.schema.additionalProperties === true) continue;
    else {
      unknown.push(joinKey(path, key));
      delete value[key];
    }
  }
}

function skipPrune(value: unknown, node: SchemaNode, path: string, unknown: string[]): void {
  if (Array.isArray(value)) {
    if (node.items) value.forEach((v, i) => skipPrune(v, node.items!, `${path}[${i}]`, unknown));
    return;
  }
  if (!isObject(value)) return;
  const embedded = node.schema['x-kubernetes-embedded-resource'] === true;
  if (embedded) pruneEmbeddedMetadata(value, path, unknown);
  for (const key of Object.keys(value)) {
    if (embedded && metaFields.has(key)) continue;
    const prop = node.properties?.get(key);
    if (prop) prune(value[key], prop, joinKey(path, key), false, unknown);
    else if (node.additionalProperties) prune(value[key], node.additionalProperties, joinKey(path, key), false, unknown);
  }
}

/** Prunes `obj` in place (the resource root); returns the sorted paths of dropped fields. */
export function pruneObject(obj: unknown, root: SchemaNode): string[] {
  const unknown: string[] = [];
  prune(obj, root, '', true, unknown);
  return unknown.sort();
}

/** Prunes a value below the root in place (a schema default); `isResourceRoot` for embedded resources. */
export function pruneValue(value: unknown, node: SchemaNode, isResourceRoot: boolean): string[] {
  const unknown: string[] = [];
  prune(value, node, '', isResourceRoot, unknown);
  return unknown;
}
