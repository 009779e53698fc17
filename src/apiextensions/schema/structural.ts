/**
 * The checks kube-apiserver makes on a CRD version's schema before it accepts the CRD: the
 * structural-schema invariants (types specified, object at the root, metadata only naming
 * name/generateName, embedded resources, int-or-string), the list-type rules, and that patterns
 * and CEL rules compile. Causes carry the API server's paths (`<prefix>.properties[spec].type`)
 * and wording, sorted as it sorts them, for a 422 on the CustomResourceDefinition.
 */
import { validateSchemaRules } from '../../kube/cel/validation-rules.js';
import { compileNode, compilePattern, SchemaCompileError, type SchemaNode } from './node.js';
import { validateDefaults } from './default-validation.js';
import { validateOpenAPIRules } from './openapi-rules.js';
import { fieldError, forbidden, invalid, notSupported, required, type FieldCause } from '../../kube/field-errors.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';

type Level = 'root' | 'item' | 'field';

const forbiddenInValueValidation: [keyof JSONSchemaProps, string][] = [
  ['type', 'must be empty to be structural'],
  ['additionalProperties', 'must be undefined to be structural'],
  ['default', 'must be undefined to be structural'],
  ['title', 'must be empty to be structural'],
  ['description', 'must be empty to be structural'],
  ['nullable', 'must be false to be structural'],
  ['x-kubernetes-preserve-unknown-fields', 'must be false to be structural'],
  ['x-kubernetes-embedded-resource', 'must be false to be structural'],
  ['x-kubernetes-int-or-string', 'must be false to be structural'],
  ['x-kubernetes-list-map-keys', 'must be empty to be structural'],
  ['x-kubernetes-list-type', 'must be undefined to be structural'],
  ['x-kubernetes-map-type', 'must be undefined to be structural'],
  ['x-kubernetes-validations', 'must be empty to be structural'],
];

function isIntOrStringAnyOf(s: JSONSchemaProps): boolean {
  const anyOf = s.anyOf ?? [];
  return anyOf.length === 2 && anyOf[0]?.type === 'integer' && anyOf[1]?.type === 'string' && Object.keys(anyOf[0]).length === 1 && Object.keys(anyOf[1]).length === 1;
}

/** allOf/anyOf/oneOf/not may only validate values, not declare structure. */
function checkValueValidation(s: JSONSchemaProps, path: string, out: FieldCause[], nested = false): void {
  for (const [key, message] of forbiddenInValueValidation) {
    const v = s[key];
    // A default is set whatever its value ("", false and 0 included); the other keys are unset at their zero value.
    const set = key === 'default' ? v !== undefined : v !== undefined && v !== false && v !== '' && !(Array.isArray(v) && v.length === 0);
    if (set) out.push(forbidden(`${path}.${key}`, message));
  }
  if (nested && s.properties?.metadata !== undefined) out.push(forbidden(`${path}.properties[metadata]`, 'must not be specified in a nested context'));
  for (const [name, prop] of Object.entries(s.properties ?? {})) checkValueValidation(prop, `${path}.properties[${name}]`, out, true);
  if (s.items) checkValueValidation(s.items, `${path}.items`, out, true);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (s[key] ?? []).forEach((sub, i) => checkValueValidation(sub, `${path}.${key}[${i}]`, out, true));
  if (s.not) checkValueValidation(s.not, `${path}.not`, out, true);
}

