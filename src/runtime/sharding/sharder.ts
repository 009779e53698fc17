/**
 * The sharder of one ring: it runs on the elected leader only (one writer, so that each object's
 * label moves once per membership change instead of flapping between replicas whose views of the
 * Leases differ for a moment; safety does not rest on it being alone, see sharded-controller.ts).
 *
 * It watches the ring's shard Leases and every object of the sharded kind (and of its owned kinds),
 * and keeps one label on each: `shard.scaffolder.dev/<ring>: <shard id>`, the shard that the hash
 * ring of live shards names for the object's `namespace/name`.
 *
 * - An object without a shard (new, or let go by its old shard) gets the ring's shard.
 * - An object on a shard whose Lease has run out (renewTime + leaseDurationSeconds passed, or
 *   released) goes straight to the ring's shard, once the sharder has taken that Lease: that shard
 *   fenced itself a renew deadline after its last renewal, before the Lease ran out, and can renew
 *   no more (see sharded-controller.ts).
 * - An object on a live shard that the ring no longer names is drained: the sharder adds
 *   `drain.shard.scaffolder.dev/<ring>`; the old shard, once no reconcile of the object is running
 *   there, lets go by removing both labels; only then does the sharder give it the new shard.
 * - An owned object (controller reference to the sharded kind) carries its owner's shard label.
 *
 * Every write is a merge patch carrying the resourceVersion it was computed from, so a decision
 * taken on a stale view fails with a conflict and is taken again on the newer one.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { LeaseLock, statusCodeOf } from '../leaderelection/lease-lock.js';
import { Informer } from '../cache/informer.js';
import { objectKey } from '../cache/store.js';
import { KubeClient } from '../client/client.js';
import { isConflict, isNotFound } from '../client/errors.js';
import { RestTransport } from '../client/rest.js';
import type { ObjectWithMeta } from '../client/types.js';
import type { Logger } from '../log/index.js';
import type { Runnable } from '../manager/runnable.js';
import { Lease } from '../scheme/builtins.js';
import type { Kind, ObjectOf } from '../scheme/kind.js';
import { WorkQueue } from '../workqueue/queue.js';
import { drainLabel, labelsOf, RING_LABEL, shardLabel, shardLeaseName } from './labels.js';
import type { ReassignReason, ShardingMetrics } from './metrics.js';
import type { ResolvedShardingOptions } from './options.js';
import { HashRing } from './ring.js';
import { controllerOwnerKey } from './owner.js';

/**
 * Patches running at once: label writes are small and the API server serves them in parallel.
 * 32 rather than 8: on kube-apiserver in CI a crashed leader's hand-over went from 8.8 s to 6.2 s;
 * on a machine at load 30 the writes are CPU-bound and take as long either way (2,519 in 9-10 s).
 */
const WORKERS = 32;

export interface SharderSpec {
  options: ResolvedShardingOptions;
  forKind: Kind;
  ownedKinds: Kind[];
  kubeConfig: KubeConfig;
  /** The manager cache's namespaces (all when undefined). */
  namespaces?: readonly string[];
  metrics: ShardingMetrics;
  log: Logger;
}

type ShardLease = ObjectOf<typeof Lease>;

/** The shard a Lease of `ring` is for (see shardLeaseName), when its holder is that shard. */
function heldShard(ring: string, lease: ShardLease): string | undefined {
  const name = lease.metadata?.name ?? '';
  const prefix = shardLeaseName(ring, '');
  const shard = name.startsWith(prefix) ? name.slice(prefix.length) : undefined;
  return shard !== undefined && lease.spec?.holderIdentity === shard ? shard : undefined;
}

/** When a Lease runs out (ms since the epoch): renewTime + leaseDurationSeconds. */
function leaseEnd(lease: ShardLease): number {
  const spec = lease.spec;
  return spec?.renewTime ? new Date(spec.renewTime).getTime() + (spec.leaseDurationSeconds ?? 0) * 1000 : 0;
}

/** When each shard's Lease runs out, for the Leases of `ring` that their shard holds. */
function leaseEnds(ring: string, leases: Iterable<ShardLease>): Map<string, number> {
  const ends = new Map<string, number>();
  for (const lease of leases) {
    const shard = heldShard(ring, lease);
    if (shard !== undefined) ends.set(shard, leaseEnd(lease));
  }
  return ends;
}

