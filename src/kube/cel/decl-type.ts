/**
 * The declared CEL type of a structural schema, with the sizes the cost estimator needs, as
 * apiextensions-apiserver builds it (SchemaDeclType in apiserver/schema/cel/model):
 * objects with properties are object types whose fields are the properties with a CEL type
 * (names escaped; untyped, preserve-unknown-fields-only properties are left out); maps
 * (additionalProperties) are map(string, V); lists are list(T); x-kubernetes-int-or-string is dyn;
 * string formats byte, duration, date and date-time are bytes, duration and timestamp. At a
 * resource root (and an embedded resource) apiVersion, kind, metadata.name and
 * metadata.generateName are always there.
 *
 * Sizes: `maxElements` is maxItems / maxProperties / maxLength (x4 for plain strings, as lengths
 * count bytes), else the most a 3 MiB request can hold given the minimum serialized size of one
 * element; `minSize` is that minimum serialized size.
 */
import type { JSONSchemaProps } from '../json-schema-props.js';
import { escapePropertyName } from './escape.js';
import { BOOL, BYTES, DOUBLE, DURATION, DYN, INT, listOf, mapOf, STRING, TIMESTAMP, type CelType } from './types.js';

/** apiserver's DefaultMaxRequestSizeBytes (3 MiB). */
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;

// Serialized sizes (apiserver/pkg/cel/limits.go).
const MAX_DURATION_SIZE_JSON = 32;
const MAX_DATETIME_SIZE_JSON = 32;
const MIN_DURATION_SIZE_JSON = 3;
const JSON_DATE_SIZE = 12;
const MIN_DATETIME_SIZE_JSON = 21;
const MIN_STRING_SIZE = 2;
const MIN_BOOL_SIZE = 4;
const MIN_NUMBER_SIZE = 1;

export interface DeclType {
  readonly type: CelType;
  readonly maxElements: number;
  readonly minSize: number;
  readonly fields?: ReadonlyMap<string, DeclType>;
  /** List items or map values. */
  readonly elem?: DeclType;
  /** Map keys. */
  readonly key?: DeclType;
}

const MAP_KEY: DeclType = { type: STRING, maxElements: 0, minSize: MIN_STRING_SIZE };

function maxStringLengthPerRequest(schema: JSONSchemaProps): number {
  if (schema['x-kubernetes-int-or-string']) return MAX_REQUEST_SIZE_BYTES - 2;
  switch (schema.format) {
    case 'duration':
      return MAX_DURATION_SIZE_JSON;
    case 'date':
      return JSON_DATE_SIZE;
    case 'date-time':
      return MAX_DATETIME_SIZE_JSON;
    default:
      return MAX_REQUEST_SIZE_BYTES - 2;
  }
}

const nonNegative = (n: number) => Math.max(0, n);
const maxArrayItems = (minSize: number) => Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (minSize + 1));
const maxMapProperties = (minSize: number) => Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (minSize + 6));

/** The schema a resource root is seen with: apiVersion, kind and metadata (name, generateName only). */
function withTypeAndObjectMeta(schema: JSONSchemaProps): JSONSchemaProps {
  return {
    ...schema,
    type: 'object',
    properties: {
      ...schema.properties,
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object', properties: { name: { type: 'string' }, generateName: { type: 'string' } } },
    },
  };
}

/**
 * The declared type of values of `schema`, or undefined where CEL cannot see them (no type and
 * not int-or-string). `name` names object types (cel-go prints it in errors).
 */
export function schemaDeclType(schema: JSONSchemaProps, isResourceRoot: boolean, name = 'object'): DeclType | undefined {
  // Every rule of a schema needs its type, and a rule's type contains those of the rules below it.
  const key = `${isResourceRoot}|${name}`;
  let cached = declTypes.get(schema);
  if (cached?.has(key)) return cached.get(key);
  const decl = buildDeclType(schema, isResourceRoot, name);
  if (!cached) declTypes.set(schema, (cached = new Map<string, DeclType | undefined>()));
  cached.set(key, decl);
  return decl;
}

