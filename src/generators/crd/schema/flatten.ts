/**
 * The flatten pass, as controller-gen's flatten.go: references are replaced by the flattened
 * schema of the type they name (the use site's description, title, example and external docs
 * win; its other keys are merged in), then every `allOf` is merged into its parent. Keys that
 * conflict and cannot be merged stay side by side in a new `allOf`.
 */
import { MAX_NESTING } from '../../../markers/index.js';
import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';

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

/**
 * For each schema object of a copy flattenType hands out, the cached object it was copied from.
 * controller-gen deep-copies the schema before merging allOf, and apiextensions' DeepCopy of a
 * JSONSchemaProps shares two pointers with the original: `default` and `x-kubernetes-list-type`.
 * So in two copies of one type (a field declared in an embedded type and again in the embedding
 * one, both of one type) those two are the same pointer and merge as one, while every other
 * pointer (minProperties, maxLength, items, ...) is a fresh copy and two equal values conflict,
 * as do equal values from two markers.
 */
const copiedFrom = new WeakMap<object, object>();

function copyRecordingOrigins<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyRecordingOrigins) as T;
  // No prototype: a property may be named __proto__ (which `out[key] =` would make the prototype).
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) out[key] = copyRecordingOrigins((value as Record<string, unknown>)[key]);
  copiedFrom.set(out, value);
  return out as T;
}

/** The keys whose values DeepCopy shares (see copiedFrom). */
const SHARED_BY_DEEP_COPY = new Set(['default', 'x-kubernetes-list-type']);

/**
 * For a key a merge moved from one schema object to another, the cached object its value came from
 * (null: none): controller-gen moves the pointer, so it is still the same as in other copies of that
 * cached object.
 */
const keySources = new WeakMap<object, Map<string, object | null>>();

/** The cached schema object the value at `key` comes from, if it comes from one. */
function keyOrigin(schema: object, key: string): object | undefined {
  const moved = keySources.get(schema)?.get(key);
  return moved === undefined ? copiedFrom.get(schema) : (moved ?? undefined);
}

function recordKeyOrigin(schema: object, key: string, origin: object | undefined): void {
  let sources = keySources.get(schema);
  if (!sources) keySources.set(schema, (sources = new Map<string, object | null>()));
  sources.set(key, origin ?? null);
}

/** Whether `key` holds the same pointer in both (see copiedFrom): then there is nothing to merge. */
function samePointer(dst: object, src: object, key: string): boolean {
  if (!SHARED_BY_DEEP_COPY.has(key)) return false;
  const origin = keyOrigin(src, key);
  return origin !== undefined && origin === keyOrigin(dst, key);
}

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
    if (key in d && samePointer(d, s, key)) continue;
    if (key === 'enum') {
      if (src.enum && src.enum.length > 0 && (!dst.enum || dst.enum.length === 0)) dst.enum = [...src.enum];
      continue;
    }
    const sv = s[key];
    if (isEmpty(sv)) continue;
    const dv = d[key];
    if (isEmpty(dv)) {
      d[key] = sv;
      recordKeyOrigin(d, key, keyOrigin(s, key));
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
        recordKeyOrigin(d, key, keyOrigin(s, key));
        continue;
      case 'x-kubernetes-validations':
        dst['x-kubernetes-validations'] = [...src['x-kubernetes-validations']!, ...dst['x-kubernetes-validations']!];
        continue;
    }
    srcRemainder[key] = sv;
    dstRemainder[key] = dv;
    recordKeyOrigin(srcRemainder, key, keyOrigin(s, key));
    recordKeyOrigin(dstRemainder, key, keyOrigin(d, key));
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

/** A referenced type's schema at a use site: the use site's docs win, its other keys are merged in. */
function preserveFields(typeSchema: JSONSchemaProps, useSite: JSONSchemaProps): JSONSchemaProps {
  const { description, title, externalDocs, example, $ref: _ref, ...rest } = useSite;
  const out: JSONSchemaProps = { allOf: [typeSchema, rest] };
  const d = description || typeSchema.description;
  if (d) out.description = d;
  const t = title || typeSchema.title;
  if (t) out.title = t;
  const docs = externalDocs ?? typeSchema.externalDocs;
  if (docs) out.externalDocs = docs;
  const ex = example !== undefined ? example : typeSchema.example;
  if (ex !== undefined) out.example = ex;
  return out;
}

/**
 * Resolves `$ref`s against unflattened schemas, caching each type's flattened schema. The pass
 * never mutates what it reads or caches (subtrees are shared); flattenType hands out a deep copy.
 */
export class Flattener {
  private readonly flattened = new Map<string, JSONSchemaProps>();
  /** For each cached type, every type its flattened schema was built from. */
  private readonly includes = new Map<string, Set<string>>();
  /** The types whose resolution is under way (innermost last), to record what each includes. */
  private readonly building: Set<string>[] = [];
  /**
   * The nesting of the resolution under way, and the types on its path (innermost last): fields,
   * list items, map values and embedded (`extends`) types each add a level, up to MAX_NESTING (a
   * chain of about 1,000 embedded types would run the recursive passes out of stack).
   */
  private depth = 0;
  private readonly typePath: string[] = [];
  private tooDeepReported = false;

  constructor(
    private readonly lookup: (id: string) => JSONSchemaProps | undefined,
    /** `typeId`: the type the error is about, when it is about one. */
    private readonly onError: (message: string, typeId?: string) => void,
    private readonly onWarning: (message: string) => void = () => {},
  ) {}

