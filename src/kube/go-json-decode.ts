/**
 * What kube-apiserver's JSON decoding (sigs.k8s.io/json, Go's encoding/json) makes of a built-in
 * object, read from the type's schema (data/kubernetes-api): values that do not fit their Go types
 * (`json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`,
 * or the error of a type with its own decoder: a Quantity that does not parse, bad base64), and
 * the fields the types do not have, in document order (`spec.containers[0].colour`), which the
 * decoding drops. Built-in kinds get no OpenAPI validation; these are what a wrong field earns.
 *
 * A strategic merge patch's result is not decoded from JSON but converted from its map form
 * (apimachinery's unstructured converter), which words a value that does not fit otherwise
 * (`unrecognized type: int32`, `cannot restore map from slice`) and names no field: `from:
 * 'unstructured'` gives those texts.
 */
import type { JSONSchemaProps } from './json-schema-props.js';
import type { KubernetesApi } from './kubernetes-api.js';
import { isGoInt } from './go-format.js';
import { formatQuantity, parseQuantity, quantityError } from './quantity.js';
import { formatGoTime, parseGoTime } from './go-time.js';

const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const MICRO_TIME = 'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime';

/** A decoding error that stops decoding at once (custom decoders), unlike type mismatches Go notes and skips. */
class Abort extends Error {}

/** The word Go's decoder uses for the JSON value it could not store. */
export function jsonWord(value: unknown, target: string): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return /^u?int/.test(target) ? `number ${String(value)}` : 'number';
  return 'object';
}


/** The byte offset Go's base64.StdEncoding reports for a string that is not padded base64, or undefined. */
function base64Error(s: string): number | undefined {
  const bad = s.search(/[^A-Za-z0-9+/=]/);
  const firstPad = s.indexOf('=');
  if (bad >= 0 && (firstPad < 0 || bad < firstPad)) return bad;
  if (firstPad >= 0) {
    const padding = s.length - firstPad;
    if (!/^=+$/.test(s.slice(firstPad)) || padding > 2 || s.length % 4 !== 0) return firstPad;
    return undefined;
  }
  return s.length % 4 === 0 ? undefined : s.length - (s.length % 4);
}

interface Context {
  /** Go type name of the innermost struct being filled. */
  struct: string;
  /** JSON field names from the root (no indexes, no map keys), as Go's errorContext.FieldStack. */
  fields: string[];
  /** The path as strict decoding names unknown fields (`spec.containers[0]`). */
  path: string;
}

export interface GoDecodeResult {
  /** The decoding error, or undefined when the object decodes. */
  error?: string;
  /** Paths of the fields the types do not have, in document order (now removed from the object). */
  unknownFields: string[];
}

/** What a value is decoded from: JSON text, or the map form of an object (runtime.DefaultUnstructuredConverter). */
export type GoDecodeSource = 'json' | 'unstructured';

/** The Go kind the unstructured form gives a JSON value (integers stay int64). */
function unstructuredKind(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'slice';
  if (typeof value === 'number') return isGoInt(value) ? 'int64' : 'float64';
  return 'map';
}

/**
 * The unstructured converter's error for `value` put into a Go value of type `target`, or
 * undefined when it converts (numbers convert between Go's integer and float types, an integral
 * float into an integer).
 */
function unstructuredMismatch(value: unknown, target: string): string | undefined {
  const kind = unstructuredKind(value);
  if (target.startsWith('map[')) return `cannot restore map from ${kind}`;
  if (target.startsWith('[]')) return `cannot restore slice from ${kind}`;
  if (target.includes('.')) return `cannot restore struct from: ${kind}`;
  const numeric = /^(u?int|float)/.test(target);
  if (kind === 'int64' && numeric) return undefined;
  if (kind === 'float64' && numeric) return target.startsWith('float') || Number.isInteger(value) ? undefined : `cannot convert float64 to ${target}`;
  if (kind === 'int64' && target === 'string') return 'cannot convert int64 to string';
  if ((kind === 'string' && target === 'string') || (kind === 'bool' && target === 'bool')) return undefined;
  return `unrecognized type: ${target}`;
}

