/**
 * Where a controller's events come from: the shared informer of a kind, or any async stream of
 * objects (external systems, timers), delivered as generic events.
 */
import type { InformerCache } from '../cache/cache.js';
import { log } from '../log/index.js';
import type { ObjectWithMeta } from '../client/types.js';
import type { Kind } from '../scheme/kind.js';
import type { EventHandler } from './handler.js';
import { passes, type Predicate } from './predicate.js';
import { lowPriority, type RequestQueue } from './request-queue.js';

export interface SourceContext {
  cache: InformerCache;
  queue: RequestQueue;
  signal: AbortSignal;
}

export interface Source<T = ObjectWithMeta> {
  /** Starts delivering the events that pass `predicates` to `handler`, until `ctx.signal` aborts. */
  start(ctx: SourceContext, handler: EventHandler<T>, predicates: readonly Predicate<T>[]): void;
  /** Resolves true once the source has delivered its initial state (false if aborted first). */
  waitForSync(signal: AbortSignal): Promise<boolean>;
  describe(): string;
}

/** Events of one kind from the manager's shared informer. */
export class KindSource<T> implements Source<T> {
  private cache: InformerCache | undefined;

  constructor(readonly kind: Kind<T>) {}

  start(ctx: SourceContext, handler: EventHandler<T>, predicates: readonly Predicate<T>[]): void {
    this.cache = ctx.cache;
    const informer = ctx.cache.getInformer(this.kind);
    const q = ctx.queue;
    // Objects of the initial list and resyncs (same resourceVersion) wait behind real changes.
    const low = lowPriority(q);
    // Without predicates (the common case) every event passes, with no call to find it out.
    const filtered = predicates.length > 0;
    const registration = informer.addEventHandler({
      onAdd: (obj, initialList) => {
        if (!filtered || passes(predicates, 'create', obj)) handler.create?.(obj, initialList ? low : q);
      },
      onUpdate: (oldObj, newObj) => {
        const oldVersion = resourceVersionOf(oldObj);
        const unchanged = oldVersion !== undefined && oldVersion === resourceVersionOf(newObj);
        if (!filtered || passes(predicates, 'update', oldObj, newObj)) handler.update?.(oldObj, newObj, unchanged ? low : q);
      },
      onDelete: (obj) => {
        if (!filtered || passes(predicates, 'delete', obj)) handler.delete?.(obj, q);
      },
    });
    ctx.signal.addEventListener('abort', () => registration.remove(), { once: true });
  }

  waitForSync(signal: AbortSignal): Promise<boolean> {
    if (!this.cache) return Promise.resolve(false);
    return this.cache.getInformer(this.kind).waitForSync(signal);
  }

  describe(): string {
    return `kind source: ${this.kind.kind}.${this.kind.apiVersion}`;
  }
}

function resourceVersionOf(obj: unknown): string | undefined {
  return (obj as ObjectWithMeta | null)?.metadata?.resourceVersion;
}

/** Generic events from an async iterable (for example a channel fed by another system). */
export class ChannelSource<T> implements Source<T> {
  constructor(private readonly events: AsyncIterable<T>, private readonly name = 'channel') {}

  start(ctx: SourceContext, handler: EventHandler<T>, predicates: readonly Predicate<T>[]): void {
    void (async () => {
      for await (const obj of this.events) {
        if (ctx.signal.aborted) break;
        if (passes(predicates, 'generic', obj)) handler.generic?.(obj, ctx.queue);
      }
    })().catch((err: unknown) => log.withName('source').error(err, 'channel source failed; it delivers no more events', { source: this.name }));
  }

  waitForSync(): Promise<boolean> {
    return Promise.resolve(true);
  }

  describe(): string {
    return `channel source: ${this.name}`;
  }
}

export const source = {
  kind: <T>(kind: Kind<T>) => new KindSource(kind),
  channel: <T>(events: AsyncIterable<T>, name?: string) => new ChannelSource(events, name),
};

export function isKind(x: unknown): x is Kind {
  const k = x as Partial<Kind> | null;
  return !!k && typeof k.plural === 'string' && typeof k.apiVersion === 'string' && typeof k.kind === 'string';
}