  /** Forgets every cached type built from one of `ids` (or everything). */
  invalidate(ids?: (id: string) => boolean): void {
    if (!ids) {
      this.flattened.clear();
      this.includes.clear();
      return;
    }
    for (const [id, deps] of this.includes) {
      if (ids(id) || [...deps].some(ids)) {
        this.flattened.delete(id);
        this.includes.delete(id);
      }
    }
  }

  /** Whether the flattened schema of `id` is cached. */
  has(id: string): boolean {
    const s = this.flattened.get(id);
    return s !== undefined && this.includes.has(id);
  }

  /** The type's schema with every reference resolved (allOf not yet merged), as a fresh copy. */
  flattenType(id: string): JSONSchemaProps | undefined {
    this.tooDeepReported = false;
    this.resolve({ $ref: id });
    const flattened = this.flattened.get(id);
    return flattened ? copyRecordingOrigins(flattened) : undefined;
  }

  private note(id: string): void {
    for (const set of this.building) {
      set.add(id);
      const deps = this.includes.get(id);
      if (deps) for (const d of deps) set.add(d);
    }
  }

  private resolve(input: JSONSchemaProps): JSONSchemaProps {
    if (this.depth >= MAX_NESTING) return this.tooDeep(input);
    this.depth++;
    const pathLength = this.typePath.length;
    try {
      return this.resolveAtDepth(input);
    } finally {
      this.depth--;
      this.typePath.length = pathLength;
    }
  }

  /** Past the nesting limit: one error per type flattened, naming the innermost type; the rest is cut off. */
  private tooDeep(input: JSONSchemaProps): JSONSchemaProps {
    if (!this.tooDeepReported) {
      this.tooDeepReported = true;
      const typeId = input.$ref ?? this.typePath.at(-1);
      const name = typeId === undefined ? 'a type' : `type ${typeId.slice(typeId.lastIndexOf('#') + 1)}`;
      this.onError(`${name} is nested more than ${MAX_NESTING} levels deep in the schema (fields, list items and embedded types each add a level; no real API comes near this): flatten the type or cut the chain of embedded types`, typeId);
    }
    return {};
  }

  private resolveAtDepth(input: JSONSchemaProps): JSONSchemaProps {
    let schema = input;
    const pending: { id: string; useSite: JSONSchemaProps; deps: Set<string> }[] = [];
    const seen = new Set<string>();
    let walkChildren = true;
    while (schema.$ref && !seen.has(schema.$ref)) {
      const id = schema.$ref;
      seen.add(id);
      this.note(id);
      const cached = this.flattened.get(id);
      if (cached) {
        if (!this.includes.has(id)) {
          this.onWarning(`type ${id.slice(id.lastIndexOf('#') + 1)} contains itself; the inner occurrence gets an empty schema (as with controller-gen)`);
        }
        schema = preserveFields(cached, schema);
        walkChildren = false;
        break;
      }
      const base = this.lookup(id);
      if (!base) {
        this.onError(`unable to locate schema for type ${id}`);
        const { $ref: _ref, ...rest } = schema;
        schema = rest;
        walkChildren = false;
        break;
      }
      this.flattened.set(id, {}); // a type that contains itself resolves to {} inside itself, as in controller-gen
      const deps = new Set<string>();
      this.building.push(deps);
      pending.push({ id, useSite: schema, deps });
      this.typePath.push(id);
      schema = base;
    }
    let out = walkChildren ? this.resolveChildren(schema) : schema;
    for (let i = pending.length - 1; i >= 0; i--) {
      const { id, useSite, deps } = pending[i];
      this.building.pop();
      this.flattened.set(id, out);
      this.includes.set(id, deps);
      out = preserveFields(out, useSite);
    }
    return out;
  }

  /** The schema with its children resolved; the same object when no child changed (shared, never mutated). */
  private resolveChildren(schema: JSONSchemaProps): JSONSchemaProps {
    let out: JSONSchemaProps | undefined;
    const set = <K extends keyof JSONSchemaProps>(key: K, value: JSONSchemaProps[K]) => {
      out ??= { ...schema };
      out[key] = value;
    };
    const list = (items: JSONSchemaProps[] | undefined): JSONSchemaProps[] | undefined => {
      if (!items) return undefined;
      const resolved = items.map((s) => this.resolve(s));
      return resolved.some((r, i) => r !== items[i]) ? resolved : undefined;
    };
    if (schema.items) {
      const r = this.resolve(schema.items);
      if (r !== schema.items) set('items', r);
    }
    const allOf = list(schema.allOf);
    if (allOf) set('allOf', allOf);
    const oneOf = list(schema.oneOf);
    if (oneOf) set('oneOf', oneOf);
    const anyOf = list(schema.anyOf);
    if (anyOf) set('anyOf', anyOf);
    if (schema.not) {
      const r = this.resolve(schema.not);
      if (r !== schema.not) set('not', r);
    }
    if (schema.properties) {
      let props: Record<string, JSONSchemaProps> | undefined;
      for (const [k, v] of Object.entries(schema.properties)) {
        const r = this.resolve(v);
        if (r !== v) (props ??= Object.assign(Object.create(null) as Record<string, JSONSchemaProps>, schema.properties))[k] = r;
      }
      if (props) set('properties', props);
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      const r = this.resolve(schema.additionalProperties);
      if (r !== schema.additionalProperties) set('additionalProperties', r);
    }
    return out ?? schema;
  }
}