/** The shards whose Lease, as `leaseEnds` gives them, runs out after `now`. */
function liveOf(ends: Map<string, number>, now: number): Set<string> {
  const live = new Set<string>();
  for (const [shard, end] of ends) if (end > now) live.add(shard);
  return live;
}

/** The live shards of `ring`: those holding their Lease (`<ring>-<shard id>`) with renewTime + duration still ahead of `now`. */
export function liveShards(ring: string, leases: Iterable<ShardLease>, now: number): Set<string> {
  return liveOf(leaseEnds(ring, leases), now);
}

/**
 * Who holds a shard's Lease once the sharder has taken it from its expired shard: not a shard id
 * (those are DNS labels), so no shard counts it as its own, and a shard restarting under the same id
 * waits a lease duration before it takes the Lease back, as a leader-election candidate would.
 */
export const TAKEN_HOLDER = 'sharder:expired';

export class Sharder implements Runnable {
  readonly needLeaderElection = true;
  private readonly shardKey: string;
  private readonly drainKey: string;
  private ring: HashRing;
  private live = new Set<string>();
  /** When each object in drain was marked, for the drain-time metric. */
  private readonly drainStarted = new Map<string, number>();
  /** The ring's shard Leases (set by start). */
  private leases: Informer<ShardLease> | undefined;
  /** Per shard, the take of its expired Lease under way: the objects of one shard share one write. */
  private readonly taking = new Map<string, Promise<boolean>>();
  /** Objects of the sharded kind per shard label, kept up to date by the informer's events (not recounted on each report). */
  private readonly perShard = new Map<string, number>();
  /** Since the last membership change: when it came and the labels written for it, logged once the queue runs empty. */
  private round: { began: number; patches: number } | undefined;

  constructor(private readonly spec: SharderSpec) {
    this.shardKey = shardLabel(spec.options.ring);
    this.drainKey = drainLabel(spec.options.ring);
    this.ring = new HashRing([], spec.options.virtualNodes);
  }

