/**
 * Sharded controllers on both backends: replicas are managers in this process (and, for the frozen
 * shard, a process of its own that the test stops with SIGSTOP). Each test has its own namespace,
 * its own leader Lease and shard Leases in it, and a ReconcileLog that checks, at the end, that no
 * ConfigMap was ever in flight on two shards at once.
 *
 * Timings: Leases last 3 s (renew deadline 2 s, retry period 0.5 s), so the bound for a
 * crash, lease duration + 5 s, is 8 s. Other waits (everything assigned and reconciled) are not
 * bounds of the design, only how long a loaded machine may take: 60 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CoreV1Api, type V1ConfigMap } from '@kubernetes/client-node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ConfigMap, controllerManagedBy, HashRing, type Manager, newLogger, Secret, shardLabel, drainLabel } from '../../../src/runtime/index.js';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import { describeBackends } from '../../support/backends.js';
import { createNamespace, newManager } from '../../support/runtime.js';
import { KubeClient, RestTransport } from '../../../src/runtime/index.js';
import { ReconcileLog, wallNow } from './reconcile-log.js';

const RING = 'configmaps';
const SHARD = shardLabel(RING);
const DRAIN = drainLabel(RING);
const timing = { leaseDuration: 3000, renewDeadline: 2000, retryPeriod: 500 };
/** The bound for handing a crashed replica's objects over: lease duration + 5 s. */
const HANDOVER_BOUND_MS = timing.leaseDuration + 5000;
const SETTLE = { timeout: 60_000, interval: 200 };
/** Per test: a few settles of up to 60 s each on a loaded machine. */
const TEST_TIMEOUT_MS = 180_000;
const quiet = newLogger({ level: 'error', output: { write: () => true } });

interface Replica {
  id: string;
  mgr: Manager;
  run: Promise<void>;
}

