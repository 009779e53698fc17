/**
 * The objects of one kind held by an informer, keyed `namespace/name` (or `name` when
 * cluster-scoped), with a namespace index and any field indexes registered on the kind.
 */
import type { ObjectWithMeta } from '../client/types.js';

/** Computes the values an object is indexed under (controller-runtime's IndexerFunc). */
export type IndexFunc<T> = (obj: T) => string[] | string | undefined;

interface FieldIndex<T> {
  fn: IndexFunc<T>;
  byValue: Map<string, Set<string>>;
  valuesOf: Map<string, string[]>;
}

export function objectKey(obj: ObjectWithMeta): string {
  const ns = obj.metadata?.namespace;
  const name = obj.metadata?.name ?? '';
  return ns ? `${ns}/${name}` : name;
}

/** Told when an index function throws on an object (the index name, the object's key, the error). */
export type IndexErrorHandler = (err: unknown, index: string, key: string) => void;

export class IndexedStore<T extends ObjectWithMeta> {
  /**
   * `onIndexError` hears of an index function that throws. client-go's store panics there (an
   * IndexFunc error; controller-runtime's IndexerFunc has no error, so a panic), which kills the
   * process; before, our reflector retried the event forever and the whole kind's cache stopped
   * moving. We keep the object, leave it out of that one index (it is missing from
   * `matchingFields` lists on that index, nothing else), and report it loudly: one bad object
   * or index function must not stop every controller watching the kind.
   */
  constructor(private readonly onIndexError: IndexErrorHandler = () => {}) {}

  private readonly items = new Map<string, T>();
  private readonly byNamespace = new Map<string, Set<string>>();
  private readonly indexes = new Map<string, FieldIndex<T>>();

  get size(): number {
    return this.items.size;
  }

  get(key: string): T | undefined {
    return this.items.get(key);
  }

  values(): IterableIterator<T> {
    return this.items.values();
  }

  keysInNamespace(namespace: string): ReadonlySet<string> {
    return this.byNamespace.get(namespace) ?? new Set();
  }

  hasIndex(name: string): boolean {
    return this.indexes.has(name);
  }

  /** Adds a field index and indexes what is already stored. */
  addIndex(name: string, fn: IndexFunc<T>): void {
    if (this.indexes.has(name)) throw new Error(`field index "${name}" is already registered`);
    const index: FieldIndex<T> = { fn, byValue: new Map(), valuesOf: new Map() };
    this.indexes.set(name, index);
    for (const [key, obj] of this.items) this.indexInto(name, index, key, obj);
  }

  /** Keys whose index `name` holds `value`. */
  byIndex(name: string, value: string): ReadonlySet<string> {
    const index = this.indexes.get(name);
    if (!index) throw new Error(`no field index "${name}"`);
    return index.byValue.get(value) ?? new Set();
  }

  /** Stores `obj`, returning what it replaced. */
  upsert(obj: T): T | undefined {
    const key = objectKey(obj);
    const old = this.items.get(key);
    this.items.set(key, obj);
    if (!old) {
      const ns = obj.metadata?.namespace ?? '';
      let set = this.byNamespace.get(ns);
      if (!set) this.byNamespace.set(ns, (set = new Set()));
      set.add(key);
    }
    if (this.indexes.size > 0) {
      for (const [name, index] of this.indexes) {
        if (old) this.unindexFrom(index, key);
        this.indexInto(name, index, key, obj);
      }
    }
    return old;
  }

  /** Removes the object with `key`, returning it. */
  remove(key: string): T | undefined {
    const old = this.items.get(key);
    if (!old) return undefined;
    this.items.delete(key);
    const ns = old.metadata?.namespace ?? '';
    const set = this.byNamespace.get(ns);
    set?.delete(key);
    if (set?.size === 0) this.byNamespace.delete(ns);
    for (const index of this.indexes.values()) this.unindexFrom(index, key);
    return old;
  }

  private indexInto(name: string, index: FieldIndex<T>, key: string, obj: T): void {
    let raw: ReturnType<IndexFunc<T>>;
    try {
      raw = index.fn(obj);
    } catch (err) {
      this.onIndexError(err, name, key);
      return;
    }
    const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    if (values.length === 0) return;
    index.valuesOf.set(key, values);
    for (const v of values) {
      let set = index.byValue.get(v);
      if (!set) index.byValue.set(v, (set = new Set()));
      set.add(key);
    }
  }

  private unindexFrom(index: FieldIndex<T>, key: string): void {
    const values = index.valuesOf.get(key);
    if (!values) return;
    index.valuesOf.delete(key);
    for (const v of values) {
      const set = index.byValue.get(v);
      set?.delete(key);
      if (set?.size === 0) index.byValue.delete(v);
    }
  }
}