  async start(signal: AbortSignal): Promise<void> {
    const { spec } = this;
    const { options, log } = spec;
    const transport = new RestTransport(spec.kubeConfig);
    const client = new KubeClient(transport, { fieldManager: 'sharder' });
    const namespaces = spec.namespaces ? [...spec.namespaces] : undefined;
    const leases = this.leases = new Informer(Lease, transport, log.withValues({ kind: 'Lease' }), {
      namespaces: [options.leaseNamespace],
      labelSelector: `${RING_LABEL}=${options.ring}`,
    });
    const objects = new Informer(spec.forKind as Kind<ObjectWithMeta>, transport, log.withValues({ kind: spec.forKind.kind }), { namespaces });
    const owned = spec.ownedKinds.map((kind) => {
      const informer = new Informer(kind as Kind<ObjectWithMeta>, transport, log.withValues({ kind: kind.kind }), { namespaces });
      informer.store.addIndex('owner', (obj) => controllerOwnerKey(obj, spec.forKind));
      return informer;
    });
    const queue = new WorkQueue();
    const enqueueAll = () => {
      for (const obj of objects.store.values()) queue.add(`o|${objectKey(obj)}`);
    };
    // Leases run out with time, not with an event: look again when the first live one would.
    let expiry: NodeJS.Timeout | undefined;
    const refresh = () => {
      const now = Date.now();
      const ends = leaseEnds(options.ring, leases.store.values());
      const live = liveOf(ends, now);
      clearTimeout(expiry);
      const next = Math.min(...[...live].map((shard) => ends.get(shard)!));
      if (Number.isFinite(next)) expiry = setTimeout(refresh, next - now + 1);
      if (sameSet(live, this.live)) return;
      log.info('shard membership changed', { shards: [...live].sort() });
      this.live = live;
      this.ring = new HashRing(live, options.virtualNodes);
      this.round = { began: performance.now(), patches: 0 };
      enqueueAll();
    };
    leases.addEventHandler({ onAdd: refresh, onUpdate: refresh, onDelete: refresh });
    objects.addEventHandler({
      onAdd: (obj) => {
        this.count(obj, 1);
        queue.add(`o|${objectKey(obj)}`);
      },
      onUpdate: (oldObj, obj) => {
        const key = objectKey(obj);
        queue.add(`o|${key}`);
        if (labelsOf(oldObj)[this.shardKey] !== labelsOf(obj)[this.shardKey]) {
          this.count(oldObj, -1);
          this.count(obj, 1);
          owned.forEach((informer, i) => {
            for (const child of informer.store.byIndex('owner', key)) queue.add(`${i}|${child}`);
          });
        }
      },
      onDelete: (obj) => {
        this.count(obj, -1);
        this.drainStarted.delete(objectKey(obj));
      },
    });
    owned.forEach((informer, i) => {
      const add = (obj: ObjectWithMeta) => queue.add(`${i}|${objectKey(obj)}`);
      informer.addEventHandler({ onAdd: add, onUpdate: (_o, obj) => add(obj) });
    });

    for (const informer of [leases, objects, ...owned]) informer.start();
    const tick = setInterval(() => this.report(), Math.max(100, options.retryPeriod / 2));
    try {
      const began = performance.now();
      const synced = await Promise.all([leases, objects, ...owned].map((i) => i.waitForSync(signal)));
      if (!synced.every(Boolean)) return;
      log.info('sharder caches synced', { objects: objects.store.size, ms: Math.round(performance.now() - began) });
      refresh();
      enqueueAll();
      const step = async (item: string) => {
        const bar = item.indexOf('|');
        const which = item.slice(0, bar);
        const key = item.slice(bar + 1);
        if (which === 'o') return this.assign(client, objects, key);
        await this.follow(client, owned[Number(which)], objects, key);
        return true;
      };
      const workers = Array.from({ length: WORKERS }, async () => {
        for (;;) {
          const item = await queue.get();
          if (item === undefined) return;
          try {
            // Not done (an expired shard's Lease changed under the sharder): look again after a backoff.
            if (await step(item)) queue.forget(item);
            else queue.addRateLimited(item);
          } catch (err) {
            if (!isConflict(err) && !isNotFound(err)) log.error(err, 'sharding: writing the shard label failed; retrying', { item });
            // A conflict means a newer version is on its way through the watch, which enqueues it again.
            if (!isConflict(err) && !isNotFound(err)) queue.addRateLimited(item);
          } finally {
            queue.done(item);
            this.roundWritten(queue);
          }
        }
      });
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      queue.shutdown();
      await Promise.all(workers);
    } finally {
      clearInterval(tick);
      queue.shutdown();
      await Promise.all([leases, objects, ...owned].map((i) => i.stop()));
      // After the Lease informer stopped: its last events may have set the timer again.
      clearTimeout(expiry);
      transport.close();
    }
  }

  /**
   * Moves one object of the sharded kind one step towards the shard the ring names for it. False
   * when it could not (its expired shard's Lease changed meanwhile), to be looked at again.
   */
  private async assign(client: KubeClient, objects: Informer<ObjectWithMeta>, key: string): Promise<boolean> {
    const obj = objects.store.get(key);
    if (!obj) return true;
    const labels = labelsOf(obj);
    const current = labels[this.shardKey];
    const draining = labels[this.drainKey] !== undefined;
    const desired = this.ring.shardFor(key);
    if (desired === undefined) return true;
    const { ring } = this.spec.options;
    const setShard = async (reason: ReassignReason) => {
      await this.patchLabels(client, this.spec.forKind, obj, { [this.shardKey]: desired, [this.drainKey]: null });
      this.spec.metrics.reassigned(ring, reason);
    };
    if (!current) {
      const began = this.drainStarted.get(key);
      this.drainStarted.delete(key);
      if (began !== undefined) this.spec.metrics.drained(ring, (performance.now() - began) / 1000);
      await setShard(began !== undefined ? 'drained' : 'new');
    } else if (!this.live.has(current)) {
      if (!(await this.takeLease(current))) return false;
      this.drainStarted.delete(key);
      await setShard('lease_expired');
    } else if (current === desired) {
      // The ring came back to this shard before it let go: the drain is called off.
      if (draining) await this.patchLabels(client, this.spec.forKind, obj, { [this.drainKey]: null });
      this.drainStarted.delete(key);
    } else if (!draining) {
      await this.patchLabels(client, this.spec.forKind, obj, { [this.drainKey]: 'true' });
      this.drainStarted.set(key, performance.now());
    }
    return true;
  }