class Decoder {
  private saved: string | undefined;
  readonly unknown: string[] = [];

  constructor(
    private readonly api: KubernetesApi,
    private readonly from: GoDecodeSource,
  ) {}

  run(component: string, obj: unknown, structName: string): string | undefined {
    try {
      this.struct(this.api.schema(component)!, obj, { struct: structName, fields: [], path: '' });
    } catch (err) {
      if (err instanceof Abort) return err.message;
      throw err;
    }
    return this.saved;
  }

  private note(value: unknown, target: string, ctx: Context): void {
    if (this.saved !== undefined) return;
    if (this.from === 'unstructured') {
      this.saved = unstructuredMismatch(value, target);
      return;
    }
    const where = ctx.fields.length > 0 ? `Go struct field ${ctx.struct}.${ctx.fields.join('.')}` : 'Go value';
    this.saved = `json: cannot unmarshal ${jsonWord(value, target)} into ${where} of type ${target}`;
  }

  /** Go's name of the type a schema stands for (`int32`, `[]v1.Container`, `map[string]string`, `v1.PodSpec`). */
  private typeName(schema: JSONSchemaProps): string {
    if (schema.$ref !== undefined) {
      const parts = schema.$ref.split('.');
      return `${parts[parts.length - 2]}.${parts[parts.length - 1]}`;
    }
    switch (schema.type) {
      case 'integer': return schema.format === 'int32' ? 'int32' : 'int64';
      case 'number': return schema.format === 'float' ? 'float32' : 'float64';
      case 'boolean': return 'bool';
      case 'string': return schema.format === 'byte' ? '[]uint8' : 'string';
      case 'array': return `[]${this.typeName(schema.items as JSONSchemaProps)}`;
      case 'object':
        if (schema.additionalProperties && typeof schema.additionalProperties === 'object') return `map[string]${this.typeName(schema.additionalProperties)}`;
        return 'map[string]interface {}';
      default: return 'interface {}';
    }
  }

  /** Checks `value` against `schema`; returns what Go would encode in its place when that differs (a quantity's canonical text). */
  private value(schema: JSONSchemaProps, value: unknown, ctx: Context): unknown {
    if (value === null || value === undefined) return undefined;
    if (schema.$ref !== undefined) return this.component(schema.$ref, value, ctx);
    if (schema['x-kubernetes-preserve-unknown-fields'] && schema.type === undefined) return;
    if (schema['x-kubernetes-int-or-string']) {
      this.intOrString(value);
      return;
    }
    const target = this.typeName(schema);
    switch (schema.type) {
      case 'integer': {
        if (typeof value !== 'number') return this.note(value, target, ctx);
        const limit = target === 'int32' ? 2 ** 31 : 2 ** 63;
        if (!isGoInt(value) || value >= limit || value < -limit) this.note(value, target, ctx);
        return;
      }
      case 'number':
        if (typeof value !== 'number') this.note(value, target, ctx);
        return;
      case 'boolean':
        if (typeof value !== 'boolean') this.note(value, target, ctx);
        return;
      case 'string':
        if (typeof value !== 'string') return this.note(value, target, ctx);
        if (schema.format === 'byte') {
          // Go notes a bad base64 string like a type mismatch and decodes on.
          const at = base64Error(value);
          if (at !== undefined) this.saved ??= `illegal base64 data at input byte ${at}`;
        }
        return;
      case 'array':
        if (!Array.isArray(value)) return this.note(value, target, ctx);
        value.forEach((item, i) => {
          const replaced = this.value(schema.items as JSONSchemaProps, item, { ...ctx, path: `${ctx.path}[${i}]` });
          if (replaced !== undefined) value[i] = replaced;
        });
        return;
      case 'object': {
        if (typeof value !== 'object' || Array.isArray(value)) return this.note(value, target, ctx);
        if (schema.properties) return this.struct(schema, value, ctx);
        const element = schema.additionalProperties;
        if (element && typeof element === 'object') {
          const map = value as Record<string, unknown>;
          for (const [k, v] of Object.entries(map)) {
            const replaced = this.value(element, v, { ...ctx, path: `${ctx.path}[${k}]` });
            if (replaced !== undefined) map[k] = replaced;
          }
        }
        return;
      }
    }
  }

