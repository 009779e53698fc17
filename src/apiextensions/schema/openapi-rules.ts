/**
 * The OpenAPI-level rules apiextensions-apiserver applies to every node of a CRD version's schema
 * besides the structural ones (ValidateCustomResourceDefinitionOpenAPISchema and its v3 standard
 * validator): valid types, no `null` type, keywords Kubernetes does not support, no uniqueItems,
 * no defaults in the resource's top-level metadata/apiVersion/kind, x-kubernetes-* extensions
 * used where they mean something. Walks properties, items, additionalProperties, allOf/anyOf/
 * oneOf/not, as the API server does.
 */
import { forbidden, invalid, notSupported, required, type FieldCause } from '../../kube/field-errors.js';
import { resolveFieldPath } from '../../kube/cel/field-path.js';
import { RULE_REASONS } from '../../kube/cel/validation-rules.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';

const OPENAPI_V3_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const META_FIELDS = new Set(['metadata', 'kind', 'apiVersion']);

/** Keywords of JSON Schema that CRD schemas refuse, with the API server's detail. */
const UNSUPPORTED: [string, string][] = [
  ['id', 'id is not supported'],
  ['additionalItems', 'additionalItems is not supported'],
  ['patternProperties', 'patternProperties is not supported'],
  ['definitions', 'definitions is not supported'],
  ['dependencies', 'dependencies is not supported'],
  ['$ref', '$ref is not supported'],
];

interface Context {
  /** Why defaults are not allowed here ('' when they are). */
  forbiddenDefaults: string;
  insideResourceMeta: boolean;
}

function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function checkStandard(s: JSONSchemaProps, path: string, ctx: Context, out: FieldCause[]): void {
  const raw = s as Record<string, unknown>;
  if (s.type && !OPENAPI_V3_TYPES.includes(s.type)) out.push(notSupported(`${path}.type`, s.type, OPENAPI_V3_TYPES));
  if (s.default !== undefined && ctx.forbiddenDefaults !== '') out.push(forbidden(`${path}.default`, `must not be set ${ctx.forbiddenDefaults}`));
  for (const [key, detail] of UNSUPPORTED) if (isSet(raw[key])) out.push(forbidden(`${path}.${key}`, detail));
  if (s.type === ('null' as string)) out.push(forbidden(`${path}.type`, 'type cannot be set to null, use nullable as an alternative'));
  if (Array.isArray(raw.items)) out.push(forbidden(`${path}.items`, 'items must be a schema object and not an array'));
  if (ctx.insideResourceMeta && s['x-kubernetes-embedded-resource'] === true) {
    out.push(forbidden(`${path}.x-kubernetes-embedded-resource`, 'must not be used inside of resource meta'));
  }
}

function checkNode(s: JSONSchemaProps, path: string, ctx: Context, isRoot: boolean, out: FieldCause[]): void {
  checkStandard(s, path, ctx, out);
  if (s.uniqueItems === true) out.push(forbidden(`${path}.uniqueItems`, 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  if (typeof s.additionalProperties === 'object') {
    const sub = ctx.insideResourceMeta ? { ...ctx, forbiddenDefaults: 'inside additionalProperties applying to object metadata' } : ctx;
    checkNode(s.additionalProperties, `${path}.additionalProperties`, sub, false, out);
  }
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    let sub = ctx;
    if ((isRoot || s['x-kubernetes-embedded-resource'] === true) && META_FIELDS.has(name)) {
      sub = { ...sub, insideResourceMeta: true };
      if (isRoot) sub = { ...sub, forbiddenDefaults: `in top-level ${name}` };
    }
    checkNode(prop, `${path}.properties[${name}]`, sub, false, out);
  }
  if (s.not) checkNode(s.not, `${path}.not`, ctx, false, out);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) (s[key] ?? []).forEach((sub, i) => checkNode(sub, `${path}.${key}[${i}]`, ctx, false, out));
  if (s.items && !Array.isArray(s.items)) checkNode(s.items, `${path}.items`, ctx, false, out);
  if (s['x-kubernetes-preserve-unknown-fields'] === false) {
    out.push(invalid(`${path}.x-kubernetes-preserve-unknown-fields`, false, 'must be true or undefined'));
  }
  const mapType = s['x-kubernetes-map-type'];
  if (mapType !== undefined && s.type !== 'object') {
    if (!s.type) out.push(required(`${path}.type`, 'must be object if x-kubernetes-map-type is specified'));
    else out.push(invalid(`${path}.type`, s.type, 'must be object if x-kubernetes-map-type is specified'));
  }
  if (mapType !== undefined && mapType !== 'atomic' && mapType !== 'granular') out.push(notSupported(`${path}.x-kubernetes-map-type`, mapType, ['atomic', 'granular']));
  checkValidationRules(s, path, out);
}

const hasNewlines = (text: string) => /[\n\r]/.test(text);

/** The text of x-kubernetes-validations entries (their CEL is compiled elsewhere, once these pass). */
function checkValidationRules(s: JSONSchemaProps, path: string, out: FieldCause[]): void {
  (s['x-kubernetes-validations'] ?? []).forEach((rule, i) => {
    const at = `${path}.x-kubernetes-validations[${i}]`;
    const ruleText = (rule.rule ?? '').trim();
    const message = rule.message ?? '';
    const trimmedMessage = message.trim();
    if (ruleText === '') out.push(required(`${at}.rule`, 'rule is not specified'));
    else if (message !== '' && trimmedMessage === '') out.push(invalid(`${at}.message`, message, 'must be non-empty if specified'));
    else if (hasNewlines(trimmedMessage)) out.push(invalid(`${at}.message`, message, 'must not contain line breaks'));
    else if (hasNewlines(ruleText) && trimmedMessage === '') out.push(required(`${at}.message`, 'message must be specified if rule contains line breaks'));
    const messageExpression = rule.messageExpression ?? '';
    if (messageExpression !== '' && messageExpression.trim() === '') out.push(required(`${at}.messageExpression`, 'messageExpression must be non-empty if specified'));
    if (rule.reason !== undefined && !(RULE_REASONS as readonly string[]).includes(rule.reason)) out.push(notSupported(`${at}.reason`, rule.reason, [...RULE_REASONS]));
    const fieldPath = rule.fieldPath ?? '';
    if (fieldPath !== '' && fieldPath.trim() === '') out.push(invalid(`${at}.fieldPath`, fieldPath, 'must be non-empty if specified'));
    if (hasNewlines(fieldPath)) out.push(invalid(`${at}.fieldPath`, fieldPath, 'must not contain line breaks'));
    if (fieldPath !== '' && resolveFieldPath(fieldPath, s) instanceof Error) out.push(invalid(`${at}.fieldPath`, fieldPath, 'fieldPath must be a valid path'));
  });
}

/** The OpenAPI rule errors of a CRD version's schema at `prefix` (…`.schema.openAPIV3Schema`). */
export function validateOpenAPIRules(schema: JSONSchemaProps, prefix: string): FieldCause[] {
  const out: FieldCause[] = [];
  if (schema.nullable === true) out.push(forbidden(`${prefix}.nullable`, 'nullable cannot be true at the root'));
  checkNode(schema, prefix, { forbiddenDefaults: '', insideResourceMeta: false }, true, out);
  return out;
}
