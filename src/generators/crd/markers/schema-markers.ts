/**
 * The validation, field, type and topology markers: each one's arguments (controller-gen's names and
 * targets) with its effect on a schema, controller-gen's checks, error texts and application
 * priorities (lower applies first).
 */
import { isMarkerOf } from '../../../markers/typed-values.js';
import type { MarkedValue, MarkerShape, MarkerValue, MarkerValueOf } from '../../../markers/types.js';
import type { JSONSchemaProps, ValidationRule } from '../../../kube/json-schema-props.js';
import type { CrdMarkerDefinition } from './crd-marker-definition.js';

export const VALIDATION_PREFIX = 'kubebuilder:validation:';
export const ITEMS_PREFIX = 'kubebuilder:validation:items:';

/** What a schema marker may need besides the schema: the enum values of a `+k8s:enum` type. */
export interface SchemaMarkerContext {
  /** String constants declared with the marked type in its package, for `+k8s:enum`. */
  enumConstants?: () => string[] | undefined;
  typeName?: string;
}

/** What a marker does to a schema, given its value as the marker's definition types it. */
interface SchemaEffect<V> {
  priority: number;
  apply: (schema: JSONSchemaProps, value: V, ctx: SchemaMarkerContext) => string | undefined;
}

const DEFAULT_PRIORITY = 10;

const isNumeric = (s: JSONSchemaProps) => s.type === 'integer' || s.type === 'number';
const isTextual = (s: JSONSchemaProps) => s.type === 'string' || s['x-kubernetes-int-or-string'] === true;
const typeText = (s: JSONSchemaProps) => s.type ?? '';

function numeric(key: 'maximum' | 'minimum' | 'multipleOf', label: string): SchemaEffect<number> {
  return {
    priority: DEFAULT_PRIORITY,
    apply(schema, n) {
      if (!isNumeric(schema)) return `must apply ${label} to a numeric value, found ${typeText(schema)}`;
      if (schema.type === 'integer' && !Number.isInteger(n)) return `cannot apply non-integral ${label} validation (${n}) to integer value`;
      schema[key] = n;
      return undefined;
    },
  };
}

function exclusive(key: 'exclusiveMaximum' | 'exclusiveMinimum'): SchemaEffect<boolean> {
  return {
    priority: DEFAULT_PRIORITY,
    apply(schema, value) {
      if (!isNumeric(schema)) return `must apply ${key.toLowerCase()} to a numeric value, found ${typeText(schema)}`;
      if (value) schema[key] = true;
      else delete schema[key];
      return undefined;
    },
  };
}

function textual<K extends 'maxLength' | 'minLength' | 'pattern'>(key: K): SchemaEffect<NonNullable<JSONSchemaProps[K]>> {
  return {
    priority: DEFAULT_PRIORITY,
    apply(schema, value) {
      if (!isTextual(schema)) return `must apply ${key.toLowerCase()} to a textual value, found type ${JSON.stringify(typeText(schema))}`;
      schema[key] = value;
      return undefined;
    },
  };
}

function arrayBound(key: 'maxItems' | 'minItems', label: string): SchemaEffect<number> {
  return {
    priority: DEFAULT_PRIORITY,
    apply(schema, value) {
      if (schema.type !== 'array') return `must apply ${label} to an array`;
      schema[key] = value;
      return undefined;
    },
  };
}

function objectBound(key: 'maxProperties' | 'minProperties'): SchemaEffect<number> {
  return {
    priority: DEFAULT_PRIORITY,
    apply(schema, value) {
      if (schema.type !== 'object') return `must apply ${key.toLowerCase()} to an object`;
      schema[key] = value;
      return undefined;
    },
  };
}

function set<V>(fn: (schema: JSONSchemaProps, value: V) => void, priority = DEFAULT_PRIORITY): SchemaEffect<V> {
  return {
    priority,
    apply(schema, value) {
      fn(schema, value);
      return undefined;
    },
  };
}

type SchemaFlag = 'x-kubernetes-preserve-unknown-fields' | 'x-kubernetes-embedded-resource' | 'x-kubernetes-int-or-string' | 'nullable';

/** An empty marker that sets one flag of the schema. */
function flag(key: SchemaFlag, priority = DEFAULT_PRIORITY): SchemaEffect<true> {
  return set((s) => {
    s[key] = true;
  }, priority);
}

