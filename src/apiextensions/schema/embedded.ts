/**
 * x-kubernetes-embedded-resource objects must say what they are: apiVersion and kind present,
 * non-empty strings, kind a DNS-1035 label when lower-cased, and metadata a valid ObjectMeta
 * (apiextensions' objectmeta checks, object-meta.ts).
 */
import { childPath, keyPath, indexPath, invalid, required, type FieldCause } from '../../kube/field-errors.js';
import type { SchemaNode } from './node.js';
import { isDNS1035Label } from '../../kube/dns-names.js';
import { isObject } from './values.js';
import { embeddedObjectMetaErrors, objectMetaDecodeError } from './object-meta.js';


function checkEmbedded(obj: Record<string, unknown>, field: string, out: FieldCause[]): void {
  if (!('apiVersion' in obj)) out.push(required(childPath(field, 'apiVersion')));
  if (!('kind' in obj)) out.push(required(childPath(field, 'kind')));
  if ('apiVersion' in obj) {
    const v = obj.apiVersion;
    const f = childPath(field, 'apiVersion');
    if (typeof v !== 'string') out.push(invalid(f, v, 'must be a string'));
    else if (v === '') out.push(invalid(f, v, 'must not be empty'));
    else if (v.split('/').length > 2) out.push(invalid(f, v, `unexpected GroupVersion string: ${v}`));
  }
  if ('kind' in obj) {
    const v = obj.kind;
    const f = childPath(field, 'kind');
    if (typeof v !== 'string') out.push(invalid(f, v, 'must be a string'));
    else if (v === '') out.push(invalid(f, v, 'must not be empty'));
    else {
      // The first reason only (length before pattern), as this check has always reported.
      const why = isDNS1035Label(v.toLowerCase())[0];
      if (why !== undefined) out.push(invalid(f, v, `may have mixed case, but should otherwise match: ${why}`));
    }
  }
  if ('metadata' in obj) {
    const f = childPath(field, 'metadata');
    const decodeError = objectMetaDecodeError(obj.metadata);
    if (decodeError !== undefined) out.push(invalid(f, obj.metadata, decodeError));
    else if (isObject(obj.metadata)) out.push(...embeddedObjectMetaErrors(obj.metadata, f));
  }
}

function walk(node: SchemaNode | undefined, value: unknown, field: string, out: FieldCause[]): void {
  if (!node) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(node.items, v, indexPath(field, i), out));
  } else if (isObject(value)) {
    if (node.schema['x-kubernetes-embedded-resource']) checkEmbedded(value, field, out);
    for (const [k, v] of Object.entries(value)) {
      const prop = node.properties?.get(k);
      if (prop) walk(prop, v, childPath(field, k), out);
      else if (node.additionalProperties) walk(node.additionalProperties, v, keyPath(field, k), out);
    }
  }
}

/**
 * objectmeta.Validate of a value of `node` (a default): `node` itself counts as a resource when it
 * is an embedded resource. Fields are relative to the value ('' is the value).
 */
export function validateEmbeddedValue(node: SchemaNode, value: unknown, out: FieldCause[]): void {
  walk(node, value, '', out);
}

/** The root itself is not checked here: its apiVersion, kind and metadata are the server's. */
export function validateEmbeddedResources(root: SchemaNode, obj: unknown, out: FieldCause[]): void {
  if (!isObject(obj)) return;
  for (const [k, v] of Object.entries(obj)) {
    const prop = root.properties?.get(k);
    if (prop) walk(prop, v, k, out);
    else if (root.additionalProperties) walk(root.additionalProperties, v, keyPath('', k), out);
  }
}
