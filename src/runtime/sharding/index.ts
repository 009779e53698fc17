/**
 * Sharding (`controllerManagedBy(mgr).for(Kind).sharded({ ring })`): a controller's objects spread
 * over its replicas by a consistent-hash ring of live shard Leases, each replica watching only its
 * share. See sharded-controller.ts for why no object is reconciled by two shards at once.
 */
import { registerShardedControllerFactory } from '../controller/sharded-factory.js';
import { buildShardedController } from './build.js';

registerShardedControllerFactory(buildShardedController);

export { type ShardingOptions } from './options.js';
export { HashRing, hash32, DEFAULT_VIRTUAL_NODES } from './ring.js';
export { shardLabel, drainLabel, shardLeaseName, RING_LABEL } from './labels.js';
export { ShardedController } from './sharded-controller.js';
export { Sharder, liveShards, TAKEN_HOLDER } from './sharder.js';
