/**
 * The validation, field, type and topology markers: each one's arguments (controller-gen's names and
 * targets) with its effect on a schema, controller-gen's checks, error texts and application
 * priorities (lower applies first).
 */
import { markerText, type ArgSpec, type MarkedValue, type MarkerValue } from '../../../markers/types.js';
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

interface SchemaEffect {
  priority: number;
  apply(schema: JSONSchemaProps, value: MarkerValue, ctx: SchemaMarkerContext): string | undefined;
}

const DEFAULT_PRIORITY = 10;

const isNumeric = (s: JSONSchemaProps) => s.type === 'integer' || s.type === 'number';
const isTextual = (s: JSONSchemaProps) => s.type === 'string' || s['x-kubernetes-int-or-string'] === true;
const typeText = (s: JSONSchemaProps) => s.type ?? '';

function numeric(key: 'maximum' | 'minimum' | 'multipleOf', label: string): SchemaEffect {
  return {
    priority: DEFAULT_PRIORITY,
    apply(schema, value) {
      if (!isNumeric(schema)) return `must apply ${label} to a numeric value, found ${typeText(schema)}`;
      const n = Number(value);
      if (schema.type === 'integer' && !Number.isInteger(n)) return `cannot apply non-integral ${label} validation (${n}) to integer value`;
      schema[key] = n;
      return undefined;
    },
  };
}

function exclusive(key: 'exclusiveMaximum' | 'exclusiveMinimum'): SchemaEffect {
  return {
    priority: DEFAULT_PRIORITY,
    apply(schema, value) {
      if (!isNumeric(schema)) return `must apply ${key.toLowerCase()} to a numeric value, found ${typeText(schema)}`;
      if (value === true) schema[key] = true;
      else delete schema[key];
      return undefined;
    },
  };
}

function textual(key: 'maxLength' | 'minLength' | 'pattern'): SchemaEffect {
  return {
    priority: DEFAULT_PRIORITY,
    apply(schema, value) {
      if (!isTextual(schema)) return `must apply ${key.toLowerCase()} to a textual value, found type ${JSON.stringify(typeText(schema))}`;
      if (key === 'pattern') schema.pattern = markerText(value);
      else schema[key] = Number(value);
      return undefined;
    },
  };
}

function arrayBound(key: 'maxItems' | 'minItems', label: string): SchemaEffect {
  return {
    priority: DEFAULT_PRIORITY,
    apply(schema, value) {
      if (schema.type !== 'array') return `must apply ${label} to an array`;
      schema[key] = Number(value);
      return undefined;
    },
  };
}

function objectBound(key: 'maxProperties' | 'minProperties'): SchemaEffect {
  return {
    priority: DEFAULT_PRIORITY,
    apply(schema, value) {
      if (schema.type !== 'object') return `must apply ${key.toLowerCase()} to an object`;
      schema[key] = Number(value);
      return undefined;
    },
  };
}

function set(fn: (schema: JSONSchemaProps, value: MarkerValue) => void, priority = DEFAULT_PRIORITY): SchemaEffect {
  return {
    priority,
    apply(schema, value) {
      fn(schema, value);
      return undefined;
    },
  };
}

function addRule(schema: JSONSchemaProps, rule: ValidationRule): void {
  (schema['x-kubernetes-validations'] ??= []).push(rule);
}

const VALID_REASONS = ['FieldValueRequired', 'FieldValueInvalid', 'FieldValueForbidden', 'FieldValueDuplicate'];

