/**
 * Reconcile throughput of one sharded controller with 1, 2 and 3 shards: managers in this process
 * over one in-process test API server, 300 ConfigMaps, one worker per shard, every reconcile asking
 * to run again at once (requeueAfter 1 ms), reconciles counted over a window once the objects are
 * spread. Two reconcilers:
 * - `wait`: 10 ms of waiting (an external call): what sharding is for; throughput should grow with shards;
 * - `get`: one GET of the object from the API server: bound by the CPU the API server and the
 *   replicas share; on this machine (2 cores, shared) it cannot grow much.
 * All replicas share this process's event loop and cores; separate pods would not.
 */
import { CoreV1Api } from '@kubernetes/client-node';
import { ConfigMap, controllerManagedBy, HashRing, type Manager, shardLabel } from '../src/runtime/index.js';
import { startTestEnvironment, type TestEnvironment } from '../src/testing/index.js';
import { replicaManager } from './sharded-replica-manager.js';
import { loadAverages, median, spread } from './stats.js';

const OBJECTS = 300;
const WINDOW_MS = 3000;
const ROUNDS = 3;
const RING = 'bench';

type Work = 'wait' | 'get';

async function settle(core: CoreV1Api, ns: string, shards: string[]): Promise<void> {
  const ring = new HashRing(shards);
  for (;;) {
    const items = (await core.listNamespacedConfigMap({ namespace: ns })).items;
    if (items.every((c) => c.metadata?.labels?.[shardLabel(RING)] === ring.shardFor(`${ns}/${c.metadata!.name}`))) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Reconciles per second of `shards` replicas doing `work`. */
async function throughput(env: TestEnvironment, core: CoreV1Api, ns: string, shards: number, work: Work): Promise<number> {
  let count = 0;
  let counting = false;
  const managers: Manager[] = [];
  const runs: Promise<void>[] = [];
  const ids = Array.from({ length: shards }, (_, i) => `shard-${i}`);
  for (const id of ids) {
    const mgr = await replicaManager(env, ns, RING, { leaseDuration: 4000, renewDeadline: 3000, retryPeriod: 500 });
    const reader = mgr.getAPIReader();
    await controllerManagedBy(mgr)
      .for(ConfigMap)
      .sharded({ ring: RING, shardID: id, leaseNamespace: ns, leaseDuration: 4000, renewDeadline: 3000, retryPeriod: 500 })
      .complete(async (req) => {
        if (work === 'wait') await new Promise((r) => setTimeout(r, 10));
        else await reader.get(ConfigMap, req);
        if (counting) count++;
        return { requeueAfter: 1 };
      });
    managers.push(mgr);
    runs.push(mgr.start().catch(() => undefined));
    if (managers.length === 1) await mgr.elected();
  }
  await settle(core, ns, ids);
  counting = true;
  await new Promise((r) => setTimeout(r, WINDOW_MS));
  counting = false;
  for (const mgr of managers) mgr.stop();
  await Promise.all(runs);
  return count / (WINDOW_MS / 1000);
}

export default async function (): Promise<Record<string, number | string>> {
  const loadBefore = loadAverages();
  const env = await startTestEnvironment();
  const core = env.kubeConfig.makeApiClient(CoreV1Api);
  const figures: Record<string, number | string> = {};
  try {
    let round = 0;
    for (const work of ['wait', 'get'] as Work[]) {
      for (const shards of [1, 2, 3]) {
        const samples: number[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const ns = `sharding-${round++}`;
          await core.createNamespace({ body: { metadata: { name: ns } } });
          for (let j = 0; j < OBJECTS; j += 50) {
            await Promise.all(Array.from({ length: Math.min(50, OBJECTS - j) }, (_, k) => core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: `cm-${j + k}` } } })));
          }
          samples.push(await throughput(env, core, ns, shards, work));
        }
        figures[`${work}: reconciles/s, ${shards} shard${shards > 1 ? 's' : ''} (median)`] = median(samples);
        figures[`${work}: ${shards} shard${shards > 1 ? 's' : ''} spread`] = spread(samples);
      }
    }
  } finally {
    await env.stop();
  }
  figures['load average before'] = loadBefore;
  figures['load average after'] = loadAverages();
  return figures;
}
