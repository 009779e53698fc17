/**
 * A schema compiled once per CRD version: each node keeps what validation needs ready to use
 * (effective types, the stripped format's check, the pattern as Go's regexp, child nodes, planned
 * CEL rules), so per-request work is a single walk of the object.
 */
import { compileRule, RuleCompileError, type CompiledRule } from './cel/rules.js';
import { formatCheck } from './formats.js';
import { compileGoRegexp, GoRegexpSyntaxError, type GoRegexp } from '../../kube/re2.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';

export interface SchemaNode {
  schema: JSONSchemaProps;
  /** Effective types: `[]` untyped, `['integer', 'string']` for x-kubernetes-int-or-string. */
  types: string[];
  /** The format after apiextensions strips unsupported ones ('' when none). */
  format: string;
  formatCheck?: (value: string) => boolean;
  pattern?: GoRegexp;
  properties?: Map<string, SchemaNode>;
  additionalProperties?: SchemaNode;
  additionalPropertiesForbidden: boolean;
  items?: SchemaNode;
  allOf: SchemaNode[];
  anyOf: SchemaNode[];
  oneOf: SchemaNode[];
  not?: SchemaNode;
  rules: CompiledRule[];
  /** Whether this node or any below it has CEL rules (the CEL walk skips the rest). */
  hasRules: boolean;
  /** Whether this node or any below it has defaults (the defaulting walk skips the rest). */
  hasDefaults: boolean;
}

/**
 * A schema the API server would not accept. `path` is where, in kube-apiserver's notation below
 * the CRD version's schema (`openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule`),
 * `detail` what is wrong; the message adds the source (file and version) when known.
 */
export class SchemaCompileError extends Error {
  override readonly name = 'SchemaCompileError';
  constructor(
    readonly path: string,
    readonly detail: string,
    readonly source?: string,
  ) {
    super(`${source ? `${source}: ` : ''}${path}: ${detail}`);
  }
}

/** A schema `pattern` compiled as Go's regexp (RE2), as kube-openapi compiles it. */
export function compilePattern(pattern: string, location: string): GoRegexp {
  try {
    return compileGoRegexp(pattern);
  } catch (err) {
    if (!(err instanceof GoRegexpSyntaxError)) throw err;
    throw new SchemaCompileError(location, `${JSON.stringify(pattern)} is not a valid regular expression: ${err.message}`);
  }
}

function effectiveFormat(schema: JSONSchemaProps): string {
  const format = schema.format ?? '';
  if (format === '') return '';
  switch (schema.type ?? '') {
    case '':
    case 'string':
      return formatCheck(schema.type, format) ? format : '';
    case 'integer':
      return format === 'int32' || format === 'int64' ? format : '';
    case 'number':
      return format === 'float' || format === 'double' ? format : '';
    default:
      return '';
  }
}

/** `withRules: false` leaves CEL rules out (checking defaults of a schema whose rules may not compile). */
export function compileNode(schema: JSONSchemaProps, location: string, isRoot = false, withRules = true): SchemaNode {
  const types = schema['x-kubernetes-int-or-string'] ? ['integer', 'string'] : schema.type ? [schema.type] : [];
  const format = schema['x-kubernetes-int-or-string'] ? '' : effectiveFormat(schema);
  const node: SchemaNode = {
    schema,
    types,
    format,
    additionalPropertiesForbidden: schema.additionalProperties === false,
    allOf: (schema.allOf ?? []).map((s, i) => compileNode(s, `${location}.allOf[${i}]`, false, withRules)),
    anyOf: (schema.anyOf ?? []).map((s, i) => compileNode(s, `${location}.anyOf[${i}]`, false, withRules)),
    oneOf: (schema.oneOf ?? []).map((s, i) => compileNode(s, `${location}.oneOf[${i}]`, false, withRules)),
    rules: [],
    hasRules: false,
    hasDefaults: schema.default !== undefined,
  };
  const check = format ? formatCheck(schema.type, format) : undefined;
  if (check) node.formatCheck = check;
  if (schema.pattern !== undefined) node.pattern = compilePattern(schema.pattern, `${location}.pattern`);
  if (schema.not) node.not = compileNode(schema.not, `${location}.not`, false, withRules);
  if (schema.properties) {
    node.properties = new Map();
    for (const [name, prop] of Object.entries(schema.properties)) {
      node.properties.set(name, compileNode(prop, `${location}.properties[${name}]`, false, withRules));
    }
  }
  if (schema.additionalProperties !== undefined && typeof schema.additionalProperties === 'object') {
    node.additionalProperties = compileNode(schema.additionalProperties, `${location}.additionalProperties`, false, withRules);
  }
  if (schema.items) node.items = compileNode(schema.items, `${location}.items`, false, withRules);
  if (withRules) compileOwnRules(node, location, isRoot);
  const children = childNodes(node);
  node.hasRules = node.rules.length > 0 || children.some((c) => c.hasRules) || node.allOf.some((c) => c.hasRules);
  node.hasDefaults = node.hasDefaults || children.some((c) => c.hasDefaults);
  return node;
}

function childNodes(node: SchemaNode): SchemaNode[] {
  return [...(node.properties?.values() ?? []), ...(node.additionalProperties ? [node.additionalProperties] : []), ...(node.items ? [node.items] : [])];
}

/** Plans the CEL rules of the node's own schema into `node.rules`. */
function compileOwnRules(node: SchemaNode, location: string, isRoot: boolean): void {
  (node.schema['x-kubernetes-validations'] ?? []).forEach((rule, i) => {
    try {
      node.rules.push(compileRule(rule, node, isRoot));
    } catch (err) {
      if (err instanceof RuleCompileError) throw new SchemaCompileError(`${location}.x-kubernetes-validations[${i}].${err.member}`, err.detail);
      throw err;
    }
  });
}

