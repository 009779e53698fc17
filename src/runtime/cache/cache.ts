/**
 * The manager's cache: one shared informer per kind, created on first use, answering the
 * client's reads from memory. Reads hand out copies, so reconcilers may modify what they get.
 */
import { log as rootLog, type Logger } from '../log/index.js';
import { ApiError } from '../client/errors.js';
import { notFoundStatus } from '../../kube/status.js';
import type { RestTransport } from '../client/rest.js';
import type { ListOptions, ObjectKey, ObjectWithMeta, Reader } from '../client/types.js';
import { type Kind, kindKey } from '../scheme/kind.js';
import type { BackoffOptions } from './backoff.js';
import { Informer } from './informer.js';
import { compileLabelSelector } from '../client/label-selector.js';
import type { IndexFunc } from './store.js';

/** Per-kind settings: server-side selectors limit what is cached (and so what reads can see). */
export interface ByKindOptions {
  labelSelector?: string;
  fieldSelector?: string;
  /** Overrides the cache's namespaces for this kind. */
  namespaces?: string[];
}

export interface CacheOptions {
  /** Limit namespaced kinds to these namespaces (one informer watch per namespace). All when omitted. */
  namespaces?: string[];
  /** Re-deliver every cached object to handlers this often (controller-runtime's SyncPeriod, 10 h). 0 disables. */
  resyncPeriodMs?: number;
  /** Reopen a watch that is silent this long (no event, no bookmark). 120 s. */
  stallTimeoutMs?: number;
  /** Reconnect backoff of list/watch loops (800 ms doubling to 30 s). */
  watchBackoff?: BackoffOptions;
  /** Server watch timeout base (seconds); each watch asks for [min, 2*min). 300. */
  minWatchTimeoutSeconds?: number;
  byKind?: Map<Kind, ByKindOptions>;
  /** Return the cache's own objects from reads instead of copies (faster; never mutate them). */
  unsafeDisableDeepCopy?: boolean;
  logger?: Logger;
}

export class InformerCache implements Reader {
  private readonly informers = new Map<string, Informer<ObjectWithMeta>>();
  /** Label selectors that parts of the manager (a sharded controller) require for a kind, by kind key. */
  private readonly restricted = new Map<string, { selector: string; by: string }>();
  private readonly pendingIndexes = new Map<string, [string, IndexFunc<ObjectWithMeta>][]>();
  private startedSignal: AbortSignal | undefined;
  private readonly log: Logger;
  private readonly copy: <T>(obj: T) => T;

  constructor(private readonly transport: RestTransport, private readonly options: CacheOptions = {}) {
    this.log = (options.logger ?? rootLog).withName('cache');
    this.copy = options.unsafeDisableDeepCopy ? (o) => o : (o) => structuredClone(o);
  }

  get namespaces(): readonly string[] | undefined {
    return this.options.namespaces;
  }

  /** The shared informer of `kind`, created (and started, if the cache runs) on first request. */
  getInformer<T>(kind: Kind<T>): Informer<T & ObjectWithMeta> {
    const key = kindKey(kind);
    let informer = this.informers.get(key);
    if (!informer) {
      const byKind = this.byKindOptions(kind);
      informer = new Informer(kind as Kind<ObjectWithMeta>, this.transport, this.log.withValues({ kind: kind.kind, apiVersion: kind.apiVersion }), {
        namespaces: byKind.namespaces ?? this.options.namespaces,
        resyncPeriodMs: this.options.resyncPeriodMs ?? 10 * 3600_000,
        stallTimeoutMs: this.options.stallTimeoutMs,
        minWatchTimeoutSeconds: this.options.minWatchTimeoutSeconds,
        backoff: this.options.watchBackoff,
        labelSelector: byKind.labelSelector,
        fieldSelector: byKind.fieldSelector,
      });
      for (const [name, fn] of this.pendingIndexes.get(key) ?? []) informer.store.addIndex(name, fn);
      this.pendingIndexes.delete(key);
      this.informers.set(key, informer);
      if (this.startedSignal && !this.startedSignal.aborted) informer.start();
    }
    return informer as unknown as Informer<T & ObjectWithMeta>;
  }

  /**
   * Limits what the cache holds of `kind` to objects matching `labelSelector` as well (on top of any
   * byKind selector): a shard caches only its own objects. Must come before anything reads or
   * watches the kind, since an informer, once made, keeps its selector; `by` names the requester.
   */
  restrictKind(kind: Kind, labelSelector: string, by: string): void {
    const key = kindKey(kind);
    const earlier = this.restricted.get(key);
    if (earlier && earlier.selector !== labelSelector) {
      throw new Error(`cache: ${kind.kind} is already limited to ${earlier.selector} for ${earlier.by}; ${by} needs ${labelSelector}, and one cache holds one selection of a kind`);
    }
    if (this.informers.has(key) && !earlier) {
      throw new Error(`cache: ${kind.kind} is already cached without the label selector ${labelSelector} that ${by} needs; build the sharded controller before anything reads or watches ${kind.kind}`);
    }
    this.restricted.set(key, { selector: labelSelector, by });
  }

