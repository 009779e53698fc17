/**
 * What `.sharded()` adds to a controller when it is built: its cache limited to the shard's label,
 * the shard (ShardedController) and, on the leader, the ring's sharder.
 */
import type { ControllerHost } from '../controller/controller-host.js';
import type { ControllerSpec } from '../controller/controller.js';
import type { Kind } from '../scheme/kind.js';
import { shardLabel } from './labels.js';
import { ShardingMetrics } from './metrics.js';
import { resolveShardingOptions, type ShardingOptions } from './options.js';
import { ShardedController } from './sharded-controller.js';
import { Sharder } from './sharder.js';

export function buildShardedController(host: ControllerHost, spec: ControllerSpec, options: ShardingOptions, ownedKinds: Kind[]): ShardedController {
  const forKind = spec.forKind;
  if (!forKind) throw new Error(`controller ${spec.name}: sharded() needs for() to name the kind whose objects are spread over the shards`);
  if (!host.add || !host.getConfig) throw new Error(`controller ${spec.name}: sharded() needs a Manager (it adds the sharder and takes Leases)`);
  const resolved = resolveShardingOptions(options, spec.name, host.getLeaseNamespace?.());
  const cache = host.getCache();
  const selector = `${shardLabel(resolved.ring)}=${resolved.shardID}`;
  for (const kind of [forKind, ...ownedKinds]) cache.restrictKind(kind, selector, `the shards of ring ${resolved.ring}`);
  const kubeConfig = host.getConfig();
  const controller = new ShardedController({ ...spec, options: { ...spec.options, needLeaderElection: false } }, { options: resolved, kubeConfig, cache, forKind, log: host.getLogger().withName('shard').withValues({ ring: resolved.ring, shard: resolved.shardID }) });
  const registry = host.getMetrics()?.registry;
  host.add(new Sharder({
    options: resolved,
    forKind,
    ownedKinds,
    kubeConfig,
    namespaces: cache.namespaces,
    metrics: new ShardingMetrics(registry),
    log: host.getLogger().withName('sharder').withValues({ ring: resolved.ring }),
  }));
  return controller;
}
