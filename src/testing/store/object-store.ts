/**
 * The in-memory storage: one table per group-resource, one global resourceVersion
 * counter (as etcd's revision), and a bounded history of changes that watches start
 * from and that paged lists read snapshots through.
 */
import type { StoredObject } from '../model/object.js';
import { StatusError } from '../model/status.js';
import { expiredStatus } from '../../kube/status.js';

export type ChangeType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoreEvent {
  type: ChangeType;
  /** The group-resource key (`deployments.apps`). */
  resource: string;
  /** The object after the change; for DELETED, the last state with the deletion's resourceVersion. */
  object: StoredObject;
  /** The object before the change (absent for ADDED). */
  previous?: StoredObject;
  rv: number;
}

export type StoreListener = (event: StoreEvent) => void;

export function objectKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

export class ObjectStore {
  private revision = 0;
  private readonly tables = new Map<string, Map<string, StoredObject>>();
  /** history[historyStart..] are the retained changes; the array is compacted in batches. */
  private history: StoreEvent[] = [];
  private historyStart = 0;
  /** Every change with rv greater than this is still in the history. */
  private compacted = 0;
  private readonly listeners = new Set<StoreListener>();

  constructor(private historyLimit = 10_000) {}

  get resourceVersion(): number {
    return this.revision;
  }

  /** The newest revision whose successors are no longer all known. */
  get compactedRevision(): number {
    return this.compacted;
  }

  setHistoryLimit(limit: number): void {
    this.historyLimit = Math.max(1, limit);
    this.trimHistory();
  }

  private table(resource: string): Map<string, StoredObject> {
    let t = this.tables.get(resource);
    if (!t) {
      t = new Map();
      this.tables.set(resource, t);
    }
    return t;
  }

  get(resource: string, namespace: string | undefined, name: string): StoredObject | undefined {
    return this.tables.get(resource)?.get(objectKey(namespace, name));
  }

  /** Objects in key order (namespace, then name), as etcd returns a range. */
  list(resource: string, namespace?: string): StoredObject[] {
    const t = this.tables.get(resource);
    if (!t) return [];
    const prefix = namespace === undefined ? undefined : `${namespace}/`;
    const keys = [...t.keys()].filter((k) => prefix === undefined || k.startsWith(prefix)).sort();
    return keys.map((k) => t.get(k)!);
  }

  /** All tables (used by the garbage collector and namespace deletion). */
  resources(): string[] {
    return [...this.tables.keys()];
  }

  create(resource: string, object: StoredObject): StoredObject {
    const key = objectKey(object.metadata.namespace, object.metadata.name);
    const t = this.table(resource);
    if (t.has(key)) throw new Error(`store: ${resource} ${key} exists`);
    object.metadata.resourceVersion = String(++this.revision);
    t.set(key, object);
    this.record({ type: 'ADDED', resource, object, rv: this.revision });
    return object;
  }

  update(resource: string, object: StoredObject): StoredObject {
    const key = objectKey(object.metadata.namespace, object.metadata.name);
    const t = this.table(resource);
    const previous = t.get(key);
    if (!previous) throw new Error(`store: ${resource} ${key} missing`);
    object.metadata.resourceVersion = String(++this.revision);
    t.set(key, object);
    this.record({ type: 'MODIFIED', resource, object, previous, rv: this.revision });
    return object;
  }

  delete(resource: string, namespace: string | undefined, name: string): StoredObject {
    const key = objectKey(namespace, name);
    const t = this.table(resource);
    const previous = t.get(key);
    if (!previous) throw new Error(`store: ${resource} ${key} missing`);
    t.delete(key);
    const rv = ++this.revision;
    const object: StoredObject = { ...previous, metadata: { ...previous.metadata, resourceVersion: String(rv) } };
    this.record({ type: 'DELETED', resource, object, previous, rv });
    return object;
  }

  subscribe(listener: StoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Changes to `resource` after revision `rv`, oldest first; 410 Gone if some were compacted away. */
  changesSince(resource: string, rv: number): StoreEvent[] {
    this.assertRetained(rv);
    const out: StoreEvent[] = [];
    for (let i = this.history.length - 1; i >= this.historyStart; i--) {
      const e = this.history[i];
      if (e.rv <= rv) break;
      if (e.resource === resource) out.push(e);
    }
    return out.reverse();
  }

  /** The table as it was at revision `rv` (undoing later changes), in key order. */
  listAt(resource: string, rv: number, namespace?: string): StoredObject[] {
    if (rv >= this.revision) return this.list(resource, namespace);
    const state = new Map<string, StoredObject>();
    for (const o of this.list(resource, namespace)) state.set(objectKey(o.metadata.namespace, o.metadata.name), o);
    for (const e of this.changesSince(resource, rv).reverse()) {
      const key = objectKey(e.object.metadata.namespace, e.object.metadata.name);
      if (namespace !== undefined && e.object.metadata.namespace !== namespace) continue;
      if (e.type === 'ADDED') state.delete(key);
      else if (e.previous) state.set(key, e.previous);
    }
    return [...state.keys()].sort().map((k) => state.get(k)!);
  }

  assertRetained(rv: number): void {
    if (rv < this.compacted) {
      throw new StatusError(expiredStatus(`too old resource version: ${rv} (${this.compacted})`));
    }
  }

  /** Ensures the next revision is at least `rv` (used after loading fixtures). */
  tooLarge(rv: number): StatusError | undefined {
    if (rv <= this.revision) return undefined;
    return new StatusError({
      message: `Timeout: Too large resource version: ${rv}, current: ${this.revision}`,
      reason: 'Timeout',
      details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
      code: 504,
    });
  }

  private record(event: StoreEvent): void {
    this.history.push(event);
    this.trimHistory();
    for (const listener of this.listeners) listener(event);
  }

  private trimHistory(): void {
    const excess = this.history.length - this.historyStart - this.historyLimit;
    if (excess > 0) {
      this.historyStart += excess;
      this.compacted = this.history[this.historyStart - 1].rv;
    }
    if (this.historyStart > 1024 && this.historyStart > this.historyLimit) {
      this.history = this.history.slice(this.historyStart);
      this.historyStart = 0;
    }
  }
}