function addRule(schema: JSONSchemaProps, rule: ValidationRule): void {
  (schema['x-kubernetes-validations'] ??= []).push(rule);
}

const VALID_REASONS = ['FieldValueRequired', 'FieldValueInvalid', 'FieldValueForbidden', 'FieldValueDuplicate'];

const str = { type: 'string' } as const;
const optStr = { type: 'string', optional: true } as const;

const X_VALIDATION = {
  name: 'XValidation',
  args: { rule: str, message: optStr, messageExpression: optStr, reason: optStr, fieldPath: optStr, optionalOldSelf: { type: 'bool', optional: true } },
} as const;

const xValidation: SchemaEffect<MarkerValueOf<typeof X_VALIDATION>> = {
  priority: DEFAULT_PRIORITY,
  apply(schema, v) {
    const reason = v.reason ?? '';
    if (reason !== '' && !VALID_REASONS.includes(reason)) {
      return `invalid reason ${reason}, valid values are FieldValueRequired, FieldValueInvalid, FieldValueForbidden and FieldValueDuplicate`;
    }
    const rule: ValidationRule = { rule: v.rule };
    if (v.message) rule.message = v.message;
    if (v.messageExpression) rule.messageExpression = v.messageExpression;
    if (reason) rule.reason = reason;
    if (v.fieldPath) rule.fieldPath = v.fieldPath;
    if (v.optionalOldSelf !== undefined) rule.optionalOldSelf = v.optionalOldSelf;
    addRule(schema, rule);
    return undefined;
  },
};

const goList = (fields: string[]) => `[${fields.join(' ')}]`;

/**
 * The CEL rule of a oneOf marker as released controller-tools v0.21 writes it: the number of
 * set fields, `[has(self.a),has(self.b)].filter(x,x==true).size()`, compared with 1. (Its main
 * branch has since moved to cheaper forms, `(has(self.a)?1:0)+...` and `has(self.a)||...`, in no
 * release yet.)
 */
export function oneOfRule(fields: readonly string[], comparison: '<= 1' | '== 1' | '>= 1'): string {
  return `[${fields.map((f) => `has(self.${f})`).join(',')}].filter(x,x==true).size() ${comparison}`;
}

function oneOf(kind: 'AtMostOneOf' | 'ExactlyOneOf' | 'AtLeastOneOf', priority: number): SchemaEffect<string[]> {
  return {
    priority,
    apply(schema, fields) {
      if (fields.length === 0) return undefined;
      if (kind === 'AtMostOneOf') addRule(schema, { rule: oneOfRule(fields, '<= 1'), message: `at most one of the fields in ${goList(fields)} may be set` });
      else if (kind === 'ExactlyOneOf') addRule(schema, { rule: oneOfRule(fields, '== 1'), message: `exactly one of the fields in ${goList(fields)} must be set` });
      else addRule(schema, { rule: oneOfRule(fields, '>= 1'), message: `at least one of the fields in ${goList(fields)} must be set` });
      return undefined;
    },
  };
}

const listType: SchemaEffect<string> = {
  priority: DEFAULT_PRIORITY - 1,
  apply(schema, v) {
    if (schema.type !== 'array') return `must apply listType to an array, found ${typeText(schema)}`;
    if (v !== 'map' && v !== 'atomic' && v !== 'set') return 'ListType must be either "map", "set" or "atomic"';
    schema['x-kubernetes-list-type'] = v;
    return undefined;
  },
};

const listMapKey: SchemaEffect<string> = {
  priority: DEFAULT_PRIORITY,
  apply(schema, value) {
    if (schema.type !== 'array') return `must apply listMapKey to an array, found ${typeText(schema)}`;
    if (schema['x-kubernetes-list-type'] !== 'map') return 'must apply listMapKey to an associative-list';
    (schema['x-kubernetes-list-map-keys'] ??= []).push(value);
    return undefined;
  },
};

const mapType: SchemaEffect<string> = {
  priority: DEFAULT_PRIORITY,
  apply(schema, v) {
    if (schema.type !== 'object') return 'must apply mapType to an object';
    if (v !== 'atomic' && v !== 'granular') return 'MapType must be either "granular" or "atomic"';
    schema['x-kubernetes-map-type'] = v;
    return undefined;
  },
};

