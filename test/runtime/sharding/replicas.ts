/**
 * What the live sharding tests share: replicas (managers in this process, each running the sharded
 * ConfigMap controller of ring `configmaps` and elected leader through one Lease of the test's
 * namespace), ConfigMaps created with bounded concurrency, and a view of them through client-node's
 * informer in which the tests wait for the ring's assignment to settle.
 *
 * Timings: a replica a test crashes has Leases of 3 s (renew deadline 2 s, retry period 0.5 s); the
 * others have 15 s ones (steadyTiming), since the rest go by the Lease's own duration. The bound for a
 * crash, lease duration + 5 s, is 8 s; all of it scaled by the machine's load when the file starts
 * (timeouts.ts, scaleNow), since a replica whose renewals take longer than its renew deadline
 * fences itself and fails, as it should: at load 25 on two cores, 3 s leases flapped (renewals
 * timed out after 2 s) and the 10,000-object spread never settled.
 *
 * The bound's 5 s is scaled with them, and that is a choice: it covers what follows the Lease
 * running out, which on this machine is CPU work shared with everything else (the new leader
 * listing 10,000 objects, 2,500 label writes through the API server, their watch events into four
 * caches of this one process), not waiting; the same 2,519 writes took 1.2 s in one run and 16.9 s
 * in another at load 31. Unscaled, the bound would measure the load. At a load no higher than the
 * cores (factor 1) it is the bound exactly, and the factor stops at 4. The 10,000-object
 * scale test goes further: the load still rises after its file starts (the suite's heaviest files
 * start beside it), so its crashed replica has steady Leases too, and its hand-over is timed
 * against the bound in bench/sharding-handover.bench.ts, not in the test.
 */
import { CoreV1Api, type KubeConfig, makeInformer, type V1ConfigMap } from '@kubernetes/client-node';
import { ConfigMap, controllerManagedBy, drainLabel, HashRing, type KubeClient, type LeaseTimings, Logger, type LogSink, type Manager, newLogger, Secret, shardLabel } from '../../../src/runtime/index.js';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import { newManager } from '../../support/runtime.js';
import { scaleNow } from '../../support/timeouts.js';
import { type ReconcileLog, wallNow } from './reconcile-log.js';

export const RING = 'configmaps';
export const SHARD = shardLabel(RING);
export const DRAIN = drainLabel(RING);
const factor = scaleNow();
export type LeaseTiming = Required<LeaseTimings>;
/** For the hand-over tests. The lease duration in whole seconds, as the Lease records it (leaseDurationSeconds) and other replicas go by. */
export const timing: LeaseTiming = { leaseDuration: Math.ceil(3 * factor) * 1000, renewDeadline: Math.round(2000 * factor), retryPeriod: Math.round(500 * factor) };
/**
 * For tests in which no Lease is meant to run out unless the test makes it: the factor is taken when
 * the file starts, and the load can rise after that (other test files starting beside this one), so
 * that 2 s renew deadlines were overrun and a live replica's objects moved (CI, Node 22, the
 * fourth-replica test on kube-apiserver).
 */
export const steadyTiming: LeaseTiming = { leaseDuration: Math.ceil(15 * factor) * 1000, renewDeadline: Math.round(10_000 * factor), retryPeriod: Math.round(2000 * factor) };
/** The bound for handing a crashed replica's objects over: lease duration + 5 s (see the file comment). */
export const HANDOVER_BOUND_MS = timing.leaseDuration + Math.round(5000 * factor);
const quiet = newLogger({ level: 'error', output: { write: () => true } });

export interface Replica {
  id: string;
  mgr: Manager;
  run: Promise<void>;
}

/** What each reconcile of the test controller does: wait a while, then ask to run again later. */
export interface ReconcileBehaviour {
  /** How long the reconcile of `key` stays in flight (ms). */
  workMs(key: string): number;
  /** The requeueAfter it returns (ms), so that every key keeps falling due while shards change. */
  requeueAfterMs(): number;
  /** Workers per replica. */
  workers: number;
}

export class Replicas {
  readonly running: Replica[] = [];

  private readonly log: Logger;

  /** `logSink`: where the replicas' info lines and errors go (none by default). */
  constructor(private readonly env: TestEnvironment, private readonly behaviour: ReconcileBehaviour, logSink?: LogSink) {
    this.log = logSink ? new Logger(logSink) : quiet;
  }

