/**
 * The check kube-apiserver makes on every `default` of a structural schema before it accepts a
 * CRD (apiextensions-apiserver's defaulting.ValidateDefaults): a default must survive pruning
 * unchanged (`must not have unknown fields`) and must itself be valid against the schema it
 * defaults, with the value validator's messages under `<path>.default`. Defaults are followed
 * through properties and items, not additionalProperties.
 */
import { invalid, ROOT_FIELD } from './field-error.js';
import type { SchemaNode } from './node.js';
import { validateValue } from './openapi-validate.js';
import { pruneValue } from './prune.js';
import { deepCopy, deepEqual } from '../../kube/json-values.js';
import type { FieldCause } from '../../kube/field-errors.js';

/** Re-roots a value error (field relative to the default) under `<path>.default`. */
function underDefault(cause: FieldCause, defaultPath: string): FieldCause {
  const field = cause.field === ROOT_FIELD ? defaultPath : `${defaultPath}.${cause.field}`;
  return { ...cause, field };
}

function check(node: SchemaNode, path: string, insideMeta: boolean, out: FieldCause[]): void {
  const embedded = node.schema['x-kubernetes-embedded-resource'] === true;
  if (embedded) insideMeta = false;
  const value = node.schema.default;
  if (value !== undefined) {
    const defaultPath = `${path}.default`;
    if (!insideMeta) {
      const pruned = deepCopy(value);
      pruneValue(pruned, node, embedded);
      if (!deepEqual(pruned, value)) out.push(invalid(defaultPath, value, 'must not have unknown fields'));
    }
    const errs: FieldCause[] = [];
    validateValue(node, value, '', undefined, errs);
    out.push(...errs.map((e) => underDefault(e, defaultPath)));
  }
  if (node.items) check(node.items, `${path}.items`, insideMeta, out);
  for (const [key, prop] of node.properties ?? []) {
    const meta = embedded && (key === 'metadata' || key === 'apiVersion' || key === 'kind');
    check(prop, `${path}.properties[${key}]`, insideMeta || meta, out);
  }
}

/**
 * Errors of the defaults in `root` (a compiled structural schema at `prefix`, e.g.
 * `spec.versions[0].schema.openAPIV3Schema`). The resource root counts as an embedded resource.
 * Defaults inside top-level metadata are refused elsewhere (they are forbidden, not validated).
 */
export function validateDefaults(root: SchemaNode, prefix: string): FieldCause[] {
  const out: FieldCause[] = [];
  const asResource: SchemaNode = { ...root, schema: { ...root.schema, 'x-kubernetes-embedded-resource': true } };
  check(asResource, prefix, false, out);
  return out;
}

