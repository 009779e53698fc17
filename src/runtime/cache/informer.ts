/**
 * A shared informer: one store of one kind, filled by one reflector per watched namespace
 * (or one for all), with event handlers that controllers register. All controllers watching a
 * kind share its informer, as in controller-runtime.
 */
import type { Logger } from '../log/index.js';
import type { RestTransport } from '../client/rest.js';
import type { ObjectWithMeta } from '../client/types.js';
import type { Kind } from '../scheme/kind.js';
import { Reflector, type ReflectorOptions } from './reflector.js';
import { IndexedStore, objectKey } from './store.js';

/** Callbacks for changes of one kind. Objects are the cache's own: read them, never mutate them. */
export interface InformerEventHandler<T> {
  /** `initialList` is true for objects found by the first list or replayed to a handler added later. */
  onAdd?(obj: T, initialList: boolean): void;
  /** Also called with `oldObj === newObj` on resync, and for every object after a relist. */
  onUpdate?(oldObj: T, newObj: T): void;
  onDelete?(obj: T): void;
}

export interface HandlerRegistration {
  remove(): void;
}

export interface InformerOptions extends ReflectorOptions {
  /** Namespaces to watch; all when undefined. Ignored for cluster-scoped kinds. */
  namespaces?: string[];
  /** How often every cached object is re-delivered as an update; 0 disables. */
  resyncPeriodMs?: number;
}

