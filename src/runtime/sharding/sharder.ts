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
 *   released) goes straight to the ring's shard: that shard fenced itself a renew deadline after
 *   its last renewal, before the Lease ran out (see sharded-controller.ts).
 * - An object on a live shard that the ring no longer names is drained: the sharder adds
 *   `drain.shard.scaffolder.dev/<ring>`; the old shard, once no reconcile of the object is running
 *   there, lets go by removing both labels; only then does the sharder give it the new shard.
 * - An owned object (controller reference to the sharded kind) carries its owner's shard label.
 *
 * Every write is a merge patch carrying the resourceVersion it was computed from, so a decision
 * taken on a stale view fails with a conflict and is taken again on the newer one.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { Informer } from '../cache/informer.js';
import { objectKey } from '../cache/store.js';
import { KubeClient } from '../client/client.js';
import { isConflict, isNotFound } from '../client/errors.js';
import { RestTransport } from '../client/rest.js';
import type { ObjectWithMeta } from '../client/types.js';
import type { Logger } from '../log/index.js';
import type { Runnable } from '../manager/runnable.js';
import { Lease } from '../scheme/builtins.js';
import type { Kind } from '../scheme/kind.js';
import { WorkQueue } from '../workqueue/queue.js';
import { drainLabel, labelsOf, RING_LABEL, shardLabel } from './labels.js';
import type { ReassignReason, ShardingMetrics } from './metrics.js';
import type { ResolvedShardingOptions } from './options.js';
import { HashRing } from './ring.js';
import { controllerOwnerKey } from './owner.js';

/** Patches running at once: label writes are small and the API server serves them in parallel. */
const WORKERS = 8;

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

/** The live shards of a ring: a Lease with a holder whose renewTime + duration is still ahead of `now`. */
export function liveShards(leases: Iterable<unknown>, now: number): Set<string> {
  const live = new Set<string>();
  for (const lease of leases) {
    const spec = (lease as { spec?: { holderIdentity?: string; renewTime?: Date | string; leaseDurationSeconds?: number } }).spec;
    if (!spec?.holderIdentity || !spec.renewTime) continue;
    const expires = new Date(spec.renewTime).getTime() + (spec.leaseDurationSeconds ?? 0) * 1000;
    if (expires > now) live.add(spec.holderIdentity);
  }
  return live;
}

export class Sharder implements Runnable {
  readonly needLeaderElection = true;
  private readonly shardKey: string;
  private readonly drainKey: string;
  private ring: HashRing;
  private live = new Set<string>();
  /** When each object in drain was marked, for the drain-time metric. */
  private readonly drainStarted = new Map<string, number>();
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
    const leases = new Informer(Lease, transport, log.withValues({ kind: 'Lease' }), {
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
    const refresh = () => {
      const live = liveShards(leases.store.values(), Date.now());
      if (sameSet(live, this.live)) return;
      log.info('shard membership changed', { shards: [...live].sort() });
      this.live = live;
      this.ring = new HashRing(live, options.virtualNodes);
      this.round = { began: performance.now(), patches: 0 };
      enqueueAll();
    };
    leases.addEventHandler({ onAdd: refresh, onUpdate: refresh, onDelete: refresh });
    objects.addEventHandler({
      onAdd: (obj) => queue.add(`o|${objectKey(obj)}`),
      onUpdate: (oldObj, obj) => {
        const key = objectKey(obj);
        queue.add(`o|${key}`);
        if (labelsOf(oldObj)[this.shardKey] !== labelsOf(obj)[this.shardKey]) {
          owned.forEach((informer, i) => {
            for (const child of informer.store.byIndex('owner', key)) queue.add(`${i}|${child}`);
          });
        }
      },
      onDelete: (obj) => this.drainStarted.delete(objectKey(obj)),
    });
    owned.forEach((informer, i) => {
      const add = (obj: ObjectWithMeta) => queue.add(`${i}|${objectKey(obj)}`);
      informer.addEventHandler({ onAdd: add, onUpdate: (_o, obj) => add(obj) });
    });

    for (const informer of [leases, objects, ...owned]) informer.start();
    // Leases run out with time, not with an event: look again twice a retry period.
    const tick = setInterval(() => {
      refresh();
      this.report(objects);
    }, Math.max(100, options.retryPeriod / 2));
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
        if (which === 'o') await this.assign(client, objects, key);
        else await this.follow(client, owned[Number(which)], objects, key);
      };
      const workers = Array.from({ length: WORKERS }, async () => {
        for (;;) {
          const item = await queue.get();
          if (item === undefined) return;
          try {
            await step(item);
            queue.forget(item);
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
      transport.close();
    }
  }

  /** Moves one object of the sharded kind one step towards the shard the ring names for it. */
  private async assign(client: KubeClient, objects: Informer<ObjectWithMeta>, key: string): Promise<void> {
    const obj = objects.store.get(key);
    if (!obj) return;
    const labels = labelsOf(obj);
    const current = labels[this.shardKey];
    const draining = labels[this.drainKey] !== undefined;
    const desired = this.ring.shardFor(key);
    if (desired === undefined) return;
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

  /** Objects per shard, for the metric. */
  private report(objects: Informer<ObjectWithMeta>): void {
    const counts = new Map<string, number>();
    for (const shard of this.live) counts.set(shard, 0);
    for (const obj of objects.store.values()) {
      const shard = labelsOf(obj)[this.shardKey];
      if (shard) counts.set(shard, (counts.get(shard) ?? 0) + 1);
    }
    this.spec.metrics.setObjects(this.spec.options.ring, counts);
  }
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}