const structType: SchemaEffect<string> = {
  priority: DEFAULT_PRIORITY,
  apply(schema, v) {
    if (schema.type !== 'object' && schema.type !== undefined) {
      return 'must apply structType to an object; either explicitly set or defaulted through an empty schema type';
    }
    if (v !== 'atomic' && v !== 'granular') return 'StructType must be either "granular" or "atomic"';
    schema['x-kubernetes-map-type'] = v;
    return undefined;
  },
};

const kubernetesDefault: SchemaEffect<string> = {
  priority: 9,
  apply(schema, value) {
    const text = value.trim();
    if (text.startsWith('ref(')) return undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null) schema.default = parsed;
      return undefined;
    } catch (err) {
      return `+default takes a JSON value: ${(err as Error).message}`;
    }
  },
};

const kubebuilderDefault: SchemaEffect<MarkerValue> = {
  priority: 10,
  apply(schema, value) {
    let v = value;
    // an `any` value: `{}` is guessed a map, and means an empty list on an array
    if (schema.type === 'array' && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) v = [];
    schema.default = v;
    return undefined;
  },
};

/** How Go's %T names a value of the any-typed markers, for error texts that match controller-gen's. */
function goTypeName(value: MarkerValue): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float64';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return '[]interface {}';
  if (typeof value === 'object') return 'map[string]interface {}';
  return 'string';
}

const title: SchemaEffect<MarkerValue> = {
  priority: DEFAULT_PRIORITY,
  apply(schema, value) {
    if (typeof value !== 'string') return `expected string, got ${goTypeName(value)}`;
    schema.title = value;
    return undefined;
  },
};

const EXTERNAL_DOCS = { name: 'kubebuilder:externalDocs', args: { url: str, description: optStr } } as const;

const externalDocs: SchemaEffect<MarkerValueOf<typeof EXTERNAL_DOCS>> = {
  priority: DEFAULT_PRIORITY,
  apply(schema, v) {
    const url = v.url;
    if (!/^(\/|[a-zA-Z][a-zA-Z0-9+.-]*:)/.test(url) || /\s/.test(url)) {
      return `invalid url ${JSON.stringify(url)} in kubebuilder:externalDocs marker: parse ${JSON.stringify(url)}: invalid URI for request`;
    }
    schema.externalDocs = v.description ? { url, description: v.description } : { url };
    return undefined;
  },
};

const k8sEnum: SchemaEffect<true> = {
  priority: DEFAULT_PRIORITY,
  apply(schema, _value, ctx) {
    if (schema.type !== 'string') return `enum type must be a string, not ${typeText(schema) || 'object'}`;
    const values = ctx.enumConstants?.();
    if (!values || values.length === 0) return `no enum values found for type ${ctx.typeName ?? ''}`;
    schema.enum = [...values].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    return undefined;
  },
};

const FT = ['field', 'type'] as const;

/** A schema marker: its definition, and its effect, which reads the marker's value as the definition types it. */
interface SchemaMarker {
  readonly definition: CrdMarkerDefinition;
  readonly priority: number;
  apply(schema: JSONSchemaProps, marker: MarkedValue, ctx: SchemaMarkerContext): string | undefined;
}

function schemaMarker<const D extends CrdMarkerDefinition>(definition: D, effect: SchemaEffect<MarkerValueOf<D>>): SchemaMarker {
  return {
    definition,
    priority: effect.priority,
    apply: (schema, marker, ctx) => (isMarkerOf(definition, marker) ? effect.apply(schema, marker.value, ctx) : undefined),
  };
}

/** `kubebuilder:validation:<Name>` on fields and types, and `kubebuilder:validation:items:<Name>` for their array items. */
function validation<const S extends Omit<MarkerShape, 'name'>>(
  name: string,
  help: string,
  shape: S,
  effect: SchemaEffect<MarkerValueOf<S & { name: string }>>,
): SchemaMarker[] {
  return [
    schemaMarker({ ...shape, name: VALIDATION_PREFIX + name, targets: FT, help }, effect),
    schemaMarker({ ...shape, name: ITEMS_PREFIX + name, targets: FT, help: `for array items: ${help}` }, effect),
  ];
}

