/**
 * How long a crashed leader's objects take to reach the other shards: the sharding issue's bound,
 * lease duration + 5 s, measured here rather than asserted in a test (a timed test measures the
 * machine's load: test/runtime/sharding/sharding-scale.slow.test.ts checks what moves, and prints
 * its times). 10,000 ConfigMaps over 4 replicas (managers in this process, one in-process test API
 * server); the leader, which runs the sharder, is stopped without releasing its Leases; timed from
 * then until every one of its objects carries another replica's shard label, seen through a watch.
 */
import { CoreV1Api, makeInformer, type V1ConfigMap } from '@kubernetes/client-node';
import { ConfigMap, controllerManagedBy, HashRing, KubeClient, type Manager, RestTransport, shardLabel } from '../src/runtime/index.js';
import { startTestEnvironment, type TestEnvironment } from '../src/testing/index.js';
import { replicaManager } from './sharded-replica-manager.js';
import { loadAverages, median, spread } from './stats.js';

const OBJECTS = 10_000;
const CREATE_CONCURRENCY = 50;
const REPLICAS = ['replica-a', 'replica-b', 'replica-c', 'replica-d'];
const ROUNDS = 3;
const RING = 'handover';
const SHARD = shardLabel(RING);
// The killed replica's Leases: short, as a crash test wants them (the bound grows with them).
const LEASE = { leaseDuration: 3000, renewDeadline: 2000, retryPeriod: 500 };
const BOUND_MS = LEASE.leaseDuration + 5000;

interface Replica {
  id: string;
  mgr: Manager;
  run: Promise<void>;
}

async function startReplica(env: TestEnvironment, ns: string, id: string): Promise<Replica> {
  // A crash: nothing handed back on stop.
  const mgr = await replicaManager(env, ns, RING, LEASE, false);
  await controllerManagedBy(mgr)
    .for(ConfigMap)
    .sharded({ ring: RING, shardID: id, leaseNamespace: ns, ...LEASE, releaseOnCancel: false })
    .complete(async () => ({}));
  return { id, mgr, run: mgr.start().catch(() => undefined) };
}

/** ms from the leader's stop until all its objects are labelled for the others. */
async function handover(env: TestEnvironment, core: CoreV1Api, ns: string): Promise<{ ms: number; moved: number }> {
  const transport = new RestTransport(env.kubeConfig);
  const client = new KubeClient(transport);
  let next = 0;
  const create = async () => {
    for (let i = next++; i < OBJECTS; i = next++) await client.create(ConfigMap, { metadata: { namespace: ns, name: `cm-${i}` } });
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, create));
  transport.close();
  const labels = new Map<string, string | undefined>();
  const informer = makeInformer<V1ConfigMap>(env.kubeConfig, `/api/v1/namespaces/${ns}/configmaps`, () => core.listNamespacedConfigMap({ namespace: ns }));
  let changed: () => void = () => undefined;
  const record = (c: V1ConfigMap) => {
    labels.set(c.metadata!.name!, c.metadata?.labels?.[SHARD]);
    changed();
  };
  informer.on('add', record);
  informer.on('update', record);
  await informer.start();
  const until = (done: () => boolean) => new Promise<void>((resolve) => {
    changed = () => {
      if (done()) resolve();
    };
    changed();
  });
  const replicas: Replica[] = [];
  try {
    // The first replica is elected, so it runs the sharder and is the one stopped.
    replicas.push(await startReplica(env, ns, REPLICAS[0]));
    await replicas[0].mgr.elected();
    for (const id of REPLICAS.slice(1)) replicas.push(await startReplica(env, ns, id));
    const all = new HashRing(REPLICAS);
    await until(() => labels.size === OBJECTS && [...labels].every(([name, shard]) => shard === all.shardFor(`${ns}/${name}`)));
    const orphans = [...labels].filter(([, shard]) => shard === REPLICAS[0]).map(([name]) => name);
    const [leader, ...rest] = replicas;
    leader.mgr.stop();
    const stopped = performance.now();
    await leader.run;
    await until(() => orphans.every((name) => rest.some((r) => r.id === labels.get(name))));
    return { ms: performance.now() - stopped, moved: orphans.length };
  } finally {
    changed = () => undefined;
    for (const r of replicas) r.mgr.stop();
    await Promise.all(replicas.map((r) => r.run));
    await informer.stop();
  }
}

export default async function (): Promise<Record<string, number | string>> {
  const loadBefore = loadAverages();
  const env = await startTestEnvironment();
  const core = env.kubeConfig.makeApiClient(CoreV1Api);
  const samples: number[] = [];
  let moved = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const ns = `handover-${round}`;
      await core.createNamespace({ body: { metadata: { name: ns } } });
      const result = await handover(env, core, ns);
      samples.push(result.ms);
      moved = result.moved;
    }
  } finally {
    await env.stop();
  }
  return {
    'objects moved per hand-over (last round)': moved,
    'hand-over after a crashed leader, ms (median)': median(samples),
    'hand-over, ms (min-max)': spread(samples),
    'the bound, lease duration + 5 s, ms': BOUND_MS,
    'load average before': loadBefore,
    'load average after': loadAverages(),
  };
}
