/** What `controllerManagedBy(mgr).for(Kind).sharded({ ... })` takes, and its defaults. */
import { hostname } from 'node:os';
import { DEFAULT_VIRTUAL_NODES } from './ring.js';
import { checkNamePart } from './labels.js';

export interface ShardingOptions {
  /** The ring's name: the label `shard.scaffolder.dev/<ring>` on its objects. Default: the controller's name. */
  ring?: string;
  /** Namespace of the shard Leases. Default: the manager's leaderElectionNamespace, else `default`. */
  leaseNamespace?: string;
  /** This replica's shard id (a DNS-1123 label, unique in the ring). Default: the host name (the pod's name in a cluster). */
  shardID?: string;
  /** Shard Lease timings in milliseconds, as leader election's (15 000 / 10 000 / 2 000). */
  leaseDuration?: number;
  renewDeadline?: number;
  retryPeriod?: number;
  /** Clear the shard Lease on a clean stop, so that its objects move at once. Default true. */
  releaseOnCancel?: boolean;
  /** Points per shard on the hash ring. Default 1000. */
  virtualNodes?: number;
}

export type ResolvedShardingOptions = Required<ShardingOptions>;

export function resolveShardingOptions(options: ShardingOptions, controllerName: string, defaultNamespace: string | undefined): ResolvedShardingOptions {
  const resolved: ResolvedShardingOptions = {
    ring: options.ring ?? controllerName.toLowerCase(),
    leaseNamespace: options.leaseNamespace ?? defaultNamespace ?? 'default',
    shardID: options.shardID ?? hostname().toLowerCase(),
    leaseDuration: options.leaseDuration ?? 15_000,
    renewDeadline: options.renewDeadline ?? 10_000,
    retryPeriod: options.retryPeriod ?? 2_000,
    releaseOnCancel: options.releaseOnCancel ?? true,
    virtualNodes: options.virtualNodes ?? DEFAULT_VIRTUAL_NODES,
  };
  checkNamePart('ring', resolved.ring);
  checkNamePart('shardID', resolved.shardID);
  return resolved;
}