  /**
   * Starts replica `id` in `ns`. A replica given `crash` leaves its Leases to run out when stopped
   * (a crash), and has the Lease timings it names (`timing` or `steadyTiming`); the others have
   * steadyTiming and hand their Leases back on stop.
   */
  async start(ns: string, id: string, log: ReconcileLog, crash?: { leases: LeaseTiming }): Promise<Replica> {
    const { behaviour } = this;
    const crashable = crash !== undefined;
    const leases = crash?.leases ?? steadyTiming;
    const mgr = await newManager(this.env, {
      namespaces: [ns],
      leaderElection: true,
      leaderElectionID: 'sharding-leader',
      leaderElectionNamespace: ns,
      ...leases,
      leaderElectionReleaseOnCancel: !crashable,
      logger: this.log,
    });
    await controllerManagedBy(mgr)
      .for(ConfigMap)
      .owns(Secret)
      .sharded({ ring: RING, shardID: id, leaseNamespace: ns, ...leases, releaseOnCancel: !crashable })
      .withOptions({ maxConcurrentReconciles: behaviour.workers })
      .complete(async (req) => {
        const key = `${req.namespace}/${req.name}`;
        const span = log.begin(id, key);
        try {
          await new Promise((r) => setTimeout(r, behaviour.workMs(key)));
        } finally {
          span.end = wallNow();
        }
        return { requeueAfter: behaviour.requeueAfterMs() };
      });
    const run = mgr.start();
    run.catch(() => undefined);
    const replica = { id, mgr, run };
    this.running.push(replica);
    return replica;
  }

  /** Stops a replica: with its Leases released, or (crashable) left to run out. */
  async stop(r: Replica): Promise<void> {
    const at = this.running.indexOf(r);
    if (at >= 0) this.running.splice(at, 1);
    r.mgr.stop();
    await r.run.catch(() => undefined);
  }

  async stopAll(): Promise<void> {
    for (const r of [...this.running]) await this.stop(r);
  }

  /** The running replica that holds the leader Lease (so runs the sharder). */
  async leader(): Promise<Replica> {
    return Promise.race(this.running.map((r) => r.mgr.elected().then(() => r)));
  }

  /** Waits until each running replica's cache holds its own share of `labels` in `ns` and nothing else (a label-selector watch). */
  async cacheOnlyTheirShares(ns: string, labels: ReadonlyMap<string, string>, wait: SettleWait): Promise<void> {
    const shares = perShard(labels);
    for (const r of this.running) {
      await eventually(async () => {
        const cached = await r.mgr.getCache().list(ConfigMap, { namespace: ns });
        return cached.length === shares.get(r.id) && cached.every((c) => c.metadata?.labels?.[SHARD] === r.id);
      }, { ...wait, description: `${r.id} caching its own share only` });
    }
  }

  /** The values of a metric's series with exactly `labels`, one per running replica that exports it. */
  async metricValues(series: string, labels: string): Promise<number[]> {
    const values: number[] = [];
    for (const r of this.running) {
      const text = await r.mgr.getMetrics().registry.metrics();
      for (const line of text.split('\n')) if (line.startsWith(`${series}{${labels}}`)) values.push(Number(line.split(' ').pop()));
    }
    return values;
  }

  /** A metric's value summed over the running replicas (only the leader's sharder records). */
  async metricSum(series: string, labels: string): Promise<number> {
    return (await this.metricValues(series, labels)).reduce((sum, n) => sum + n, 0);
  }

  /**
   * A counter summed over the running replicas, once it has reached `n`. The sharder counts a label
   * write when the write returns, which can be after a watcher saw the label and the settle ended
   * (CI, kube-apiserver, 10,000 objects: 2,538 of 2,545 counted). A count past `n` by then shows
   * in the result.
   */
  async counterReaching(series: string, labels: string, n: number, wait: SettleWait): Promise<number> {
    return eventually(async () => {
      const sum = await this.metricSum(series, labels);
      if (sum < n) throw new Error(`${series}{${labels}} at ${sum} of ${n}`);
      return sum;
    }, { ...wait, description: `${series}{${labels}} reaching ${n}` });
  }

