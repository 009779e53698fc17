/**
 * The internal apiextensions.JSONSchemaProps as kube-apiserver prints it when it refuses a whole
 * root schema: field.Error marshals a bad value to JSON, and the internal type has no JSON tags,
 * so the keys are the Go field names, in declaration order, every field present (null, false or
 * "" when unset); maps have sorted keys; decoded JSON values (default, enum, example) as they are.
 */
import { goValidationRule } from '../kube/cel/validation-rules.js';
import type { JSONSchemaProps } from '../kube/json-schema-props.js';
import { goJSON, goJSONStruct as struct } from '../kube/go-format.js';

/** The internal JSONSchemaProps fields, in declaration order, by the v1 JSON key that sets them. */
export const INTERNAL_FIELDS: readonly [jsonKey: string, goField: string][] = [
  ['id', 'ID'],
  ['$schema', 'Schema'],
  ['$ref', 'Ref'],
  ['description', 'Description'],
  ['type', 'Type'],
  ['nullable', 'Nullable'],
  ['format', 'Format'],
  ['title', 'Title'],
  ['default', 'Default'],
  ['maximum', 'Maximum'],
  ['exclusiveMaximum', 'ExclusiveMaximum'],
  ['minimum', 'Minimum'],
  ['exclusiveMinimum', 'ExclusiveMinimum'],
  ['maxLength', 'MaxLength'],
  ['minLength', 'MinLength'],
  ['pattern', 'Pattern'],
  ['maxItems', 'MaxItems'],
  ['minItems', 'MinItems'],
  ['uniqueItems', 'UniqueItems'],
  ['multipleOf', 'MultipleOf'],
  ['enum', 'Enum'],
  ['maxProperties', 'MaxProperties'],
  ['minProperties', 'MinProperties'],
  ['required', 'Required'],
  ['items', 'Items'],
  ['allOf', 'AllOf'],
  ['oneOf', 'OneOf'],
  ['anyOf', 'AnyOf'],
  ['not', 'Not'],
  ['properties', 'Properties'],
  ['additionalProperties', 'AdditionalProperties'],
  ['patternProperties', 'PatternProperties'],
  ['dependencies', 'Dependencies'],
  ['additionalItems', 'AdditionalItems'],
  ['definitions', 'Definitions'],
  ['externalDocs', 'ExternalDocs'],
  ['example', 'Example'],
  ['x-kubernetes-preserve-unknown-fields', 'XPreserveUnknownFields'],
  ['x-kubernetes-embedded-resource', 'XEmbeddedResource'],
  ['x-kubernetes-int-or-string', 'XIntOrString'],
  ['x-kubernetes-list-map-keys', 'XListMapKeys'],
  ['x-kubernetes-list-type', 'XListType'],
  ['x-kubernetes-map-type', 'XMapType'],
  ['x-kubernetes-validations', 'XValidations'],
];

/** Fields whose zero value is not null: plain strings and bools. */
const STRINGS = new Set(['ID', 'Schema', 'Description', 'Type', 'Format', 'Title', 'Pattern']);
const BOOLS = new Set(['Nullable', 'ExclusiveMaximum', 'ExclusiveMinimum', 'UniqueItems', 'XEmbeddedResource', 'XIntOrString']);

/** A Go map's JSON: sorted keys. */
function map(value: unknown, each: (v: unknown) => string): string {
  if (value === null || typeof value !== 'object') return 'null';
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .map((k) => `${goJSON(k)}:${each(obj[k])}`)
    .join(',')}}`;
}

const schemas = (v: unknown) => (Array.isArray(v) ? `[${v.map((s) => internalSchemaJSON(s as JSONSchemaProps)).join(',')}]` : 'null');
const schemaPtr = (v: unknown) => (v !== null && typeof v === 'object' ? internalSchemaJSON(v as JSONSchemaProps) : 'null');

/** JSONSchemaPropsOrBool: a schema allows; a bool is itself. */
function orBool(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  return typeof v === 'boolean' ? struct([['Allows', String(v)], ['Schema', 'null']]) : struct([['Allows', 'true'], ['Schema', schemaPtr(v)]]);
}

function field(goField: string, v: unknown): string {
  switch (goField) {
    case 'Items':
      if (v === undefined || v === null) return 'null';
      return Array.isArray(v) ? struct([['Schema', 'null'], ['JSONSchemas', schemas(v)]]) : struct([['Schema', schemaPtr(v)], ['JSONSchemas', 'null']]);
    case 'AllOf':
    case 'OneOf':
    case 'AnyOf':
      return schemas(v);
    case 'Not':
      return schemaPtr(v);
    case 'Properties':
    case 'PatternProperties':
    case 'Definitions':
      return map(v, schemaPtr);
    case 'AdditionalProperties':
    case 'AdditionalItems':
      return orBool(v);
    case 'Dependencies':
      return map(v, (d) => (Array.isArray(d) ? struct([['Schema', 'null'], ['Property', goJSON(d)]]) : struct([['Schema', schemaPtr(d)], ['Property', 'null']])));
    case 'ExternalDocs': {
      if (v === undefined || v === null) return 'null';
      const docs = v as { description?: string; url?: string };
      return struct([['Description', goJSON(docs.description ?? '')], ['URL', goJSON(docs.url ?? '')]]);
    }
    case 'XValidations':
      return Array.isArray(v) ? `[${v.map(goValidationRule).join(',')}]` : 'null';
    default:
      if (v === undefined || v === null) return STRINGS.has(goField) ? '""' : BOOLS.has(goField) ? 'false' : 'null';
      return goJSON(v);
  }
}

/** The JSON of the internal apiextensions.JSONSchemaProps converted from the v1 schema `s`. */
export function internalSchemaJSON(s: JSONSchemaProps): string {
  const raw = s as Record<string, unknown>;
  return struct(INTERNAL_FIELDS.map(([key, goField]) => [goField, field(goField, raw[key])]));
}