const xValidation: SchemaEffect = {
  priority: DEFAULT_PRIORITY,
  apply(schema, value) {
    const v = value as Record<string, MarkerValue>;
    const reason = v.reason === undefined ? '' : markerText(v.reason);
    if (reason !== '' && !VALID_REASONS.includes(reason)) {
      return `invalid reason ${reason}, valid values are FieldValueRequired, FieldValueInvalid, FieldValueForbidden and FieldValueDuplicate`;
    }
    const rule: ValidationRule = { rule: markerText(v.rule) };
    if (v.message !== undefined && v.message !== '') rule.message = markerText(v.message);
    if (v.messageExpression !== undefined && v.messageExpression !== '') rule.messageExpression = markerText(v.messageExpression);
    if (reason) rule.reason = reason;
    if (v.fieldPath !== undefined && v.fieldPath !== '') rule.fieldPath = markerText(v.fieldPath);
    if (v.optionalOldSelf !== undefined) rule.optionalOldSelf = Boolean(v.optionalOldSelf);
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

function oneOf(kind: 'AtMostOneOf' | 'ExactlyOneOf' | 'AtLeastOneOf', priority: number): SchemaEffect {
  return {
    priority,
    apply(schema, value) {
      const fields = (value as MarkerValue[]).map(String);
      if (fields.length === 0) return undefined;
      if (kind === 'AtMostOneOf') addRule(schema, { rule: oneOfRule(fields, '<= 1'), message: `at most one of the fields in ${goList(fields)} may be set` });
      else if (kind === 'ExactlyOneOf') addRule(schema, { rule: oneOfRule(fields, '== 1'), message: `exactly one of the fields in ${goList(fields)} must be set` });
      else addRule(schema, { rule: oneOfRule(fields, '>= 1'), message: `at least one of the fields in ${goList(fields)} must be set` });
      return undefined;
    },
  };
}

const listType: SchemaEffect = {
  priority: DEFAULT_PRIORITY - 1,
  apply(schema, value) {
    if (schema.type !== 'array') return `must apply listType to an array, found ${typeText(schema)}`;
    const v = markerText(value);
    if (v !== 'map' && v !== 'atomic' && v !== 'set') return 'ListType must be either "map", "set" or "atomic"';
    schema['x-kubernetes-list-type'] = v;
    return undefined;
  },
};

const listMapKey: SchemaEffect = {
  priority: DEFAULT_PRIORITY,
  apply(schema, value) {
    if (schema.type !== 'array') return `must apply listMapKey to an array, found ${typeText(schema)}`;
    if (schema['x-kubernetes-list-type'] !== 'map') return 'must apply listMapKey to an associative-list';
    (schema['x-kubernetes-list-map-keys'] ??= []).push(markerText(value));
    return undefined;
  },
};

const mapType: SchemaEffect = {
  priority: DEFAULT_PRIORITY,
  apply(schema, value) {
    if (schema.type !== 'object') return 'must apply mapType to an object';
    const v = markerText(value);
    if (v !== 'atomic' && v !== 'granular') return 'MapType must be either "granular" or "atomic"';
    schema['x-kubernetes-map-type'] = v;
    return undefined;
  },
};

const structType: SchemaEffect = {
  priority: DEFAULT_PRIORITY,
  apply(schema, value) {
    if (schema.type !== 'object' && schema.type !== undefined) {
      return 'must apply structType to an object; either explicitly set or defaulted through an empty schema type';
    }
    const v = markerText(value);
    if (v !== 'atomic' && v !== 'granular') return 'StructType must be either "granular" or "atomic"';
    schema['x-kubernetes-map-type'] = v;
    return undefined;
  },
};

const kubernetesDefault: SchemaEffect = {
  priority: 9,
  apply(schema, value) {
    const text = markerText(value).trim();
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

const kubebuilderDefault: SchemaEffect = {
  priority: 10,
  apply(schema, value) {
    let v: unknown = value;
    if (schema.type === 'array' && v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) v = [];
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

const title: SchemaEffect = {
  priority: DEFAULT_PRIORITY,
  apply(schema, value) {
    if (typeof value !== 'string') return `expected string, got ${goTypeName(value)}`;
    schema.title = value;
    return undefined;
  },
};

const externalDocs: SchemaEffect = {
  priority: DEFAULT_PRIORITY,
  apply(schema, value) {
    const v = value as Record<string, MarkerValue>;
    const url = markerText(v.url);
    if (!/^(\/|[a-zA-Z][a-zA-Z0-9+.-]*:)/.test(url) || /\s/.test(url)) {
      return `invalid url ${JSON.stringify(url)} in kubebuilder:externalDocs marker: parse ${JSON.stringify(url)}: invalid URI for request`;
    }
    schema.externalDocs = v.description ? { url, description: markerText(v.description) } : { url };
    return undefined;
  },
};

const k8sEnum: SchemaEffect = {
  priority: DEFAULT_PRIORITY,
  apply(schema, _value, ctx) {
    if (schema.type !== 'string') return `enum type must be a string, not ${typeText(schema) || 'object'}`;
    const values = ctx.enumConstants?.();
    if (!values || values.length === 0) return `no enum values found for type ${ctx.typeName ?? ''}`;
    schema.enum = [...values].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    return undefined;
  },
};

const str: ArgSpec = { type: 'string' };
const optStr: ArgSpec = { type: 'string', optional: true };
const FT = ['field', 'type'] as const;

type SchemaMarker = CrdMarkerDefinition & { effect: SchemaEffect };
type ValidationMarker = Omit<SchemaMarker, 'name' | 'targets'>;

/** Validation markers valid on fields, types, and (as `items:<Name>`) array items. */
const VALIDATION: Record<string, ValidationMarker> = {
  Maximum: { value: { type: 'number' }, help: 'the maximum numeric value', effect: numeric('maximum', 'maximum') },
  Minimum: { value: { type: 'number' }, help: 'the minimum numeric value', effect: numeric('minimum', 'minimum') },
  ExclusiveMaximum: { value: { type: 'bool' }, help: 'the maximum is not included', effect: exclusive('exclusiveMaximum') },
  ExclusiveMinimum: { value: { type: 'bool' }, help: 'the minimum is not included', effect: exclusive('exclusiveMinimum') },
  MultipleOf: { value: { type: 'number' }, help: 'the value must be a multiple of this one', effect: numeric('multipleOf', 'multipleof') },
  MinProperties: { value: { type: 'int' }, help: 'the minimum number of keys of an object', effect: objectBound('minProperties') },
  MaxProperties: { value: { type: 'int' }, help: 'the maximum number of keys of an object', effect: objectBound('maxProperties') },
  MaxLength: { value: { type: 'int' }, help: 'the maximum length of a string', effect: textual('maxLength') },
  MinLength: { value: { type: 'int' }, help: 'the minimum length of a string', effect: textual('minLength') },
  Pattern: { value: { type: 'string' }, help: 'a regular expression the string must match', effect: textual('pattern') },
  MaxItems: { value: { type: 'int' }, help: 'the maximum length of a list', effect: arrayBound('maxItems', 'maxitem') },
  MinItems: { value: { type: 'int' }, help: 'the minimum length of a list', effect: arrayBound('minItems', 'minitems') },
  UniqueItems: {
    value: { type: 'bool' },
    help: 'all items of the list must be unique',
    effect: {
      priority: DEFAULT_PRIORITY,
      apply(schema, value) {
        if (schema.type !== 'array') return 'must apply uniqueitems to an array';
        if (value === true) schema.uniqueItems = true;
        else delete schema.uniqueItems;
        return undefined;
      },
    },
  },
  Enum: {
    value: { type: { slice: 'any' } },
    help: 'the exact values allowed',
    effect: set((s, v) => {
      s.enum = [...(v as MarkerValue[])];
    }),
  },
  Format: {
    value: { type: 'string' },
    help: 'the OpenAPI format',
    effect: set((s, v) => {
      s.format = markerText(v);
    }),
  },
  Type: {
    value: { type: 'string' },
    help: 'overrides the schema type',
    effect: set((s, v) => {
      s.type = markerText(v);
    }, DEFAULT_PRIORITY - 1),
  },
  XPreserveUnknownFields: {
    help: 'keep fields the schema does not name',
    effect: set((s) => {
      s['x-kubernetes-preserve-unknown-fields'] = true;
    }),
  },
  XEmbeddedResource: {
    help: 'the value is an embedded Kubernetes object',
    effect: set((s) => {
      s['x-kubernetes-embedded-resource'] = true;
    }),
  },
  XIntOrString: {
    help: 'the value is an integer or a string',
    effect: set((s) => {
      s['x-kubernetes-int-or-string'] = true;
    }, DEFAULT_PRIORITY - 1),
  },
  XValidation: {
    args: {
      rule: str,
      message: optStr,
      messageExpression: optStr,
      reason: optStr,
      fieldPath: optStr,
      optionalOldSelf: { type: 'bool', optional: true },
    },
    help: 'a CEL validation rule (x-kubernetes-validations)',
    effect: xValidation,
  },
};

const oneOfMarker = (kind: 'AtMostOneOf' | 'ExactlyOneOf' | 'AtLeastOneOf', help: string, priority: number): SchemaMarker => ({
  name: VALIDATION_PREFIX + kind,
  targets: ['type'],
  value: { type: { slice: 'string' } },
  help,
  effect: oneOf(kind, priority),
});

/** Every marker with an effect on a schema: `kubebuilder:validation:<Name>`, `kubebuilder:validation:items:<Name>` and the others. */
const SCHEMA_MARKERS: SchemaMarker[] = [
  ...Object.entries(VALIDATION).flatMap(([name, marker]): SchemaMarker[] => [
    { name: VALIDATION_PREFIX + name, targets: FT, ...marker },
    { name: ITEMS_PREFIX + name, targets: FT, ...marker, help: `for array items: ${marker.help ?? ''}` },
  ]),
  oneOfMarker('AtMostOneOf', 'at most one of the listed fields may be set', 11),
  oneOfMarker('ExactlyOneOf', 'exactly one of the listed fields must be set', 12),
  oneOfMarker('AtLeastOneOf', 'at least one of the listed fields must be set', 13),
  { name: 'k8s:enum', targets: ['type', 'field'], help: 'the string constants of this type are its enum values', effect: k8sEnum },
  {
    name: 'nullable',
    targets: ['field'],
    help: 'the field accepts null',
    effect: set((s) => {
      s.nullable = true;
    }),
  },
  { name: 'kubebuilder:default', targets: ['field'], value: { type: 'any' }, help: 'the default value', effect: kubebuilderDefault },
  { name: 'default', targets: ['field'], value: { type: 'raw' }, help: 'the default value, as JSON', effect: kubernetesDefault },
  {
    name: 'kubebuilder:example',
    targets: ['field'],
    value: { type: 'any' },
    help: 'an example value',
    effect: set((s, v) => {
      s.example = v;
    }),
  },
  {
    name: 'kubebuilder:validation:EmbeddedResource',
    targets: ['field'],
    help: 'the value is an embedded Kubernetes object',
    effect: set((s) => {
      s['x-kubernetes-embedded-resource'] = true;
    }),
  },
  {
    name: 'k8s:immutable',
    targets: ['field'],
    help: 'the field cannot change once set',
    effect: set((s) => addRule(s, { rule: 'self == oldSelf', message: 'field is immutable' })),
  },
  {
    name: 'kubebuilder:pruning:PreserveUnknownFields',
    targets: FT,
    help: 'keep fields the schema does not name',
    effect: set((s) => {
      s['x-kubernetes-preserve-unknown-fields'] = true;
    }),
  },
  { name: 'kubebuilder:title', targets: FT, value: { type: 'any' }, help: 'the schema title', effect: title },
  { name: 'listType', targets: FT, value: str, help: 'atomic, set or map', effect: listType },
  { name: 'k8s:listType', targets: FT, value: str, help: 'atomic, set or map', effect: listType },
  { name: 'listMapKey', targets: FT, value: str, help: 'a key of an associative list', effect: listMapKey },
  { name: 'k8s:listMapKey', targets: FT, value: str, help: 'a key of an associative list', effect: listMapKey },
  { name: 'mapType', targets: FT, value: str, help: 'atomic or granular', effect: mapType },
  { name: 'structType', targets: FT, value: str, help: 'atomic or granular', effect: structType },
  { name: 'kubebuilder:externalDocs', targets: FT, args: { url: str, description: optStr }, help: 'a link to more documentation', effect: externalDocs },
];

/** The schema markers' definitions, for the registry. */
export const SCHEMA_MARKER_DEFINITIONS: readonly CrdMarkerDefinition[] = SCHEMA_MARKERS.map(({ effect: _effect, ...def }) => def);

/** Schema effects by full marker name (without `+`); an `items:` marker's is its validation marker's. */
const EFFECTS: Record<string, SchemaEffect> = Object.fromEntries(SCHEMA_MARKERS.map((m) => [m.name, m.effect]));

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
  const direct: { m: MarkedValue; e: SchemaEffect }[] = [];
  const items: { m: MarkedValue; e: SchemaEffect }[] = [];
  for (const m of markers) {
    if (m.name.startsWith(ITEMS_PREFIX)) {
      const e = EFFECTS[m.name];
      if (e) items.push({ m, e });
    } else {
      const e = EFFECTS[m.name];
      if (e) direct.push({ m, e });
    }
  }
  const byPriority = (a: { e: SchemaEffect }, b: { e: SchemaEffect }) => a.e.priority - b.e.priority;
  direct.sort(byPriority);
  items.sort(byPriority);
  for (const { m, e } of direct) {
    const err = e.apply(schema, m.value, ctx);
    if (err) problems.push({ marker: m, message: err });
  }
  for (const { m, e } of items) {
    if (schema.type !== 'array' || !schema.items) {
      problems.push({ marker: m, message: `must apply ${m.name} to an array value, found ${typeText(schema)}` });
      continue;
    }
    const err = e.apply(schema.items, m.value, ctx);
    if (err) problems.push({ marker: m, message: err });
  }
}

/** Rejects `+k8s:enum` on a field, as controller-gen does. */
export const K8S_ENUM_ON_FIELD_ERROR = 'k8s:enum must be set on a type, not a field';
