/**
 * The sharder's metrics, in the manager's prom-client registry (served at /metrics):
 * objects per shard, reassignments by reason, and how long drains take.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export type ReassignReason = 'drained' | 'lease_expired' | 'new';

export class ShardingMetrics {
  private readonly objects: Gauge<'ring' | 'shard'>;
  private readonly reassignments: Counter<'ring' | 'reason'>;
  private readonly drain: Histogram<'ring'>;

  constructor(registry: Registry = new Registry()) {
    // One set per registry, shared by every ring of the manager.
    this.objects = existing(registry, 'scaffolder_shard_objects') ?? new Gauge({
      name: 'scaffolder_shard_objects',
      help: 'Objects of a ring assigned to each shard, as the sharder last counted them',
      labelNames: ['ring', 'shard'],
      registers: [registry],
    });
    this.reassignments = existing(registry, 'scaffolder_shard_reassignments_total') ?? new Counter({
      name: 'scaffolder_shard_reassignments_total',
      help: 'Objects given a shard: new (unassigned before), drained (moved after the old shard let go), lease_expired (taken from a shard whose lease ran out)',
      labelNames: ['ring', 'reason'],
      registers: [registry],
    });
    this.drain = existing(registry, 'scaffolder_shard_drain_duration_seconds') ?? new Histogram({
      name: 'scaffolder_shard_drain_duration_seconds',
      help: 'Seconds from marking an object for drain to its old shard letting go of it',
      labelNames: ['ring'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    });
  }

  /** The shards of each ring last reported, so that a shard gone from the ring loses its series. */
  private readonly reported = new Map<string, Set<string>>();

  setObjects(ring: string, counts: ReadonlyMap<string, number>): void {
    for (const shard of this.reported.get(ring) ?? []) if (!counts.has(shard)) this.objects.remove({ ring, shard });
    for (const [shard, n] of counts) this.objects.set({ ring, shard }, n);
    this.reported.set(ring, new Set(counts.keys()));
  }

  reassigned(ring: string, reason: ReassignReason): void {
    this.reassignments.inc({ ring, reason });
  }

  drained(ring: string, seconds: number): void {
    this.drain.observe({ ring }, seconds);
  }
}

function existing<M>(registry: Registry, name: string): M | undefined {
  return registry.getSingleMetric(name) as M | undefined;
}