const uniqueItems: SchemaEffect<boolean> = {
  priority: DEFAULT_PRIORITY,
  apply(schema, value) {
    if (schema.type !== 'array') return 'must apply uniqueitems to an array';
    if (value) schema.uniqueItems = true;
    else delete schema.uniqueItems;
    return undefined;
  },
};

const number = { value: { type: 'number' } } as const;
const int = { value: { type: 'int' } } as const;
const bool = { value: { type: 'bool' } } as const;
const text = { value: str } as const;
const empty = {} as const;

const oneOfMarker = (kind: 'AtMostOneOf' | 'ExactlyOneOf' | 'AtLeastOneOf', help: string, priority: number): SchemaMarker =>
  schemaMarker({ name: VALIDATION_PREFIX + kind, targets: ['type'], value: { type: { slice: 'string' } }, help }, oneOf(kind, priority));

/** `+kubebuilder:validation:XValidation` and its `items:` form, for readers of the rules they wrote (rule-diagnostics.ts). */
export const X_VALIDATION_DEFINITIONS = [VALIDATION_PREFIX, ITEMS_PREFIX].map((prefix) => ({
  name: prefix + X_VALIDATION.name,
  targets: FT,
  args: X_VALIDATION.args,
}));

/** Every marker with an effect on a schema: `kubebuilder:validation:<Name>`, `kubebuilder:validation:items:<Name>` and the others. */
const SCHEMA_MARKERS: SchemaMarker[] = [
  ...validation('Maximum', 'the maximum numeric value', number, numeric('maximum', 'maximum')),
  ...validation('Minimum', 'the minimum numeric value', number, numeric('minimum', 'minimum')),
  ...validation('ExclusiveMaximum', 'the maximum is not included', bool, exclusive('exclusiveMaximum')),
  ...validation('ExclusiveMinimum', 'the minimum is not included', bool, exclusive('exclusiveMinimum')),
  ...validation('MultipleOf', 'the value must be a multiple of this one', number, numeric('multipleOf', 'multipleof')),
  ...validation('MinProperties', 'the minimum number of keys of an object', int, objectBound('minProperties')),
  ...validation('MaxProperties', 'the maximum number of keys of an object', int, objectBound('maxProperties')),
  ...validation('MaxLength', 'the maximum length of a string', int, textual('maxLength')),
  ...validation('MinLength', 'the minimum length of a string', int, textual('minLength')),
  ...validation('Pattern', 'a regular expression the string must match', text, textual('pattern')),
  ...validation('MaxItems', 'the maximum length of a list', int, arrayBound('maxItems', 'maxitem')),
  ...validation('MinItems', 'the minimum length of a list', int, arrayBound('minItems', 'minitems')),
  ...validation('UniqueItems', 'all items of the list must be unique', bool, uniqueItems),
  ...validation(
    'Enum',
    'the exact values allowed',
    { value: { type: { slice: 'any' } } },
    set((s, v) => {
      s.enum = [...v];
    }),
  ),
  ...validation(
    'Format',
    'the OpenAPI format',
    text,
    set((s, v) => {
      s.format = v;
    }),
  ),
  ...validation(
    'Type',
    'overrides the schema type',
    text,
    set((s, v) => {
      s.type = v;
    }, DEFAULT_PRIORITY - 1),
  ),
  ...validation('XPreserveUnknownFields', 'keep fields the schema does not name', empty, flag('x-kubernetes-preserve-unknown-fields')),
  ...validation('XEmbeddedResource', 'the value is an embedded Kubernetes object', empty, flag('x-kubernetes-embedded-resource')),
  ...validation('XIntOrString', 'the value is an integer or a string', empty, flag('x-kubernetes-int-or-string', DEFAULT_PRIORITY - 1)),
  ...validation(X_VALIDATION.name, 'a CEL validation rule (x-kubernetes-validations)', { args: X_VALIDATION.args }, xValidation),
  oneOfMarker('AtMostOneOf', 'at most one of the listed fields may be set', 11),
  oneOfMarker('ExactlyOneOf', 'exactly one of the listed fields must be set', 12),
  oneOfMarker('AtLeastOneOf', 'at least one of the listed fields must be set', 13),
  schemaMarker({ name: 'k8s:enum', targets: ['type', 'field'], help: 'the string constants of this type are its enum values' }, k8sEnum),
  schemaMarker({ name: 'nullable', targets: ['field'], help: 'the field accepts null' }, flag('nullable')),
  schemaMarker({ name: 'kubebuilder:default', targets: ['field'], value: { type: 'any' }, help: 'the default value' }, kubebuilderDefault),
  schemaMarker({ name: 'default', targets: ['field'], value: { type: 'raw' }, help: 'the default value, as JSON' }, kubernetesDefault),
  schemaMarker(
    { name: 'kubebuilder:example', targets: ['field'], value: { type: 'any' }, help: 'an example value' },
    set((s, v) => {
      s.example = v;
    }),
  ),
  schemaMarker(
    { name: 'kubebuilder:validation:EmbeddedResource', targets: ['field'], help: 'the value is an embedded Kubernetes object' },
    flag('x-kubernetes-embedded-resource'),
  ),
  schemaMarker(
    { name: 'k8s:immutable', targets: ['field'], help: 'the field cannot change once set' },
    set((s) => addRule(s, { rule: 'self == oldSelf', message: 'field is immutable' })),
  ),
  schemaMarker(
    { name: 'kubebuilder:pruning:PreserveUnknownFields', targets: FT, help: 'keep fields the schema does not name' },
    flag('x-kubernetes-preserve-unknown-fields'),
  ),
  schemaMarker({ name: 'kubebuilder:title', targets: FT, value: { type: 'any' }, help: 'the schema title' }, title),
  schemaMarker({ name: 'listType', targets: FT, value: str, help: 'atomic, set or map' }, listType),
  schemaMarker({ name: 'k8s:listType', targets: FT, value: str, help: 'atomic, set or map' }, listType),
  schemaMarker({ name: 'listMapKey', targets: FT, value: str, help: 'a key of an associative list' }, listMapKey),
  schemaMarker({ name: 'k8s:listMapKey', targets: FT, value: str, help: 'a key of an associative list' }, listMapKey),
  schemaMarker({ name: 'mapType', targets: FT, value: str, help: 'atomic or granular' }, mapType),
  schemaMarker({ name: 'structType', targets: FT, value: str, help: 'atomic or granular' }, structType),
  schemaMarker({ ...EXTERNAL_DOCS, targets: FT, help: 'a link to more documentation' }, externalDocs),
];

