/**
 * Internal apiextensions types as kube-apiserver prints them as bad values (a whole root schema,
 * the list of versions): field.Error marshals a bad value to JSON, and the internal types have no
 * JSON tags, so the keys are the Go field names, in declaration order, every field present (null,
 * false or "" when unset); maps have sorted keys; decoded JSON values (default, enum, example) as they are.
 */
import { goValidationRule } from '../../kube/cel/validation-rules.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';
import type { InternalVersion } from './internal-spec.js';
import { goJSON, goJSONStruct as struct } from '../../kube/go-format.js';

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
const schemaPtr = (v: unknown) => (v !== null && typeof v === 'object' ? internalSchemaJSON(v) : 'null');

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

const text = (v: unknown) => goJSON(typeof v === 'string' ? v : '');
const objects = (v: unknown, each: (o: Record<string, unknown>) => string) =>
  Array.isArray(v) ? `[${v.map((o) => each((o ?? {}) as Record<string, unknown>)).join(',')}]` : 'null';

function subresourcesJSON(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  const sub = v as { status?: unknown; scale?: Record<string, unknown> };
  const scale = sub.scale
    ? struct([
        ['SpecReplicasPath', text(sub.scale.specReplicasPath)],
        ['StatusReplicasPath', text(sub.scale.statusReplicasPath)],
        ['LabelSelectorPath', typeof sub.scale.labelSelectorPath === 'string' ? goJSON(sub.scale.labelSelectorPath) : 'null'],
      ])
    : 'null';
  return struct([['Status', sub.status === undefined || sub.status === null ? 'null' : '{}'], ['Scale', scale]]);
}

/**
 * The JSON of the internal versions (`spec.versions`), each with the fields that stayed per version
 * in the internal form (internal-spec.ts): the ones every version shares are null here.
 */
export function internalVersionsJSON(versions: readonly InternalVersion[]): string {
  return `[${versions
    .map((v) =>
      struct([
        ['Name', text(v.raw.name)],
        ['Served', String(v.raw.served === true)],
        ['Storage', String(v.raw.storage === true)],
        ['Deprecated', String(v.raw.deprecated === true)],
        ['DeprecationWarning', typeof v.raw.deprecationWarning === 'string' ? goJSON(v.raw.deprecationWarning) : 'null'],
        ['Schema', v.schema === undefined ? 'null' : struct([['OpenAPIV3Schema', schemaPtr((v.schema as { openAPIV3Schema?: unknown }).openAPIV3Schema)]])],
        ['Subresources', subresourcesJSON(v.subresources)],
        [
          'AdditionalPrinterColumns',
          objects(v.additionalPrinterColumns, (c) =>
            struct([
              ['Name', text(c.name)],
              ['Type', text(c.type)],
              ['Format', text(c.format)],
              ['Description', text(c.description)],
              ['Priority', String(typeof c.priority === 'number' ? c.priority : 0)],
              ['JSONPath', text(c.jsonPath)],
            ]),
          ),
        ],
        ['SelectableFields', objects(v.selectableFields, (f) => struct([['JSONPath', text(f.jsonPath)]]))],
      ]),
    )
    .join(',')}]`;
}