  /**
   * Indexes objects of `kind` under the values `fn` returns, so that
   * `list(kind, { matchingFields: { [name]: value } })` finds them without a scan.
   */
  indexField<T>(kind: Kind<T>, name: string, fn: (obj: T) => string[] | string | undefined): void {
    const informer = this.informers.get(kindKey(kind));
    const indexFn = fn as IndexFunc<ObjectWithMeta>;
    if (informer) informer.store.addIndex(name, indexFn);
    else {
      const list = this.pendingIndexes.get(kindKey(kind)) ?? [];
      if (list.some(([n]) => n === name)) throw new Error(`indexField: ${kind.kind} already has an index "${name}"`);
      list.push([name, indexFn]);
      this.pendingIndexes.set(kindKey(kind), list);
    }
  }

  /** Starts every informer requested so far and any requested later, until `signal` aborts. */
  start(signal: AbortSignal): void {
    if (this.startedSignal) return;
    this.startedSignal = signal;
    for (const informer of this.informers.values()) informer.start();
    signal.addEventListener('abort', () => void this.stop(), { once: true });
  }

  async stop(): Promise<void> {
    await Promise.all([...this.informers.values()].map((i) => i.stop()));
  }

  /** True once every informer has listed its kind; false if `signal` aborts first. */
  async waitForCacheSync(signal?: AbortSignal): Promise<boolean> {
    const results = await Promise.all([...this.informers.values()].map((i) => i.waitForSync(signal)));
    return results.every(Boolean);
  }

  async get<T>(kind: Kind<T>, key: ObjectKey): Promise<T> {
    const informer = await this.syncedInformer(kind);
    const ns = kind.namespaced ? key.namespace ?? '' : '';
    if (kind.namespaced) this.checkNamespace(informer, ns, `get ${kind.kind} ${ns}/${key.name}`);
    const obj = informer.store.get(ns ? `${ns}/${key.name}` : key.name);
    if (!obj) {
      throw new ApiError(404, notFoundStatus({ group: kind.group, resource: kind.plural }, key.name));
    }
    return this.copy(obj);
  }

  async list<T>(kind: Kind<T>, options: ListOptions = {}): Promise<T[]> {
    const informer = await this.syncedInformer(kind);
    const ns = kind.namespaced ? options.namespace : undefined;
    if (ns) this.checkNamespace(informer, ns, `list ${kind.kind} in ${ns}`);
    const store = informer.store;
    const matchLabels = compileLabelSelector(options.labelSelector);

    // Narrow by an index when one applies, then check every remaining condition on each object.
    const fields = Object.entries(options.matchingFields ?? {});
    let candidates: Iterable<ObjectWithMeta>;
    const indexed = fields.find(([f]) => store.hasIndex(f));
    if (indexed) candidates = keysToObjects(store.byIndex(indexed[0], indexed[1]), store);
    else if (ns) candidates = keysToObjects(store.keysInNamespace(ns), store);
    else candidates = store.values();
    for (const [field] of fields) {
      if (!store.hasIndex(field) && field !== 'metadata.name' && field !== 'metadata.namespace') {
        throw new Error(`list ${kind.kind}: no field index "${field}"; register it with indexField(${kind.kind}, '${field}', fn) before the cache starts`);
      }
    }
    const out: T[] = [];
    for (const obj of candidates) {
      const meta = obj.metadata ?? {};
      if (ns && meta.namespace !== ns) continue;
      if (!matchLabels(meta.labels as Record<string, string> | undefined)) continue;
      if (!fields.every(([f, v]) => fieldMatches(store, obj, f, v))) continue;
      out.push(this.copy(obj) as T);
    }
    return out;
  }

  private async syncedInformer<T>(kind: Kind<T>): Promise<Informer<T & ObjectWithMeta>> {
    if (!this.startedSignal) {
      throw new Error(`the cache is not started, cannot read ${kind.kind} objects (read after manager.start(), or use client.apiReader)`);
    }
    const informer = this.getInformer(kind);
    if (!informer.hasSynced() && !(await informer.waitForSync(this.startedSignal))) {
      throw new Error(`the cache stopped before ${kind.kind} objects were synced`);
    }
    return informer;
  }

  private checkNamespace(informer: { readonly namespaces: readonly string[] | undefined }, ns: string, what: string): void {
    const limited = informer.namespaces;
    if (limited && !limited.includes(ns)) {
      throw new Error(`${what}: namespace "${ns}" is not among the cache's namespaces (${limited.join(', ')})`);
    }
  }

  private byKindOptions(kind: Kind): ByKindOptions {
    let options: ByKindOptions = {};
    for (const [k, opts] of this.options.byKind ?? []) if (kindKey(k) === kindKey(kind)) options = opts;
    const restricted = this.restricted.get(kindKey(kind))?.selector;
    if (!restricted) return options;
    return { ...options, labelSelector: options.labelSelector ? `${options.labelSelector},${restricted}` : restricted };
  }
}

function* keysToObjects<T extends ObjectWithMeta>(keys: ReadonlySet<string>, store: { get(key: string): T | undefined }): Iterable<T> {
  for (const key of keys) {
    const obj = store.get(key);
    if (obj) yield obj;
  }
}

function fieldMatches(
  store: { hasIndex(n: string): boolean; byIndex(n: string, v: string): ReadonlySet<string> },
  obj: ObjectWithMeta,
  field: string,
  value: string,
): boolean {
  if (store.hasIndex(field)) {
    const ns = obj.metadata?.namespace;
    const key = ns ? `${ns}/${obj.metadata?.name}` : (obj.metadata?.name ?? '');
    return store.byIndex(field, value).has(key);
  }
  if (field === 'metadata.name') return obj.metadata?.name === value;
  return (obj.metadata?.namespace ?? '') === value;
}