describeBackends('sharded controllers', (backend) => {
  let env: TestEnvironment;
  let core: CoreV1Api;
  let client: KubeClient;
  const replicas: Replica[] = [];
  /** Keys whose reconcile takes 1.5 s: still in flight on their old shard when they are asked to move. */
  const slow = new Set<string>();

  beforeAll(async () => {
    env = await backend.start();
    core = env.kubeConfig.makeApiClient(CoreV1Api);
    client = new KubeClient(new RestTransport(env.kubeConfig));
  });
  afterEach(async () => {
    for (const r of [...replicas]) await stopReplica(r);
  });
  afterAll(async () => {
    await env?.stop();
  });

  async function startReplica(ns: string, id: string, log: ReconcileLog, crashable = false): Promise<Replica> {
    const mgr = await newManager(env, {
      namespaces: [ns],
      leaderElection: true,
      leaderElectionID: 'sharding-leader',
      leaderElectionNamespace: ns,
      ...timing,
      leaderElectionReleaseOnCancel: !crashable,
      logger: quiet,
    });
    await controllerManagedBy(mgr)
      .for(ConfigMap)
      .owns(Secret)
      .sharded({ ring: RING, shardID: id, leaseNamespace: ns, ...timing, releaseOnCancel: !crashable })
      .withOptions({ maxConcurrentReconciles: 4 })
      .complete(async (req) => {
        const key = `${req.namespace}/${req.name}`;
        const span = log.begin(id, key);
        try {
          await new Promise((r) => setTimeout(r, slow.has(key) ? 1500 : 20 + Math.random() * 60));
        } finally {
          span.end = wallNow();
        }
        // Every object is reconciled again and again, so that shards are busy with their keys when they move.
        return { requeueAfter: 200 };
      });
    const run = mgr.start();
    run.catch(() => undefined);
    const replica = { id, mgr, run };
    replicas.push(replica);
    return replica;
  }

  /** A namespace with replica-a, elected leader (so it runs the sharder), and replica-b following. */
  async function leaderAndFollower(prefix: string): Promise<{ ns: string; log: ReconcileLog }> {
    const ns = await createNamespace(client, prefix);
    const log = new ReconcileLog();
    const a = await startReplica(ns, 'replica-a', log);
    await a.mgr.elected();
    await startReplica(ns, 'replica-b', log);
    return { ns, log };
  }

  async function stopReplica(r: Replica): Promise<void> {
    const at = replicas.indexOf(r);
    if (at >= 0) replicas.splice(at, 1);
    r.mgr.stop();
    await r.run.catch(() => undefined);
  }

  async function createConfigMaps(ns: string, n: number): Promise<void> {
    for (let i = 0; i < n; i += 25) {
      await Promise.all(Array.from({ length: Math.min(25, n - i) }, (_, j) => core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: `cm-${i + j}` } } })));
    }
  }

  async function list(ns: string): Promise<V1ConfigMap[]> {
    // All of them: kube-apiserver adds kube-root-ca.crt to each namespace, and it is sharded like the rest.
    return (await core.listNamespacedConfigMap({ namespace: ns })).items;
  }

  const keyOf = (c: V1ConfigMap) => `${c.metadata!.namespace}/${c.metadata!.name}`;

  /**
   * Waits until every ConfigMap carries the shard the ring of `shards` names for it, none is
   * draining, and that shard is the last to have reconciled it. Returns the labels.
   */
  async function settled(ns: string, shards: string[], log: ReconcileLog): Promise<Map<string, string>> {
    const ring = new HashRing(shards);
    return eventually(async () => {
      const items = await list(ns);
      const last = log.lastShardOf();
      const labels = new Map<string, string>();
      const wrong: string[] = [];
      for (const c of items) {
        const shard = c.metadata?.labels?.[SHARD];
        const draining = c.metadata?.labels?.[DRAIN] !== undefined;
        if (!shard || shard !== ring.shardFor(keyOf(c)) || draining || last.get(keyOf(c)) !== shard) {
          wrong.push(`${keyOf(c)} on ${shard ?? 'no shard'}${draining ? ' (draining)' : ''}, last reconciled by ${last.get(keyOf(c)) ?? 'none'}`);
        }
        labels.set(keyOf(c), shard ?? '');
      }
      if (wrong.length > 0) throw new Error(`${wrong.length} not settled, e.g. ${wrong.slice(0, 3).join('; ')}`);
      return labels;
    }, { ...SETTLE, description: `every ConfigMap of ${ns} on its shard of ${shards.join(', ')} and reconciled there` });
  }

  /** A metric's value summed over the replicas (only the leader's sharder records). */
  async function metricSum(series: string, labels: string): Promise<number> {
    let sum = 0;
    for (const r of replicas) {
      const text = await r.mgr.getMetrics().registry.metrics();
      for (const line of text.split('\n')) if (line.startsWith(`${series}{${labels}}`)) sum += Number(line.split(' ').pop());
    }
    return sum;
  }

  function perShard(labels: Map<string, string>): Map<string, number> {
    const out = new Map<string, number>();
    for (const s of labels.values()) out.set(s, (out.get(s) ?? 0) + 1);
    return out;
  }

  it('spreads objects over 3 replicas as the ring says, each reconciling only its own, owned objects following their owner', async () => {
    const ns = await createNamespace(client, 'shard-spread');
    const log = new ReconcileLog();
    const shards = ['replica-a', 'replica-b', 'replica-c'];
    for (const id of shards) await startReplica(ns, id, log);
    const objects = 300;
    await createConfigMaps(ns, objects);
    const labels = await settled(ns, shards, log);
    expect(labels.size).toBeGreaterThanOrEqual(objects);
    // The pure ring test holds the ±15% bound on 10,000 keys; 300 keys sample it more coarsely.
    for (const n of perShard(labels).values()) expect(Math.abs(n - labels.size / 3)).toBeLessThanOrEqual(0.3 * (labels.size / 3));
    for (const span of log.spans) expect(span.shard).toBe(labels.get(span.key));
    // Each replica's cache holds its own share only (a label-selector watch), not every object.
    // (Eventually: an object moved while the replicas joined leaves the old cache with a watch event.)
    for (const r of replicas) {
      await eventually(async () => {
        const cached = await r.mgr.getCache().list(ConfigMap, { namespace: ns });
        return cached.length === perShard(labels).get(r.id) && cached.every((c) => c.metadata?.labels?.[SHARD] === r.id);
      }, { ...SETTLE, description: `${r.id} caching its own share only` });
    }

    // An owned Secret carries its owner's shard.
    const owner = (await list(ns)).find((c) => c.metadata!.name === 'cm-0')!;
    await core.createNamespacedSecret({
      namespace: ns,
      body: { metadata: { name: 'owned', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: owner.metadata!.name!, uid: owner.metadata!.uid!, controller: true }] } },
    });
    await eventually(async () => (await core.readNamespacedSecret({ name: 'owned', namespace: ns })).metadata?.labels?.[SHARD] === labels.get(keyOf(owner)), { ...SETTLE, description: 'the owned Secret labelled with its owner shard' });

    // The leader's sharder counted the first assignments (objects given a shard for the first time).
    expect(await metricSum('scaffolder_shard_reassignments_total', `ring="${RING}",reason="new"`)).toBe(labels.size);
    expect(log.overlaps()).toEqual([]);
  }, TEST_TIMEOUT_MS);

  it('hands a crashed replica\'s objects over within lease duration + 5 s', async () => {
    // replica-c, a follower, crashes.
    const { ns, log } = await leaderAndFollower('shard-crash');
    const c = await startReplica(ns, 'replica-c', log, true);
    await createConfigMaps(ns, 150);
    const before = await settled(ns, ['replica-a', 'replica-b', 'replica-c'], log);
    const orphans = [...before].filter(([, s]) => s === 'replica-c').map(([k]) => k);
    expect(orphans.length).toBeGreaterThan(0);

    // A crash: the manager stops without releasing its Leases, which run out on their own.
    await stopReplica(c);
    const crashedAt = performance.now();
    const after = await settled(ns, ['replica-a', 'replica-b'], log);
    const handover = performance.now() - crashedAt;
    expect(handover).toBeLessThanOrEqual(HANDOVER_BOUND_MS);
    for (const [k, s] of before) if (s !== 'replica-c') expect(after.get(k)).toBe(s);
    expect(log.overlaps()).toEqual([]);
  }, TEST_TIMEOUT_MS);

  it('moves about a quarter of the objects to a fourth replica, and nothing else', async () => {
    const ns = await createNamespace(client, 'shard-join');
    const log = new ReconcileLog();
    const three = ['replica-a', 'replica-b', 'replica-c'];
    for (const id of three) await startReplica(ns, id, log);
    const objects = 200;
    // Three of the keys that will move are slow, so their move meets a reconcile in flight.
    const [ring3, ring4] = [new HashRing(three), new HashRing([...three, 'replica-d'])];
    slow.clear();
    for (let i = 0; i < objects && slow.size < 3; i++) if (ring3.shardFor(`${ns}/cm-${i}`) !== ring4.shardFor(`${ns}/cm-${i}`)) slow.add(`${ns}/cm-${i}`);
    await createConfigMaps(ns, objects);
    const before = await settled(ns, three, log);
    await startReplica(ns, 'replica-d', log);
    const after = await settled(ns, [...three, 'replica-d'], log);
    const moved = [...before.keys()].filter((k) => before.get(k) !== after.get(k));
    expect(moved.every((k) => after.get(k) === 'replica-d')).toBe(true);
    // About a quarter: 50 of 200 expected; 200 keys sample the ring coarsely, hence the wide band.
    expect(moved.length).toBeGreaterThanOrEqual(0.15 * before.size);
    expect(moved.length).toBeLessThanOrEqual(0.35 * before.size);
    expect(log.overlaps()).toEqual([]);
    // Every moved object was drained from its old shard, once.
    expect(await metricSum('scaffolder_shard_drain_duration_seconds_count', `ring="${RING}"`)).toBe(moved.length);
  }, TEST_TIMEOUT_MS);

  it('a frozen shard whose Lease expired reconciles nothing after losing its objects', async () => {
    const { ns, log } = await leaderAndFollower('shard-frozen');
    const dir = mkdtempSync(path.join(tmpdir(), 'shard-frozen-'));
    const kubeconfig = path.join(dir, 'kubeconfig');
    await env.writeKubeconfig(kubeconfig);
    const child = spawnReplica(kubeconfig, ns, 'replica-frozen', log);
    try {
      await createConfigMaps(ns, 120);
      const before = await settled(ns, ['replica-a', 'replica-b', 'replica-frozen'], log);
      const lost = [...before].filter(([, s]) => s === 'replica-frozen').map(([k]) => k);
      expect(lost.length).toBeGreaterThan(0);

      child.process.kill('SIGSTOP');
      const frozenAt = wallNow();
      // Its Lease runs out and its objects go to the others, while it holds keys that fall due (requeueAfter).
      await settled(ns, ['replica-a', 'replica-b'], log);
      child.process.kill('SIGCONT');
      // It wakes with a stale cache and due keys; fencing stops it: its manager fails and the process exits.
      // It notices at its next renewal attempt (a retry period); 30 s only bounds the wait on a loaded machine.
      const code = await Promise.race([child.exited, new Promise((r) => setTimeout(() => r('still running after 30 s'), 30_000))]);
      expect(code).toBe(1);
      expect(child.failure()).toMatch(/shard lease .* is no longer ours/);
      const afterFreeze = log.spans.filter((s) => s.shard === 'replica-frozen' && s.start > frozenAt);
      expect(afterFreeze).toEqual([]);
      expect(log.overlaps()).toEqual([]);
    } finally {
      child.process.kill('SIGCONT');
      child.process.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, TEST_TIMEOUT_MS);
});

/** The fixture replica as a child process, its reconciles fed into `log`. */
function spawnReplica(kubeconfig: string, ns: string, id: string, log: ReconcileLog) {
  const fixture = path.join(import.meta.dirname, 'fixtures', 'shard-replica.ts');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fixture, ns, id], {
    env: { ...process.env, KUBECONFIG: kubeconfig },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let failure = '';
  let buffered = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    buffered += chunk;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const event = JSON.parse(buffered.slice(0, nl)) as { ev: string; key?: string; start?: number; end?: number; message?: string };
      buffered = buffered.slice(nl + 1);
      if (event.ev === 'span') log.begin(id, event.key!, event.start).end = event.end!;
      else if (event.ev === 'failed') failure = event.message ?? '';
    }
  });
  child.stderr!.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, exited, failure: () => failure };
}