function checkMetadata(s: JSONSchemaProps, mustBeObject: boolean, level: Level, path: string, out: FieldCause[]): void {
  if (mustBeObject && s.type !== 'object') out.push(invalid(`${path}.type`, s.type ?? '', 'must be object'));
  if (level !== 'root') return;
  const extra = Object.keys(s).filter((k) => k !== 'type' && k !== 'default' && k !== 'properties');
  const props = Object.keys(s.properties ?? {});
  const onlyNames = props.every((p) => p === 'name' || p === 'generateName');
  if (extra.length > 0 || !onlyNames) {
    out.push(forbidden(path, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
  }
}

function checkListType(s: JSONSchemaProps, path: string, out: FieldCause[]): void {
  const listType = s['x-kubernetes-list-type'];
  const keys = s['x-kubernetes-list-map-keys'] ?? [];
  if (listType !== undefined) {
    if (s.type !== 'array') {
      if (!s.type) out.push(required(`${path}.type`, 'must be array if x-kubernetes-list-type is specified'));
      else out.push(invalid(`${path}.type`, s.type, 'must be array if x-kubernetes-list-type is specified'));
    }
    if (!['atomic', 'set', 'map'].includes(listType)) out.push(notSupported(`${path}.x-kubernetes-list-type`, listType, ['atomic', 'set', 'map']));
  }
  if (keys.length > 0 && listType !== 'map') {
    if (listType === undefined) out.push(required(`${path}.x-kubernetes-list-type`, 'must be map if x-kubernetes-list-map-keys is non-empty'));
    else out.push(invalid(`${path}.x-kubernetes-list-type`, listType, 'must be map if x-kubernetes-list-map-keys is non-empty'));
  }
  if (listType === 'set' && s.type === 'array' && s.items) {
    const items = s.items;
    if (items.type === 'array' && items['x-kubernetes-list-type'] !== undefined && items['x-kubernetes-list-type'] !== 'atomic') {
      out.push(invalid(`${path}.items.x-kubernetes-list-type`, items['x-kubernetes-list-type'], 'must be atomic as item of a list with x-kubernetes-list-type=set'));
    }
    if (items.type === 'object' && items['x-kubernetes-map-type'] !== 'atomic') {
      out.push(invalid(`${path}.items.x-kubernetes-map-type`, items['x-kubernetes-list-type'] ?? null, 'must be atomic as item of a list with x-kubernetes-list-type=set'));
    }
  }
  if ((listType === 'set' || listType === 'map') && s.items?.nullable) {
    out.push(forbidden(`${path}.items.nullable`, `cannot be nullable when x-kubernetes-list-type is ${listType}`));
  }
  if (listType === 'map') {
    if (keys.length === 0) out.push(required(`${path}.x-kubernetes-list-map-keys`, 'must not be empty if x-kubernetes-list-type is map'));
    const items = s.items;
    if (!items) {
      out.push(required(`${path}.items`, 'must have a schema if x-kubernetes-list-type is map'));
      return;
    }
    if (items.type !== 'object') out.push(invalid(`${path}.items.type`, items.type ?? '', "must be object if parent array's x-kubernetes-list-type is map"));
    const props = items.properties ?? {};
    if (!keys.every((k) => k in props)) out.push(fieldError('FieldValueInvalid', `${path}.x-kubernetes-list-map-keys`, keys, 'entries must all be names of item properties'));
    if (new Set(keys).size !== keys.length) out.push(fieldError('FieldValueInvalid', `${path}.x-kubernetes-list-map-keys`, keys, 'must not contain duplicate entries'));
    for (const k of keys) {
      const prop = props[k];
      if (!prop) continue;
      // The API server shows the items' type as the bad value here.
      if (prop.type === 'array' || prop.type === 'object') {
        out.push(invalid(`${path}.items.properties[${k}].type`, items.type ?? '', "must be a scalar type if parent array's x-kubernetes-list-type is map"));
      }
      if (prop.default === undefined && !(items.required ?? []).includes(k)) {
        out.push(required(`${path}.items.properties[${k}].default`, 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'));
      }
      if (prop.nullable) out.push(forbidden(`${path}.items.properties[${k}].nullable`, 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'));
    }
  }
}

function checkNode(s: JSONSchemaProps, level: Level, path: string, out: FieldCause[]): void {
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  const intOrString = s['x-kubernetes-int-or-string'] === true;
  const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
  if (s.type === 'array' && !s.items) out.push(required(`${path}.items`, 'must be specified'));
  if (s.items) checkNode(s.items, 'item', `${path}.items`, out);
  for (const [name, prop] of Object.entries(s.properties ?? {})) checkNode(prop, 'field', `${path}.properties[${name}]`, out);
  if (s.additionalProperties !== undefined) {
    if (level === 'root') out.push(forbidden(`${path}.additionalProperties`, 'must not be used at the root'));
    if (typeof s.additionalProperties === 'object') checkNode(s.additionalProperties, 'field', `${path}.additionalProperties`, out);
    if (s.additionalProperties !== true && s.properties && Object.keys(s.properties).length > 0) out.push(forbidden(`${path}.additionalProperties`, 'additionalProperties and properties are mutual exclusive'));
  }
  if (intOrString && preserve) out.push(invalid(`${path}.x-kubernetes-preserve-unknown-fields`, true, 'must be false if x-kubernetes-int-or-string is true'));
  if (intOrString && embedded) out.push(invalid(`${path}.x-kubernetes-embedded-resource`, true, 'must be false if x-kubernetes-int-or-string is true'));

  const skipAnyOf = intOrString && isIntOrStringAnyOf(s);
  (s.allOf ?? []).forEach((sub, i) => checkValueValidation(sub, `${path}.allOf[${i}]`, out));
  if (!skipAnyOf) (s.anyOf ?? []).forEach((sub, i) => checkValueValidation(sub, `${path}.anyOf[${i}]`, out));
  (s.oneOf ?? []).forEach((sub, i) => checkValueValidation(sub, `${path}.oneOf[${i}]`, out));
  if (s.not) checkValueValidation(s.not, `${path}.not`, out);

  if (embedded && s.type !== 'object') {
    if (!s.type) out.push(required(`${path}.type`, 'must be object if x-kubernetes-embedded-resource is true'));
    else out.push(invalid(`${path}.type`, s.type, 'must be object if x-kubernetes-embedded-resource is true'));
  } else if (!s.type && !intOrString && !preserve) {
    const where = { root: 'at the root', item: 'for specified array items', field: 'for specified object fields' }[level];
    out.push(required(`${path}.type`, `must not be empty ${where}`));
  }
  if (embedded && s.additionalProperties !== undefined) out.push(forbidden(`${path}.additionalProperties`, 'must not be used if x-kubernetes-embedded-resource is set'));
  if (level === 'root' && s.type && s.type !== 'object') out.push(invalid(`${path}.type`, s.type, 'must be object at the root'));
  const typeMeta = level === 'root' || embedded;
  for (const name of ['kind', 'apiVersion'] as const) {
    const prop = s.properties?.[name];
    if (prop && typeMeta && prop.type !== 'string') out.push(invalid(`${path}.properties[${name}].type`, prop.type ?? '', 'must be string'));
  }
  if (s.properties?.metadata) checkMetadata(s.properties.metadata, typeMeta, level, `${path}.properties[metadata]`, out);
  if (embedded && !preserve && Object.keys(s.properties ?? {}).length === 0) {
    out.push(required(`${path}.properties`, 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'));
  }
  if (s.pattern !== undefined) {
    try {
      compilePattern(s.pattern, `${path}.pattern`);
    } catch (err) {
      if (!(err instanceof SchemaCompileError)) throw err;
      const why = err.detail.replace(/^".*" is not a valid regular expression: /s, '');
      out.push(invalid(`${path}.pattern`, s.pattern, `must be a valid regular expression, but isn't: ${why}`));
    }
  }
  checkListType(s, path, out);
}

/**
 * Everything kube-apiserver would reject in `schema` (a CRD version's openAPIV3Schema); `prefix`
 * is the schema's path in the CRD, e.g. `spec.versions[0].schema.openAPIV3Schema`.
 */
export function validateStructuralSchema(schema: JSONSchemaProps, prefix = 'openAPIV3Schema'): FieldCause[] {
  const out: FieldCause[] = [];
  checkNode(schema, 'root', prefix, out);
  out.sort((a, b) => {
    const x = `${a.field}: ${a.message}`;
    const y = `${b.field}: ${b.message}`;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  // The schema as the server compiles it (patterns, CEL rules), once: the defaults are checked
  // against it and its compile error, if any, is reported last.
  let compiled: SchemaNode | undefined;
  let compileError: SchemaCompileError | undefined;
  if (out.length === 0) {
    try {
      compiled = compileNode(schema, 'openAPIV3Schema', true);
    } catch (err) {
      if (!(err instanceof SchemaCompileError)) throw err;
      compileError = err;
    }
  }
  // Defaults are checked only on a structural schema, as the API server does.
  if (out.length === 0) out.push(...validateDefaults(schema, prefix, compiled));
  out.push(...validateOpenAPIRules(schema, prefix));
  if (out.length > 0) return out;
  // CEL rules compile only on a structural schema; every rule problem is reported, as kube-apiserver does.
  const ruleErrors = validateSchemaRules(schema, prefix);
  if (ruleErrors.length > 0) return ruleErrors.map(({ reason, field, message }) => ({ reason, field, message }));
  if (compileError) {
    const err = compileError;
    const field = err.path.replace(/^openAPIV3Schema/, prefix);
    const value = err.path.endsWith('.rule') ? ruleAt(schema, err.path) : '';
    out.push(invalid(field, value, err.path.endsWith('.rule') ? `compilation failed: ${err.detail}` : err.detail));
  }
  return out;
}

/** The rule text at a compile error's path, shown as the bad value. */
function ruleAt(schema: JSONSchemaProps, path: string): string {
  let node: JSONSchemaProps | undefined = schema;
  const steps = path.replace(/^openAPIV3Schema/, '').match(/\.properties\[[^\]]*\]|\.items|\.additionalProperties|\.x-kubernetes-validations\[\d+\]/g) ?? [];
  for (const step of steps) {
    if (!node) return '';
    if (step.startsWith('.properties[')) node = node.properties?.[step.slice(12, -1)];
    else if (step === '.items') node = node.items;
    else if (step === '.additionalProperties') node = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
    else return node['x-kubernetes-validations']?.[Number(/\d+/.exec(step)![0])]?.rule ?? '';
  }
  return '';
}