const declTypes = new WeakMap<JSONSchemaProps, Map<string, DeclType | undefined>>();

function buildDeclType(schema: JSONSchemaProps, isResourceRoot: boolean, name: string): DeclType | undefined {
  if (schema['x-kubernetes-int-or-string']) return { type: DYN, maxElements: MAX_REQUEST_SIZE_BYTES - 2, minSize: 1 };
  const s = isResourceRoot ? withTypeAndObjectMeta(schema) : schema;
  switch (s.type) {
    case 'array': {
      if (!s.items) return undefined;
      const elem = schemaDeclType(s.items, s.items['x-kubernetes-embedded-resource'] === true, `${name}.@idx`);
      if (!elem) return undefined;
      const maxElements = s.maxItems !== undefined ? nonNegative(s.maxItems) : maxArrayItems(elem.minSize);
      return { type: listOf(elem.type), elem, maxElements, minSize: 2 };
    }
    case 'object': {
      if (typeof s.additionalProperties === 'object') {
        const value = schemaDeclType(s.additionalProperties, s.additionalProperties['x-kubernetes-embedded-resource'] === true, `${name}.@idx`);
        if (!value) return undefined;
        const maxElements = s.maxProperties !== undefined ? nonNegative(s.maxProperties) : maxMapProperties(value.minSize);
        return { type: mapOf(STRING, value.type), elem: value, key: MAP_KEY, maxElements, minSize: 2 };
      }
      const required = new Set(s.required ?? []);
      const fields = new Map<string, DeclType>();
      const fieldTypes = new Map<string, CelType>();
      let minSize = 2;
      for (const [prop, propSchema] of Object.entries(s.properties ?? {})) {
        const escaped = escapePropertyName(prop);
        const field = schemaDeclType(propSchema, propSchema['x-kubernetes-embedded-resource'] === true, `${name}.${escaped ?? prop}`);
        if (!field) continue;
        if (escaped !== undefined) {
          fields.set(escaped, field);
          fieldTypes.set(escaped, field.type);
        }
        if (required.has(prop) && propSchema.default === undefined) minSize += prop.length + field.minSize + 4;
      }
      return { type: { kind: 'object', name, fields: fieldTypes }, fields, maxElements: 0, minSize };
    }
    case 'string': {
      switch (s.format) {
        case 'byte':
          return { type: BYTES, maxElements: s.maxLength !== undefined ? nonNegative(s.maxLength) : maxStringLengthPerRequest(s), minSize: MIN_STRING_SIZE };
        case 'duration':
          return { type: DURATION, maxElements: maxStringLengthPerRequest(s), minSize: MIN_DURATION_SIZE_JSON };
        case 'date':
          return { type: TIMESTAMP, maxElements: maxStringLengthPerRequest(s), minSize: JSON_DATE_SIZE };
        case 'date-time':
          return { type: TIMESTAMP, maxElements: maxStringLengthPerRequest(s), minSize: MIN_DATETIME_SIZE_JSON };
      }
      let maxElements: number;
      if (s.maxLength !== undefined) maxElements = nonNegative(s.maxLength) * 4;
      // estimateMaxStringEnumLength: the longest string value in bytes (Go's len); other values count 0.
      else if (s.enum && s.enum.length > 0) maxElements = Math.max(0, ...s.enum.map((v) => (typeof v === 'string' ? Buffer.byteLength(v) : 0)));
      else maxElements = maxStringLengthPerRequest(s);
      return { type: STRING, maxElements, minSize: MIN_STRING_SIZE };
    }
    case 'boolean':
      return { type: BOOL, maxElements: 0, minSize: MIN_BOOL_SIZE };
    case 'number':
      return { type: DOUBLE, maxElements: 0, minSize: MIN_NUMBER_SIZE };
    case 'integer':
      return { type: INT, maxElements: 0, minSize: MIN_NUMBER_SIZE };
    default:
      return undefined;
  }
}

/** How many times a value of this minimum size fits in a request (compilation.go's maxCardinality). */
export function maxCardinality(minSize: number): number {
  return Math.floor(MAX_REQUEST_SIZE_BYTES / (minSize + 1));
}
