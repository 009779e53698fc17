/**
 * What `controllerManagedBy(mgr).for(Kind).sharded({ ... })` takes: part of the builder's API, so it
 * lives beside the builder; src/runtime/sharding resolves its defaults and runs it.
 */
import type { LeaseTimings } from '../leaderelection/lease-timings.js';

/** The shard Leases' timings (leaseDuration, renewDeadline, retryPeriod) are leader election's. */
export interface ShardingOptions extends LeaseTimings {
  /** The ring's name: the label `shard.scaffolder.dev/<ring>` on its objects. Default: the controller's name. */
  ring?: string;
  /** Namespace of the shard Leases. Default: the manager's leaderElectionNamespace, else `default`. */
  leaseNamespace?: string;
  /** This replica's shard id (a DNS-1123 label, unique in the ring). Default: the host name (the pod's name in a cluster). */
  shardID?: string;
  /** Clear the shard Lease on a clean stop, so that its objects move at once. Default true. */
  releaseOnCancel?: boolean;
  /** Points per shard on the hash ring. Default 1000. */
  virtualNodes?: number;
}
