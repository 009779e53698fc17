/**
 * A schema compiled once per CRD version: each node keeps what validation needs ready to use
 * (effective types, the stripped format's check, the pattern as a RegExp, child nodes, planned
 * CEL rules), so per-request work is a single walk of the object.
 */
import { compileRule, RuleCompileError, type CompiledRule } from './cel/rules.js';
import { formatCheck } from './formats.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';

export interface SchemaNode {
  schema: JSONSchemaProps;
  /** Effective types: `[]` untyped, `['integer', 'string']` for x-kubernetes-int-or-string. */
  types: string[];
  /** The format after apiextensions strips unsupported ones ('' when none). */
  format: string;
  formatCheck?: (value: string) => boolean;
  pattern?: RegExp;
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

/**
 * A Go RE2 pattern as a JavaScript RegExp. The common RE2-only syntax is translated: a leading
 * `(?i)` becomes the i flag, `\A` and `\z` anchors; `\p{..}` classes need the u flag.
 */
export function compilePattern(pattern: string, location: string): RegExp {
  let source = pattern;
  let flags = 'u';
  const inline = /^\(\?([imsU]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    if (inline[1]!.includes('i')) flags += 'i';
    if (inline[1]!.includes('s')) flags += 's';
    if (inline[1]!.includes('m')) flags += 'm';
  }
  source = source.replace(/\\A/g, '^').replace(/\\z/g, '$');
  try {
    return new RegExp(source, flags);
  } catch {
    try {
      return new RegExp(source, flags.replace('u', ''));
    } catch (err) {
      throw new SchemaCompileError(location, `${JSON.stringify(pattern)} is not a valid regular expression: ${(err as Error).message}`);
    }
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

export function compileNode(schema: JSONSchemaProps, location: string, isRoot = false): SchemaNode {
  const types = schema['x-kubernetes-int-or-string'] ? ['integer', 'string'] : schema.type ? [schema.type] : [];
  const format = schema['x-kubernetes-int-or-string'] ? '' : effectiveFormat(schema);
  const node: SchemaNode = {
    schema,
    types,
    format,
    additionalPropertiesForbidden: schema.additionalProperties === false,
    allOf: (schema.allOf ?? []).map((s, i) => compileNode(s, `${location}.allOf[${i}]`)),
    anyOf: (schema.anyOf ?? []).map((s, i) => compileNode(s, `${location}.anyOf[${i}]`)),
    oneOf: (schema.oneOf ?? []).map((s, i) => compileNode(s, `${location}.oneOf[${i}]`)),
    rules: [],
    hasRules: false,
    hasDefaults: schema.default !== undefined,
  };
  const check = format ? formatCheck(schema.type, format) : undefined;
  if (check) node.formatCheck = check;
  if (schema.pattern !== undefined) node.pattern = compilePattern(schema.pattern, `${location}.pattern`);
  if (schema.not) node.not = compileNode(schema.not, `${location}.not`);
  if (schema.properties) {
    node.properties = new Map();
    for (const [name, prop] of Object.entries(schema.properties)) {
      node.properties.set(name, compileNode(prop, `${location}.properties[${name}]`));
    }
  }
  if (schema.additionalProperties !== undefined && typeof schema.additionalProperties === 'object') {
    node.additionalProperties = compileNode(schema.additionalProperties, `${location}.additionalProperties`);
  }
  if (schema.items) node.items = compileNode(schema.items, `${location}.items`);
  (schema['x-kubernetes-validations'] ?? []).forEach((rule, i) => {
    try {
      node.rules.push(compileRule(rule, node, isRoot));
    } catch (err) {
      if (err instanceof RuleCompileError) throw new SchemaCompileError(`${location}.x-kubernetes-validations[${i}].${err.member}`, err.detail);
      throw err;
    }
  });
  const children = [
    ...(node.properties?.values() ?? []),
    ...(node.additionalProperties ? [node.additionalProperties] : []),
    ...(node.items ? [node.items] : []),
  ];
  node.hasRules = node.rules.length > 0 || children.some((c) => c.hasRules) || node.allOf.some((c) => c.hasRules);
  node.hasDefaults = node.hasDefaults || children.some((c) => c.hasDefaults);
  return node;
}
