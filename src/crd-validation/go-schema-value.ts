/**
 * Go's %#v of the internal apiextensions.JSONSchemaProps: the bad value kube-apiserver prints when
 * it refuses a whole root schema (internal types cannot be JSON-marshalled, so apimachinery's field
 * error falls back to %#v). Fields in the internal type's order, maps with sorted keys, decoded JSON
 * values as float64/string/bool/map/slice. Go prints a set pointer as its address, which differs
 * on every run; as goValidationRule does, a pointer to a scalar prints its value instead
 * (`(*float64)(5)`), and a pointer to a struct a fixed address (`(*apiextensions.JSON)(0xc000000000)`).
 */
import { goValidationRule } from '../kube/cel/validation-rules.js';
import type { JSONSchemaProps } from '../kube/json-schema-props.js';
import { goFloat, goQuote } from '../kube/go-format.js';

const ADDRESS = '0xc000000000';
const T = 'apiextensions.';

/** %#v of a value held in an interface{} (what json.Unmarshal decodes into). */
function goInterface(value: unknown): string {
  if (value === null || value === undefined) return 'interface {}(nil)';
  if (typeof value === 'number') return goFloat(value);
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[]interface {}{${value.map(goInterface).join(', ')}}`;
  const obj = value as Record<string, unknown>;
  const entries = Object.keys(obj)
    .sort()
    .map((k) => `${goQuote(k)}:${goInterface(obj[k])}`);
  return `map[string]interface {}{${entries.join(', ')}}`;
}

const str = (v: unknown) => goQuote(typeof v === 'string' ? v : '');
const bool = (v: unknown) => String(v === true);
const scalarPtr = (type: string, v: unknown, show: (v: unknown) => string) => `(*${type})(${v === undefined || v === null ? 'nil' : show(v)})`;
const structPtr = (type: string, v: unknown) => `(*${T}${type})(${v === undefined || v === null ? 'nil' : ADDRESS})`;
const num = (v: unknown) => goFloat(Number(v));

function stringSlice(v: unknown, type = '[]string'): string {
  return Array.isArray(v) ? `${type}{${v.map(str).join(', ')}}` : `${type}(nil)`;
}

function propsSlice(v: JSONSchemaProps[] | undefined): string {
  return v ? `[]${T}JSONSchemaProps{${v.map(goSchemaProps).join(', ')}}` : `[]${T}JSONSchemaProps(nil)`;
}

function propsMap(v: Record<string, JSONSchemaProps> | undefined, type: string): string {
  if (!v) return `${type}(nil)`;
  const entries = Object.keys(v)
    .sort()
    .map((k) => `${goQuote(k)}:${goSchemaProps(v[k]!)}`);
  return `${type}{${entries.join(', ')}}`;
}

/** %#v of an internal apiextensions.JSONSchemaProps converted from the v1 schema `s`. */
export function goSchemaProps(s: JSONSchemaProps): string {
  const raw = s as Record<string, unknown>;
  const enumValues = Array.isArray(s.enum) ? `[]${T}JSON{${s.enum.map(goInterface).join(', ')}}` : `[]${T}JSON(nil)`;
  const rules = s['x-kubernetes-validations'];
  const fields: [string, string][] = [
    ['ID', str(raw.id)],
    ['Schema', str(raw.$schema)],
    ['Ref', scalarPtr('string', raw.$ref, str)],
    ['Description', str(s.description)],
    ['Type', str(s.type)],
    ['Nullable', bool(s.nullable)],
    ['Format', str(s.format)],
    ['Title', str(s.title)],
    ['Default', structPtr('JSON', s.default)],
    ['Maximum', scalarPtr('float64', s.maximum, num)],
    ['ExclusiveMaximum', bool(s.exclusiveMaximum)],
    ['Minimum', scalarPtr('float64', s.minimum, num)],
    ['ExclusiveMinimum', bool(s.exclusiveMinimum)],
    ['MaxLength', scalarPtr('int64', s.maxLength, String)],
    ['MinLength', scalarPtr('int64', s.minLength, String)],
    ['Pattern', str(s.pattern)],
    ['MaxItems', scalarPtr('int64', s.maxItems, String)],
    ['MinItems', scalarPtr('int64', s.minItems, String)],
    ['UniqueItems', bool(s.uniqueItems)],
    ['MultipleOf', scalarPtr('float64', s.multipleOf, num)],
    ['Enum', enumValues],
    ['MaxProperties', scalarPtr('int64', s.maxProperties, String)],
    ['MinProperties', scalarPtr('int64', s.minProperties, String)],
    ['Required', stringSlice(s.required)],
    ['Items', structPtr('JSONSchemaPropsOrArray', s.items)],
    ['AllOf', propsSlice(s.allOf)],
    ['OneOf', propsSlice(s.oneOf)],
    ['AnyOf', propsSlice(s.anyOf)],
    ['Not', structPtr('JSONSchemaProps', s.not)],
    ['Properties', propsMap(s.properties, `map[string]${T}JSONSchemaProps`)],
    ['AdditionalProperties', structPtr('JSONSchemaPropsOrBool', s.additionalProperties)],
    ['PatternProperties', propsMap(raw.patternProperties as Record<string, JSONSchemaProps> | undefined, `map[string]${T}JSONSchemaProps`)],
    ['Dependencies', raw.dependencies ? `${T}JSONSchemaDependencies{}` : `${T}JSONSchemaDependencies(nil)`],
    ['AdditionalItems', structPtr('JSONSchemaPropsOrBool', raw.additionalItems)],
    ['Definitions', propsMap(raw.definitions as Record<string, JSONSchemaProps> | undefined, `${T}JSONSchemaDefinitions`)],
    ['ExternalDocs', structPtr('ExternalDocumentation', s.externalDocs)],
    ['Example', structPtr('JSON', s.example)],
    ['XPreserveUnknownFields', scalarPtr('bool', s['x-kubernetes-preserve-unknown-fields'], String)],
    ['XEmbeddedResource', bool(s['x-kubernetes-embedded-resource'])],
    ['XIntOrString', bool(s['x-kubernetes-int-or-string'])],
    ['XListMapKeys', stringSlice(s['x-kubernetes-list-map-keys'])],
    ['XListType', scalarPtr('string', s['x-kubernetes-list-type'], str)],
    ['XMapType', scalarPtr('string', s['x-kubernetes-map-type'], str)],
    ['XValidations', rules ? `${T}ValidationRules{${rules.map(goValidationRule).join(', ')}}` : `${T}ValidationRules(nil)`],
  ];
  return `${T}JSONSchemaProps{${fields.map(([k, v]) => `${k}:${v}`).join(', ')}}`;
}
