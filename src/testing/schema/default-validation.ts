/**
 * The check kube-apiserver makes on every `default` of a structural schema before it accepts a
 * CRD (apiextensions-apiserver's defaulting.ValidateDefaults): a default must survive pruning
 * unchanged (`must not have unknown fields`), and then, each step only when the one before passed,
 * hold valid embedded resources (objectmeta.Validate: apiVersion and kind), be valid against the
 * schema it defaults, and satisfy the x-kubernetes-validations of that schema and below it (CEL,
 * without ratcheting: once with oldSelf the default itself, once with no old value). Errors are
 * the value validators' under `<path>.default`. Defaults are followed through properties and
 * items, not additionalProperties.
 */
import { invalid, ROOT_FIELD } from './field-error.js';
import { compileNode, SchemaCompileError, type SchemaNode } from './node.js';
import { validateValue } from './openapi-validate.js';
import { validateEmbeddedValue } from './embedded.js';
import { validateRulesOnValue } from './cel/walk.js';
import { pruneValue } from './prune.js';
import { deepCopy, deepEqual } from './values.js';
import type { FieldCause } from '../../kube/field-errors.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';

/** Re-roots a value error (field relative to the default) under `<path>.default`. */
function underDefault(cause: FieldCause, defaultPath: string): FieldCause {
  if (cause.field === ROOT_FIELD || cause.field === '') return { ...cause, field: defaultPath };
  return { ...cause, field: cause.field.startsWith('[') ? `${defaultPath}${cause.field}` : `${defaultPath}.${cause.field}` };
}

/** The errors of one default value, in ValidateDefaults' order (each step only if the last passed). */
function defaultValueErrors(node: SchemaNode, value: unknown, isResourceRoot: boolean): FieldCause[] {
  const embedded: FieldCause[] = [];
  validateEmbeddedValue(isResourceRoot ? asEmbedded(node) : node, value, embedded);
  if (embedded.length > 0) return embedded;
  const schema: FieldCause[] = [];
  validateValue(node, value, '', undefined, schema);
  if (schema.length > 0) return schema;
  if (!node.hasRules) return [];
  const rules: FieldCause[] = [];
  validateRulesOnValue(node, value, value, isResourceRoot, rules);
  if (rules.length === 0) validateRulesOnValue(node, value, undefined, isResourceRoot, rules);
  return rules;
}

const asEmbedded = (node: SchemaNode): SchemaNode => ({ ...node, schema: { ...node.schema, 'x-kubernetes-embedded-resource': true } });

function check(node: SchemaNode, path: string, insideMeta: boolean, isResourceRoot: boolean, out: FieldCause[]): void {
  const embedded = node.schema['x-kubernetes-embedded-resource'] === true;
  if (embedded) insideMeta = false;
  const value = node.schema.default;
  if (value !== undefined) {
    const defaultPath = `${path}.default`;
    if (!insideMeta) {
      const pruned = deepCopy(value);
      pruneValue(pruned, node, embedded);
      if (!deepEqual(pruned, value)) out.push(invalid(defaultPath, value, 'must not have unknown fields'));
      out.push(...defaultValueErrors(node, value, embedded || isResourceRoot).map((e) => underDefault(e, defaultPath)));
    } else {
      const errs: FieldCause[] = [];
      validateValue(node, value, '', undefined, errs);
      out.push(...errs.map((e) => underDefault(e, defaultPath)));
    }
  }
  if (node.items) check(node.items, `${path}.items`, insideMeta, false, out);
  for (const [key, prop] of node.properties ?? []) {
    const meta = embedded && (key === 'metadata' || key === 'apiVersion' || key === 'kind');
    check(prop, `${path}.properties[${key}]`, insideMeta || meta, false, out);
  }
}

/** The schema compiled with its CEL rules; without them when one does not compile (reported elsewhere). */
function compileForDefaults(schema: JSONSchemaProps, prefix: string): SchemaNode {
  try {
    return compileNode(schema, prefix, true, true);
  } catch (err) {
    if (!(err instanceof SchemaCompileError)) throw err;
    return compileNode(schema, prefix, true, false);
  }
}

/**
 * Errors of the defaults in `schema` (a structural schema at `prefix`, e.g.
 * `spec.validation.openAPIV3Schema`). The resource root counts as an embedded resource.
 * Defaults inside top-level metadata are refused elsewhere (they are forbidden, not validated).
 */
export function validateDefaults(schema: JSONSchemaProps, prefix: string): FieldCause[] {
  const root = compileForDefaults(schema, prefix);
  if (!root.hasDefaults) return [];
  const out: FieldCause[] = [];
  check(asEmbedded(root), prefix, false, true, out);
  return out;
}
