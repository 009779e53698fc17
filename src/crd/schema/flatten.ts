/**
 * The flatten pass, as controller-gen's flatten.go: references are replaced by the flattened
 * schema of the type they name (the use site's description, title, example and external docs
 * win; its other keys are merged in), then every `allOf` is merged into its parent. Keys that
 * conflict and cannot be merged stay side by side in a new `allOf`.
 */
import type { JSONSchemaProps } from './json-schema.js';

type Schema = Record<string, unknown>;

/** Keys that never take part in merging. */
const DOC_KEYS = new Set(['allOf', 'title', 'description', 'example', 'externalDocs']);
/** Keys compared by value (Go value fields); other keys conflict whenever both sides set them. */
const VALUE_KEYS = new Set([
  '$ref',
  'type',
  'format',
  'pattern',
  'nullable',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'uniqueItems',
  'x-kubernetes-int-or-string',
  'x-kubernetes-embedded-resource',
]);

function isEmpty(v: unknown): boolean {
  return v === undefined;
}

/** Merges `src` into `dst` (controller-gen's flattenAllOfInto). */
export function flattenAllOfInto(dst: JSONSchemaProps, src: JSONSchemaProps, onError: (message: string) => void): void {
  if (src.allOf) for (const embedded of src.allOf) flattenAllOfInto(dst, embedded, onError);
  const d = dst as unknown as Schema;
  const s = src as unknown as Schema;
  const dstRemainder: Schema = {};
  const srcRemainder: Schema = {};
  let hoisted = false;
  for (const key of Object.keys(s)) {
    if (DOC_KEYS.has(key)) continue;
    if (key === 'enum') {
      if (src.enum && src.enum.length > 0 && (!dst.enum || dst.enum.length === 0)) dst.enum = [...src.enum];
      continue;
    }
    const sv = s[key];
    if (isEmpty(sv)) continue;
    const dv = d[key];
    if (isEmpty(dv)) {
      d[key] = sv;
      continue;
    }
    if (VALUE_KEYS.has(key) && sv === dv) continue;
    switch (key) {
      case 'properties': {
        const dp = dst.properties!;
        for (const [name, prop] of Object.entries(src.properties!)) {
          const existing = dp[name];
          if (!existing) dp[name] = prop;
          else flattenAllOfInto(existing, prop, onError);
        }
        continue;
      }
      case 'required':
        dst.required = [...dst.required!, ...src.required!];
        continue;
      case 'minProperties':
      case 'maxProperties':
        if (sv === dv) continue;
        break;
      case 'type':
        onError(`conflicting types in allOf branches in schema: ${String(dv)} vs ${String(sv)}`);
        continue;
      case 'additionalProperties': {
        if (typeof sv !== 'object') continue;
        if (typeof dv !== 'object') dst.additionalProperties = {};
        flattenAllOfInto(dst.additionalProperties as JSONSchemaProps, sv as JSONSchemaProps, onError);
        continue;
      }
      case 'x-kubernetes-preserve-unknown-fields':
      case 'x-kubernetes-map-type':
        d[key] = sv;
        continue;
      case 'x-kubernetes-validations':
        dst['x-kubernetes-validations'] = [...src['x-kubernetes-validations']!, ...dst['x-kubernetes-validations']!];
        continue;
    }
    srcRemainder[key] = sv;
    dstRemainder[key] = dv;
    delete d[key];
    hoisted = true;
  }
  if (hoisted) (dst.allOf ??= []).push(dstRemainder, srcRemainder);
  if (dst.required && dst.required.length > 0) dst.required = [...new Set(dst.required)].sort();
}

/** Merges every `allOf` of the tree into its parent (controller-gen's FlattenEmbedded). */
export function flattenEmbedded(schema: JSONSchemaProps, onError: (message: string) => void): void {
  const embedded = schema.allOf;
  if (embedded) {
    delete schema.allOf;
    for (const e of embedded) flattenAllOfInto(schema, e, onError);
  }
  forEachChild(schema, (child) => flattenEmbedded(child, onError));
}

function forEachChild(schema: JSONSchemaProps, fn: (child: JSONSchemaProps) => void): void {
  if (schema.items) fn(schema.items);
  for (const list of [schema.allOf, schema.oneOf, schema.anyOf]) if (list) for (const s of list) fn(s);
  if (schema.not) fn(schema.not);
  if (schema.properties) for (const p of Object.values(schema.properties)) fn(p);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') fn(schema.additionalProperties);
}

function replaceContents(target: JSONSchemaProps, source: JSONSchemaProps): void {
  for (const k of Object.keys(target)) delete (target as unknown as Schema)[k];
  Object.assign(target, source);
}

/** A referenced type's schema at a use site: the use site's docs win, its other keys are merged in. */
function preserveFields(typeSchema: JSONSchemaProps, useSite: JSONSchemaProps): JSONSchemaProps {
  const { description, title, externalDocs, example, $ref: _ref, ...rest } = useSite;
  const out: JSONSchemaProps = { allOf: [typeSchema, rest] };
  const doc = {
    description: description || typeSchema.description,
    title: title || typeSchema.title,
    externalDocs: externalDocs ?? typeSchema.externalDocs,
    example: example !== undefined ? example : typeSchema.example,
  };
  for (const [k, v] of Object.entries(doc)) if (v !== undefined && v !== "") (out as unknown as Schema)[k] = v;
  return out;
}

/** Resolves `$ref`s against unflattened schemas, caching each type's flattened schema. */
export class Flattener {
  private readonly flattened = new Map<string, JSONSchemaProps>();

  constructor(
    private readonly lookup: (id: string) => JSONSchemaProps | undefined,
    private readonly onError: (message: string) => void,
  ) {}

  invalidate(): void {
    this.flattened.clear();
  }

  /** The type's schema with every reference resolved (allOf not yet merged). */
  flattenType(id: string): JSONSchemaProps | undefined {
    const cached = this.flattened.get(id);
    if (cached) return structuredClone(cached);
    const base = this.lookup(id);
    if (!base) {
      this.onError(`unable to locate schema for type ${id}`);
      return undefined;
    }
    const schema = structuredClone(base);
    this.resolve(schema);
    this.flattened.set(id, structuredClone(schema));
    return schema;
  }

  private resolve(schema: JSONSchemaProps): void {
    const pending: { id: string; useSite: JSONSchemaProps }[] = [];
    const seen = new Set<string>();
    let walkChildren = true;
    while (schema.$ref && !seen.has(schema.$ref)) {
      const id = schema.$ref;
      seen.add(id);
      const cached = this.flattened.get(id);
      if (cached) {
        replaceContents(schema, preserveFields(structuredClone(cached), { ...schema }));
        walkChildren = false;
        break;
      }
      const base = this.lookup(id);
      if (!base) {
        this.onError(`unable to locate schema for type ${id}`);
        delete schema.$ref;
        walkChildren = false;
        break;
      }
      const useSite = { ...schema };
      replaceContents(schema, structuredClone(base));
      this.flattened.set(id, {});
      pending.push({ id, useSite });
    }
    if (walkChildren) forEachChild(schema, (child) => this.resolve(child));
    for (let i = pending.length - 1; i >= 0; i--) {
      const { id, useSite } = pending[i]!;
      this.flattened.set(id, structuredClone(schema));
      replaceContents(schema, preserveFields({ ...schema }, useSite));
    }
  }
}
