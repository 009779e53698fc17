/**
 * The controller builder:
 * `controllerManagedBy(mgr).for(CronJob).owns(Job).watches(src, handler).withEventFilter(p)
 *   .withOptions({ maxConcurrentReconciles }).named('cronjob').complete(reconciler)`.
 */
import type { ObjectWithMeta } from '../client/types.js';
import type { Kind } from '../scheme/kind.js';
import { bindWatch, Controller, type ControllerOptions, type Watch } from './controller.js';
import type { ControllerHost } from './controller-host.js';
import { shardedControllerFactory } from './sharded-factory.js';
import type { ShardingOptions } from './sharding-options.js';

export type { ControllerDefaults, ControllerHost } from './controller-host.js';
import { type EventHandler, handler as handlers, type OwnerHandlerOptions } from './handler.js';
import type { Predicate } from './predicate.js';
import { isKind, KindSource, type Source } from './source.js';
import type { ReconcileFunc, Reconciler } from './types.js';

function groupKindOf(kind: Kind): string {
  return kind.group ? `${kind.kind}.${kind.group}` : kind.kind;
}

export interface ForOptions<T> {
  predicates?: Predicate<T>[];
}

export interface OwnsOptions<T> extends ForOptions<T>, OwnerHandlerOptions {}

interface PendingWatch {
  bind(globalPredicates: Predicate<ObjectWithMeta>[]): Watch;
}

export class Builder {
  private forKind: Kind | undefined;
  private readonly pending: PendingWatch[] = [];
  private readonly globalPredicates: Predicate<ObjectWithMeta>[] = [];
  private options: ControllerOptions = {};
  private name: string | undefined;
  private readonly ownedKinds: Kind[] = [];
  private sharding: ShardingOptions | undefined;

  constructor(private readonly host: ControllerHost) {}

  /** The kind this controller reconciles: its events enqueue the object itself. Call once. */
  for<T>(kind: Kind<T>, options: ForOptions<T> = {}): this {
    if (this.forKind) throw new Error(`controller builder: for() was already called with ${this.forKind.kind}; call it once`);
    if (!isKind(kind)) throw new Error('controller builder: for() needs a kind descriptor (from defineKind)');
    this.forKind = kind;
    this.addWatch(new KindSource(kind), handlers.enqueueRequestForObject<T>(), options.predicates ?? []);
    return this;
  }

  /** A kind this controller creates: its events enqueue the controlling owner of the `for` kind. */
  owns<T>(kind: Kind<T>, options: OwnsOptions<T> = {}): this {
    if (!isKind(kind)) throw new Error('controller builder: owns() needs a kind descriptor (from defineKind)');
    this.ownedKinds.push(kind);
    // The owner kind is resolved at build time, so owns() may come before for().
    this.pending.push({
      bind: (global) => {
        if (!this.forKind) throw new Error(`controller builder: owns(${kind.kind}) needs for() to name the owner kind`);
        const h = handlers.enqueueRequestForOwner<T>(this.forKind, { onlyControllerOwner: options.onlyControllerOwner ?? true });
        return bindWatch(new KindSource(kind), h, [...(global as Predicate<T>[]), ...(options.predicates ?? [])]);
      },
    });
    return this;
  }

  /** Any other source (a kind or a channel) with its own handler. */
  watches<T>(source: Kind<T> | Source<T>, handler: EventHandler<T>, options: ForOptions<T> = {}): this {
    const src: Source<T> = isKind(source) ? new KindSource(source) : source;
    this.addWatch(src, handler, options.predicates ?? []);
    return this;
  }

  /** A predicate applied to the events of every watch of this controller. */
  withEventFilter(p: Predicate<ObjectWithMeta>): this {
    this.globalPredicates.push(p);
    return this;
  }

  withOptions(options: ControllerOptions): this {
    this.options = { ...this.options, ...options };
    return this;
  }

  /**
   * Spreads the `for()` objects over the replicas running this controller (see
   * src/runtime/sharding): each replica holds a shard Lease, caches and reconciles only the objects
   * (and owned objects) labelled with its shard, and the leader's sharder keeps the labels.
   */
  sharded(options: ShardingOptions = {}): this {
    this.sharding = options;
    return this;
  }

  /** The controller's name in logs and metrics; the lower-cased `for` kind by default. Unique per manager. */
  named(name: string): this {
    if (!/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/.test(name)) throw new Error(`controller builder: name "${name}" may only hold letters, digits, '-', '_' and '.'`);
    this.name = name;
    return this;
  }

  /** Builds the controller and registers it with the manager. */
  build(reconciler: Reconciler | ReconcileFunc): Controller {
    const r: Reconciler = typeof reconciler === 'function' ? { reconcile: reconciler } : reconciler;
    if (typeof r?.reconcile !== 'function') throw new Error('controller builder: complete() needs a reconciler with a reconcile(req, ctx) method');
    const name = this.name ?? this.forKind?.kind.toLowerCase();
    if (!name) throw new Error('controller builder: name the controller with named() when it has no for() kind');
    if (this.pending.length === 0) throw new Error(`controller ${name}: nothing to watch; call for(), owns() or watches()`);
    const metrics = this.host.getMetrics();
    const { groupKindConcurrency, ...defaults } = this.host.getControllerOptions?.() ?? {};
    const options: ControllerOptions = { ...defaults };
    const perKind = this.forKind ? groupKindConcurrency?.[groupKindOf(this.forKind)] : undefined;
    if (perKind !== undefined) options.maxConcurrentReconciles = perKind;
    for (const [key, value] of Object.entries(this.options)) {
      if (value !== undefined) (options as Record<string, unknown>)[key] = value;
    }
    const spec = {
      name,
      reconciler: r,
      forKind: this.forKind,
      watches: this.pending.map((w) => w.bind(this.globalPredicates)),
      options,
      log: this.host.getLogger().withName('controller').withValues({ controller: name }),
      metrics: metrics ? { controller: metrics.controller(name), queue: metrics.workqueue(name) } : undefined,
    };
    const controller = this.sharding ? shardedControllerFactory(spec.name)(this.host, spec, this.sharding, this.ownedKinds) : new Controller(spec);
    this.host.addController(controller);
    return controller;
  }

  async complete(reconciler: Reconciler | ReconcileFunc): Promise<Controller> {
    return this.build(reconciler);
  }

  private addWatch<T>(src: Source<T>, h: EventHandler<T>, predicates: Predicate<T>[]): void {
    this.pending.push({ bind: (global) => bindWatch(src, h, [...(global as Predicate<T>[]), ...predicates]) });
  }
}

export function controllerManagedBy(mgr: ControllerHost): Builder {
  return new Builder(mgr);
}