  /**
   * Waits until the leader's sharder counts each of `shards` live: it reports scaffolder_shard_objects
   * for every shard of its ring, at 0 before the shard has objects.
   */
  async sharderSees(shards: string[], wait: SettleWait): Promise<void> {
    await eventually(async () => {
      for (const shard of shards) if ((await this.metricValues('scaffolder_shard_objects', `ring="${RING}",shard="${shard}"`)).length === 0) return false;
      return true;
    }, { ...wait, description: `the sharder counting ${shards.join(', ')} live` });
  }
}

/**
 * Creates ConfigMaps `cm-0` .. `cm-<n-1>` in `ns`, `concurrency` requests at a time, through our
 * client: its keep-alive connections are reused, where client-node's connection per request ran
 * the test process out of file descriptors (EMFILE) at 10,000 creates on the in-process server.
 */
export async function createConfigMaps(client: KubeClient, ns: string, n: number, concurrency = 25): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) await client.create(ConfigMap, { metadata: { namespace: ns, name: `cm-${i}` } });
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
}

export const keyOf = (c: V1ConfigMap): string => `${c.metadata!.namespace}/${c.metadata!.name}`;

/**
 * Every ConfigMap of a namespace as client-node's informer sees it (all of them: kube-apiserver
 * adds kube-root-ca.crt to each namespace, and it is sharded like the rest). An informer rather
 * than a list per look: with 10,000 objects a list every 200 ms would load the server the replicas share.
 */
export class ConfigMapView {
  private stopped = false;

  private constructor(private readonly informer: ReturnType<typeof makeInformer<V1ConfigMap>>) {}

  static async start(kubeConfig: KubeConfig, ns: string): Promise<ConfigMapView> {
    const core = kubeConfig.makeApiClient(CoreV1Api);
    const informer = makeInformer<V1ConfigMap>(kubeConfig, `/api/v1/namespaces/${ns}/configmaps`, () => core.listNamespacedConfigMap({ namespace: ns }));
    const view = new ConfigMapView(informer);
    // client-node's informer stops on a watch error; it lists and watches again when started again.
    informer.on('error', () => setTimeout(() => void (view.stopped || informer.start().catch(() => undefined)), 200));
    await informer.start();
    return view;
  }

  items(): readonly V1ConfigMap[] {
    return this.informer.list();
  }

  /** Calls `handler` with each ConfigMap changed from now on, as the watch delivers it. */
  onUpdate(handler: (c: V1ConfigMap) => void): void {
    this.informer.on('update', handler);
  }

  get(name: string): V1ConfigMap | undefined {
    return this.items().find((c) => c.metadata?.name === name);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.informer.stop();
  }
}

export interface SettleWait {
  timeout: number;
  interval: number;
}

/**
 * Waits until every ConfigMap in `view` (at least `atLeast` of them) carries the shard the ring of
 * `shards` names for it, none is draining, and that shard is the last to have reconciled it.
 * Returns the labels.
 */
export async function settled(view: ConfigMapView, shards: string[], log: ReconcileLog, wait: SettleWait, atLeast = 0): Promise<Map<string, string>> {
  const ring = new HashRing(shards);
  return eventually(() => {
    const items = view.items();
    if (items.length < atLeast) throw new Error(`${items.length} of ${atLeast} ConfigMaps seen`);
    const last = log.lastShardOf();
    // Counted, with a few examples: a message for each of thousands of unsettled objects, twice a
    // second, cost the test process more CPU than the sharder it waits for.
    const labels = new Map<string, string>();
    let wrong = 0;
    const examples: string[] = [];
    for (const c of items) {
      const key = keyOf(c);
      const shard = c.metadata?.labels?.[SHARD];
      const draining = c.metadata?.labels?.[DRAIN] !== undefined;
      if (!shard || shard !== ring.shardFor(key) || draining || last.get(key) !== shard) {
        if (wrong++ < 3) examples.push(`${key} on ${shard ?? 'no shard'}${draining ? ' (draining)' : ''}, last reconciled by ${last.get(key) ?? 'none'}`);
      }
      labels.set(key, shard ?? '');
    }
    if (wrong > 0) throw new Error(`${wrong} not settled, e.g. ${examples.join('; ')}`);
    return labels;
  }, { ...wait, description: `every ConfigMap on its shard of ${shards.join(', ')} and reconciled there` });
}

export function perShard(labels: ReadonlyMap<string, string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of labels.values()) out.set(s, (out.get(s) ?? 0) + 1);
  return out;
}