/** The schema markers' definitions, for the registry. */
export const SCHEMA_MARKER_DEFINITIONS: readonly CrdMarkerDefinition[] = SCHEMA_MARKERS.map((m) => m.definition);

/** Schema markers by full name (without `+`). */
const BY_NAME: ReadonlyMap<string, SchemaMarker> = new Map(SCHEMA_MARKERS.map((m) => [m.definition.name, m]));

export interface MarkerProblem {
  marker: MarkedValue;
  message: string;
}

/**
 * Applies the schema markers among `markers` to `schema` in priority order (stable), then the
 * `items:` markers to the array's items, as controller-gen's applyMarkers does.
 */
export function applySchemaMarkers(
  schema: JSONSchemaProps,
  markers: readonly MarkedValue[],
  ctx: SchemaMarkerContext,
  problems: MarkerProblem[],
): void {
  const direct: { m: MarkedValue; e: SchemaMarker }[] = [];
  const items: { m: MarkedValue; e: SchemaMarker }[] = [];
  for (const m of markers) {
    const e = BY_NAME.get(m.name);
    if (e) (m.name.startsWith(ITEMS_PREFIX) ? items : direct).push({ m, e });
  }
  const byPriority = (a: { e: SchemaMarker }, b: { e: SchemaMarker }) => a.e.priority - b.e.priority;
  direct.sort(byPriority);
  items.sort(byPriority);
  for (const { m, e } of direct) {
    const err = e.apply(schema, m, ctx);
    if (err) problems.push({ marker: m, message: err });
  }
  for (const { m, e } of items) {
    if (schema.type !== 'array' || !schema.items) {
      problems.push({ marker: m, message: `must apply ${m.name} to an array value, found ${typeText(schema)}` });
      continue;
    }
    const err = e.apply(schema.items, m, ctx);
    if (err) problems.push({ marker: m, message: err });
  }
}

/** Rejects `+k8s:enum` on a field, as controller-gen does. */
export const K8S_ENUM_ON_FIELD_ERROR = 'k8s:enum must be set on a type, not a field';