  /** Whether `shard` no longer holds its Lease: it had released it, or the sharder took it (see writeTakenLease). */
  private takeLease(shard: string): Promise<boolean> {
    let pending = this.taking.get(shard);
    if (!pending) {
      pending = this.writeTakenLease(shard).finally(() => this.taking.delete(shard));
      this.taking.set(shard, pending);
    }
    return pending;
  }

  /**
   * Takes an expired shard's Lease before any of its objects: it writes another holder with the
   * resourceVersion it saw the Lease run out at. A renewal the shard began before it ran out and
   * that reaches the API server later then fails, and the shard, seeing another holder, stops;
   * without this, such a late renewal (a slow request on a loaded machine) would leave the shard
   * starting reconciles for a renew deadline more while its objects went to other shards. If the
   * renewal came first, this write fails and the object is looked at again: the shard is live.
   */
  private async writeTakenLease(shard: string): Promise<boolean> {
    const { options, kubeConfig } = this.spec;
    const name = shardLeaseName(options.ring, shard);
    const lease = this.leases?.store.get(`${options.leaseNamespace}/${name}`);
    if (!lease || heldShard(options.ring, lease) !== shard) return true;
    if (leaseEnd(lease) > Date.now()) return false;
    const now = new Date();
    const lock = new LeaseLock(kubeConfig, options.leaseNamespace, name, { [RING_LABEL]: options.ring });
    try {
      const taken = {
        holderIdentity: TAKEN_HOLDER,
        leaseDurationSeconds: lease.spec?.leaseDurationSeconds ?? 0,
        acquireTime: now,
        renewTime: now,
        leaderTransitions: (lease.spec?.leaseTransitions ?? 0) + 1,
      };
      await lock.update(taken, lease.metadata?.resourceVersion ?? '');
      this.spec.log.info('took the Lease of an expired shard', { shard });
      return true;
    } catch (err) {
      if (statusCodeOf(err) === 404) return true;
      if (statusCodeOf(err) === 409) return false;
      throw err;
    }
  }

  /** Gives an owned object its controlling owner's shard label. */
  private async follow(client: KubeClient, informer: Informer<ObjectWithMeta>, objects: Informer<ObjectWithMeta>, key: string): Promise<void> {
    const child = informer.store.get(key);
    if (!child) return;
    const ownerKey = controllerOwnerKey(child, this.spec.forKind);
    if (ownerKey === undefined) return;
    // An owner between shards (let go, not yet given its next) leaves its children where they are.
    const want = labelsOf(objects.store.get(ownerKey))[this.shardKey];
    if (want === undefined || labelsOf(child)[this.shardKey] === want) return;
    await this.patchLabels(client, informer.kind, child, { [this.shardKey]: want });
  }

  private async patchLabels(client: KubeClient, kind: Kind, obj: ObjectWithMeta, labels: Record<string, string | null>): Promise<void> {
    await client.patch(kind, obj, { metadata: { resourceVersion: obj.metadata?.resourceVersion, labels } }, { type: 'merge' });
    if (this.round) this.round.patches++;
  }

  /** Logs how long the writes of a membership change took, once nothing is left to do for it. */
  private roundWritten(queue: WorkQueue): void {
    const round = this.round;
    if (!round || queue.len() > 0 || queue.processingLen() > 0) return;
    this.round = undefined;
    this.spec.log.info('shard labels written for the membership change', { patches: round.patches, ms: Math.round(performance.now() - round.began) });
  }

  /** Counts `obj` (delta 1) or stops counting it (-1) under its shard, for the metric. */
  private count(obj: ObjectWithMeta, delta: 1 | -1): void {
    const shard = labelsOf(obj)[this.shardKey];
    if (!shard) return;
    const n = (this.perShard.get(shard) ?? 0) + delta;
    if (n === 0) this.perShard.delete(shard);
    else this.perShard.set(shard, n);
  }

  /** Objects per shard, for the metric: every live shard, and any other that still has objects. */
  private report(): void {
    const counts = new Map(this.perShard);
    for (const shard of this.live) if (!counts.has(shard)) counts.set(shard, 0);
    this.spec.metrics.setObjects(this.spec.options.ring, counts);
  }
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}