  /** A component: one with its own JSON decoder, a struct, or a named basic type. */
  private component(name: string, value: unknown, ctx: Context): unknown {
    if (name === QUANTITY) {
      // Quantity's UnmarshalJSON parses whatever it is handed, quotes stripped; MarshalJSON writes
      // the canonical text (`1024Mi` is read back as `1Gi`, `0.5` as `500m`).
      const text = typeof value === 'string' ? value.trim() : JSON.stringify(value);
      const err = typeof value === 'number' ? undefined : quantityError(text);
      if (err) throw new Abort(err);
      const parsed = parseQuantity(text);
      return parsed === undefined ? undefined : formatQuantity(parsed);
    }
    if (name === INT_OR_STRING) return this.intOrString(value);
    const schema = this.api.schema(name);
    if (!schema) return;
    // An object type without properties is raw JSON in Go (FieldsV1, RawExtension): anything goes.
    if (schema.type === 'object' && !schema.properties && !schema.additionalProperties) return;
    if (schema.properties) {
      if (typeof value !== 'object' || Array.isArray(value)) return this.note(value, this.typeName({ $ref: name }), ctx);
      const parts = name.split('.');
      this.struct(schema, value, { ...ctx, struct: parts[parts.length - 1] });
      return;
    }
    if (schema.type === 'string' && schema.format === 'date-time') {
      // metav1.Time and MicroTime decode a JSON string through their own UnmarshalJSON (time.Parse)
      // and are written back in UTC.
      if (typeof value !== 'string') throw new Abort(`json: cannot unmarshal ${jsonWord(value, 'string')} into Go value of type string`);
      const layout = name === MICRO_TIME ? 'RFC3339Micro' : 'RFC3339';
      const time = parseGoTime(layout, value);
      if ('error' in time) throw new Abort(time.error);
      return formatGoTime(layout, time);
    }
    return this.value(schema, value, ctx);
  }

  /** intstr.IntOrString's UnmarshalJSON: a string, else an int32 decoded on its own. */
  private intOrString(value: unknown): void {
    if (typeof value === 'string') return;
    if (typeof value === 'number' && isGoInt(value) && value < 2 ** 31 && value >= -(2 ** 31)) return;
    throw new Abort(`json: cannot unmarshal ${jsonWord(value, 'int32')} into Go value of type int32`);
  }

  private struct(schema: JSONSchemaProps, value: unknown, ctx: Context): void {
    const properties = schema.properties ?? {};
    const obj = value as Record<string, unknown>;
    for (const [key, v] of Object.entries(obj)) {
      const path = ctx.path === '' ? key : `${ctx.path}.${key}`;
      const field = properties[key];
      if (!field) {
        this.unknown.push(path);
        delete obj[key];
        continue;
      }
      const replaced = this.value(field, v, { struct: ctx.struct, fields: [...ctx.fields, key], path });
      if (replaced !== undefined) obj[key] = replaced;
    }
  }
}

/**
 * Decodes `obj` as the built-in type `component`, in place: quantities take their canonical text, fields the types do not have are
 * removed and listed; the error is the first type mismatch in document order, or the first error
 * of a type that decodes itself, which ends decoding at once and wins.
 */
export function goDecode(api: KubernetesApi, component: string, obj: unknown, from: GoDecodeSource = 'json'): GoDecodeResult {
  const parts = component.split('.');
  const decoder = new Decoder(api, from);
  const error = decoder.run(component, obj, parts[parts.length - 1]);
  return { error, unknownFields: decoder.unknown };
}
