/**
 * The check kube-apiserver makes on every `default` of a structural schema before it accepts a
 * CRD (apiextensions-apiserver's defaulting.ValidateDefaults): a default must survive pruning
 * unchanged (`must not have unknown fields`), and then, each step only when the one before passed,
 * hold valid embedded resources (objectmeta.Validate: apiVersion and kind), be valid against the
 * schema it defaults, and satisfy the x-kubernetes-validations of that schema and below it (CEL,
 * without ratcheting: once with oldSelf the default itself, once with no old value). A default
 * inside an embedded resource's metadata (or apiVersion, kind) is placed in an otherwise empty
 * resource, which must then decode and validate as one (`must result in valid metadata: ...`),
 * before the schema and its rules are checked. Errors are
 * the value validators' under `<path>.default`. Defaults are followed through properties and
 * items, not additionalProperties.
 */
import { invalid, ROOT_FIELD, type FieldCause } from '../../kube/field-errors.js';
import { compileNode, type SchemaNode } from './node.js';
import { validateValue } from './openapi-validate.js';
import { validateEmbeddedValue } from './embedded.js';
import { validateRulesOnValue } from './cel/walk.js';
import { pruneValue } from './prune.js';
import { deepCopy, deepEqual } from '../../kube/json-values.js';
import { isObject } from './values.js';
import { objectMetaDecodeError } from './object-meta.js';
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

/** Where a default sits below its resource (the nearest embedded resource or the root). */
interface Surrounding {
  resource: SchemaNode;
  /** Property names and list items (-1) from the resource to the default. */
  steps: (string | -1)[];
}

/**
 * SurroundingObjectFunc: the resource object holding only `value` at its place (type meta
 * `validation/v1` `Validation` unless the default sets them).
 */
function surroundingObject(at: Surrounding, value: unknown): unknown {
  let x = value;
  for (let i = at.steps.length - 1; i >= 0; i--) {
    const step = at.steps[i];
    x = step === -1 ? [x] : { [step]: x };
  }
  if (!isObject(x)) return x;
  return { ...x, kind: 'kind' in x ? x.kind : 'Validation', apiVersion: 'apiVersion' in x ? x.apiVersion : 'validation/v1' };
}

/** apimachinery's Aggregate text of field errors: one as is, several in brackets. */
function aggregate(causes: FieldCause[]): string {
  const texts = [...new Set(causes.map((c) => `${c.field}: ${c.message}`))];
  return texts.length === 1 ? texts[0] : `[${texts.join(', ')}]`;
}

/** objectmeta.Coerce + Validate of the resource a metadata default builds; the problem, if any. */
function metadataDefaultProblem(at: Surrounding, value: unknown): string | undefined {
  const obj = surroundingObject(at, value);
  if (!isObject(obj)) return undefined;
  for (const key of ['apiVersion', 'kind'] as const) {
    if (typeof obj[key] !== 'string') return aggregate([invalid(key, obj[key], 'must be a string')]);
  }
  if ('metadata' in obj) {
    const decodeError = objectMetaDecodeError(obj.metadata);
    if (decodeError !== undefined) return aggregate([invalid('metadata', obj.metadata, decodeError)]);
  }
  const errs: FieldCause[] = [];
  validateEmbeddedValue(asEmbedded(at.resource), obj, errs);
  return errs.length > 0 ? aggregate(errs) : undefined;
}

function check(node: SchemaNode, path: string, insideMeta: boolean, isResourceRoot: boolean, at: Surrounding, out: FieldCause[]): void {
  const embedded = node.schema['x-kubernetes-embedded-resource'] === true;
  if (embedded) {
    insideMeta = false;
    at = { resource: node, steps: [] };
  }
  const value = node.schema.default;
  if (value !== undefined) {
    const defaultPath = `${path}.default`;
    if (!insideMeta) {
      const pruned = deepCopy(value);
      pruneValue(pruned, node, embedded);
      if (!deepEqual(pruned, value)) out.push(invalid(defaultPath, value, 'must not have unknown fields'));
      out.push(...defaultValueErrors(node, value, embedded || isResourceRoot).map((e) => underDefault(e, defaultPath)));
    } else {
      // A default inside an embedded resource's metadata, apiVersion or kind must give valid metadata.
      const problem = metadataDefaultProblem(at, value);
      if (problem !== undefined) out.push(invalid(defaultPath, value, `must result in valid metadata: ${problem}`));
      else {
        const errs: FieldCause[] = [];
        validateValue(node, value, '', undefined, errs);
        if (errs.length === 0 && node.hasRules) {
          validateRulesOnValue(node, value, value, false, errs);
          if (errs.length === 0) validateRulesOnValue(node, value, undefined, false, errs);
        }
        out.push(...errs.map((e) => underDefault(e, defaultPath)));
      }
    }
  }
  if (node.items) check(node.items, `${path}.items`, insideMeta, false, { ...at, steps: [...at.steps, -1] }, out);
  for (const [key, prop] of node.properties ?? []) {
    const meta = embedded && (key === 'metadata' || key === 'apiVersion' || key === 'kind');
    check(prop, `${path}.properties[${key}]`, insideMeta || meta, false, { ...at, steps: [...at.steps, key] }, out);
  }
}


/**
 * Errors of the defaults in `schema` (a structural schema at `prefix`, e.g.
 * `spec.validation.openAPIV3Schema`), `compiled` with its CEL rules (absent when one does not
 * compile, an error reported elsewhere: then rules are not run). The resource root counts as an
 * embedded resource.
 * Defaults inside top-level metadata are refused elsewhere (they are forbidden, not validated).
 */
export function validateDefaults(schema: JSONSchemaProps, prefix: string, compiled?: SchemaNode): FieldCause[] {
  const root = compiled ?? compileNode(schema, prefix, true, false);
  if (!root.hasDefaults) return [];
  const out: FieldCause[] = [];
  const resource = asEmbedded(root);
  check(resource, prefix, false, true, { resource, steps: [] }, out);
  return out;
}