export class Informer<T extends ObjectWithMeta> {
  readonly store = new IndexedStore<T>((err, index, key) => this.log.error(err, 'index function failed: the object is cached but not in this index', { kind: this.kind.kind, index, key }));
  private readonly handlers = new Set<InformerEventHandler<T>>();
  /**
   * The handlers again, as an array that events are delivered from: iterating the set cost an
   * iterator and a result object per handler and event. A handler added during a delivery is
   * appended (and reached, as the set's iteration would); a removal makes a new array (a delivery
   * under way keeps its own), and a delivery skips handlers no longer in the set.
   */
  private handlerList: InformerEventHandler<T>[] = [];
  private readonly reflectors: Reflector<T>[] = [];
  private readonly scopes: (string | undefined)[];
  private syncedCount = 0;
  private syncWaiters: (() => void)[] = [];
  private running: Promise<void>[] = [];
  private abort: AbortController | undefined;
  private resyncTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly kind: Kind<T>,
    transport: RestTransport,
    private readonly log: Logger,
    private readonly options: InformerOptions = {},
  ) {
    const namespaces = options.namespaces;
    this.scopes = kind.namespaced && namespaces && namespaces.length > 0 ? [...new Set(namespaces)] : [undefined];
    for (const ns of this.scopes) {
      const scopeLog = ns === undefined ? log : log.withValues({ namespace: ns });
      this.reflectors.push(new Reflector(transport, kind, ns, this.sinkFor(ns), scopeLog, options));
    }
  }

  /** The namespaces this informer is limited to, or undefined for all. */
  get namespaces(): readonly string[] | undefined {
    return this.scopes[0] === undefined ? undefined : (this.scopes as string[]);
  }

  get started(): boolean {
    return this.abort !== undefined;
  }

  hasSynced(): boolean {
    return this.syncedCount === this.reflectors.length;
  }

  /** Summed counters of the reflectors (lists, watches, events, bookmarks, stalls, gone, errors). */
  stats(): Record<string, number> {
    const total: Record<string, number> = {};
    for (const r of this.reflectors) for (const [k, v] of Object.entries(r.stats)) total[k] = (total[k] ?? 0) + v;
    return total;
  }

  start(): void {
    if (this.abort) return;
    this.abort = new AbortController();
    const signal = this.abort.signal;
    this.running = this.reflectors.map((r) =>
      r.run(signal, () => {
        this.syncedCount++;
        if (this.hasSynced()) for (const w of this.syncWaiters.splice(0)) w();
      }),
    );
    const period = this.options.resyncPeriodMs ?? 0;
    if (period > 0) {
      this.resyncTimer = setInterval(() => this.resync(), period);
      this.resyncTimer.unref();
    }
  }

  async stop(): Promise<void> {
    if (!this.abort) return;
    this.abort.abort();
    clearInterval(this.resyncTimer);
    await Promise.allSettled(this.running);
    for (const w of this.syncWaiters.splice(0)) w();
  }

  /** Resolves true once every scope has been listed, or false if `signal` aborts (or the informer stops) first. */
  waitForSync(signal?: AbortSignal): Promise<boolean> {
    if (this.hasSynced()) return Promise.resolve(true);
    if (signal?.aborted || this.abort?.signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onAbort = () => resolve(false);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.syncWaiters.push(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(this.hasSynced());
      });
    });
  }

  /** Registers a handler; objects already cached are delivered to it as adds first. */
  addEventHandler(handler: InformerEventHandler<T>): HandlerRegistration {
    if (!this.handlers.has(handler)) {
      this.handlers.add(handler);
      this.handlerList.push(handler);
    }
    for (const obj of this.store.values()) handler.onAdd?.(obj, true);
    return {
      remove: () => {
        if (this.handlers.delete(handler)) this.handlerList = this.handlerList.filter((h) => h !== handler);
      },
    };
  }

  /** Re-delivers every cached object as an update of itself. */
  resync(): void {
    for (const obj of this.store.values()) this.emitUpdate(obj, obj);
  }

  private sinkFor(namespace: string | undefined) {
    let listedOnce = false;
    return {
      replace: (items: T[]) => {
        const initial = !listedOnce;
        listedOnce = true;
        if (initial) {
          // Nothing of this scope is cached before its first list (its watch starts after it): all adds, nothing gone.
          for (const obj of items) {
            this.store.upsert(obj);
            this.emitAdd(obj, true);
          }
          return;
        }
        const fresh = new Set<string>();
        for (const obj of items) {
          const key = objectKey(obj);
          fresh.add(key);
          const old = this.store.upsert(obj);
          if (old) this.emitUpdate(old, obj);
          else this.emitAdd(obj, false);
        }
        const scopeKeys = namespace === undefined ? [...this.allKeys()] : [...this.store.keysInNamespace(namespace)];
        for (const key of scopeKeys) {
          if (fresh.has(key)) continue;
          const gone = this.store.remove(key);
          if (gone) this.emitDelete(gone);
        }
      },
      upsert: (obj: T) => {
        const old = this.store.upsert(obj);
        if (old) this.emitUpdate(old, obj);
        else this.emitAdd(obj, false);
      },
      remove: (obj: T) => {
        const old = this.store.remove(objectKey(obj));
        this.emitDelete(old ?? obj);
      },
    };
  }

  private *allKeys(): Iterable<string> {
    for (const obj of this.store.values()) yield objectKey(obj);
  }

  // Each handler in its own try: a throwing handler must not break the watch loop or other
  // handlers (inline rather than through a callback, which cost a closure per handler and event).
  private emitAdd(obj: T, initial: boolean): void {
    const list = this.handlerList;
    for (let i = 0; i < list.length; i++) {
      const h = list[i];
      if (!this.handlers.has(h)) continue;
      try {
        h.onAdd?.(obj, initial);
      } catch (err) {
        this.handlerFailed(err);
      }
    }
  }

  private emitUpdate(oldObj: T, newObj: T): void {
    const list = this.handlerList;
    for (let i = 0; i < list.length; i++) {
      const h = list[i];
      if (!this.handlers.has(h)) continue;
      try {
        h.onUpdate?.(oldObj, newObj);
      } catch (err) {
        this.handlerFailed(err);
      }
    }
  }

  private emitDelete(obj: T): void {
    const list = this.handlerList;
    for (let i = 0; i < list.length; i++) {
      const h = list[i];
      if (!this.handlers.has(h)) continue;
      try {
        h.onDelete?.(obj);
      } catch (err) {
        this.handlerFailed(err);
      }
    }
  }

  private handlerFailed(err: unknown): void {
    this.log.error(err, 'informer event handler failed', { kind: this.kind.kind });
  }
}
