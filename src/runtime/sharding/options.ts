/** What `controllerManagedBy(mgr).for(Kind).sharded({ ... })` takes, and its defaults. */
import { hostname } from 'node:os';
import { DEFAULT_VIRTUAL_NODES } from './ring.js';
import { checkNamePart } from './labels.js';
import type { ShardingOptions } from '../controller/sharding-options.js';

export type { ShardingOptions };

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
