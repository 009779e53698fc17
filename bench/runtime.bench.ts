/**
 * The runtime over 10,000 objects: how fast one controller reconciles them, how many watch events
 * per second the cache takes in, and how much memory each cached object costs; then the same
 * stream through client-node's own makeInformer, for the ratio.
 *
 * The test API server runs in a child process (this same file, started with a role), so that
 * its CPU time and heap are not counted against the client side measured here. (A worker thread
 * would be lighter, but on Node 20 workers do not get the TypeScript loader of `--import tsx`.)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CoreV1Api, type KubeConfig, makeInformer, type V1ConfigMap } from '@kubernetes/client-node';
import {
  builtinScheme,
  ConfigMap,
  controllerManagedBy,
  InformerCache,
  Manager,
  RestTransport,
  setLogger,
} from '../src/runtime/index.js';
import { kubeConfigFor, TestAPIServer } from '../src/testing/index.js';

const OBJECTS = 10_000;
/** Measured runs of each informer (after one warm-up each). */
const RUNS = 3;
const NAMESPACES = 10;

type Command =
  | { id: number; cmd: 'seed'; n: number }
  | { id: number; cmd: 'update'; n: number; round: number }
  | { id: number; cmd: 'stall' | 'drop' | 'stop' };
type Request = Command extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

// ---- the API server side (child process) ---------------------------------------------------

async function serve(): Promise<void> {
  const server = new TestAPIServer({ watchHistoryLimit: 100_000, bookmarkIntervalMs: 60_000 });
  await server.listen();
  const { rt, version } = server.resourceFor('v1', 'ConfigMap');
  const v = rt.versions.find((x) => x.name === version)!;
  process.send!({ url: server.url, token: server.token });
  process.on('message', (msg: Command) => {
    void (async () => {
      if (msg.cmd === 'seed') {
        for (let ns = 0; ns < NAMESPACES; ns++) {
          await server.createObject({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: `bench-${ns}` } });
        }
        for (let i = 0; i < msg.n; i++) {
          await server.createObject({
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { namespace: `bench-${i % NAMESPACES}`, name: `cm-${i}`, labels: { app: 'bench', shard: String(i % 7) } },
            data: { index: String(i), payload: 'x'.repeat(200) },
          });
        }
      } else if (msg.cmd === 'update') {
        for (let i = 0; i < msg.n; i++) {
          await server.storage.update(rt, v, `bench-${i % NAMESPACES}`, `cm-${i}`, '', (cur) => ({
            ...cur,
            data: { ...(cur.data as Record<string, string>), round: String(msg.round) },
          }));
        }
      } else if (msg.cmd === 'stall') {
        server.stallWatches();
      } else if (msg.cmd === 'drop') {
        server.dropWatches();
      } else {
        await server.stop();
      }
      process.send!({ id: msg.id });
    })();
  });
}

const ROLE = 'SCAFFOLDER_RUNTIME_BENCH_ROLE';
if (process.env[ROLE] === 'api-server') await serve();

// ---- the client side (main thread) ---------------------------------------------------------

class ServerProcess {
  private nextId = 0;
  private readonly waiting = new Map<number, () => void>();
  private constructor(private readonly child: ChildProcess, readonly url: string, readonly token: string) {
    child.on('message', (m: { id?: number }) => {
      if (m.id !== undefined) this.waiting.get(m.id)?.();
    });
  }

  static async start(): Promise<ServerProcess> {
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, [ROLE]: 'api-server' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const { url, token } = await new Promise<{ url: string; token: string }>((resolve, reject) => {
      child.once('message', (m: { url: string; token: string }) => resolve(m));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the API server process exited with ${code}`)));
    });
    return new ServerProcess(child, url, token);
  }

  send(cmd: Request): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.send({ ...cmd, id });
    });
  }

  async stop(): Promise<void> {
    await this.send({ cmd: 'stop' });
    this.child.disconnect();
  }
}

const gc = (globalThis as { gc?: () => void }).gc;

function heapUsed(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

/** Caches of finished passes that the garbage collector has not reclaimed yet. */
let unreclaimed = 0;
const reclaimed = new FinalizationRegistry<void>(() => void unreclaimed--);

/** Registers a pass's cache, which the next heap baseline must not include. */
function track(cache: object): void {
  unreclaimed++;
  reclaimed.register(cache, undefined);
}

/**
 * A heap baseline without the caches of earlier passes: a stopped informer stays reachable
 * until its sockets have closed, a few event-loop turns later, so collect until they are gone.
 */
async function settledHeap(): Promise<number> {
  for (let i = 0; i < 200 && unreclaimed > 0; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 10));
  }
  return heapUsed();
}

/** Client-process CPU time (user + system) since `since`, in microseconds. */
function cpuMicros(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return d.user + d.system;
}

function until(cond: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const tick = () => (cond() ? resolve() : setTimeout(tick, 1));
    tick();
  });
}

/** Our cache: list 10k, then take 10k update events; heap per cached object. */
async function ourInformer(kubeConfig: KubeConfig, server: ServerProcess, round: number) {
  const transport = new RestTransport(kubeConfig);
  const cache = new InformerCache(transport, { resyncPeriodMs: 0, watchBackoff: { initialMs: 1, maxMs: 10 } });
  const stop = new AbortController();
  const before = await settledHeap();
  let adds = 0;
  let updates = 0;
  const informer = cache.getInformer(ConfigMap);
  track(informer.store);
  informer.addEventHandler({ onAdd: () => void adds++, onUpdate: () => void updates++ });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  cache.start(stop.signal);
  await cache.waitForCacheSync();
  const listMs = performance.now() - t0;
  const listCpuUs = cpuMicros(c0);
  const bytesPerObject = (heapUsed() - before) / informer.store.size;
  await server.send({ cmd: 'stall' });
  await server.send({ cmd: 'update', n: OBJECTS, round });
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  await server.send({ cmd: 'drop' });
  await until(() => updates >= OBJECTS);
  const eventsMs = performance.now() - t1;
  const eventsCpuUs = cpuMicros(c1);
  stop.abort();
  await cache.stop();
  transport.close();
  if (adds !== OBJECTS) throw new Error(`our informer saw ${adds} adds, expected ${OBJECTS}`);
  return { listMs, eventsMs, bytesPerObject, listCpuUs, eventsCpuUs };
}

/** client-node's makeInformer on the same kind of stream. */
async function clientNodeInformer(kubeConfig: KubeConfig, server: ServerProcess, round: number) {
  const api = kubeConfig.makeApiClient(CoreV1Api);
  const before = await settledHeap();
  let adds = 0;
  let updates = 0;
  const informer = makeInformer<V1ConfigMap>(kubeConfig, '/api/v1/configmaps', () => api.listConfigMapForAllNamespaces());
  track(informer);
  informer.on('add', () => void adds++);
  informer.on('update', () => void updates++);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await informer.start();
  await until(() => adds >= OBJECTS);
  const listMs = performance.now() - t0;
  const listCpuUs = cpuMicros(c0);
  const bytesPerObject = (heapUsed() - before) / informer.list().length;
  await server.send({ cmd: 'stall' });
  await server.send({ cmd: 'update', n: OBJECTS, round });
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  await server.send({ cmd: 'drop' });
  await until(() => updates >= OBJECTS);
  const eventsMs = performance.now() - t1;
  const eventsCpuUs = cpuMicros(c1);
  await informer.stop();
  return { listMs, eventsMs, bytesPerObject, listCpuUs, eventsCpuUs };
}

/** One controller (default options) reconciling every object, each reconcile reading it from the cache. */
async function controller(kubeConfig: KubeConfig, server: ServerProcess, round: number, workers: number) {
  const mgr = await Manager.create({ scheme: builtinScheme(), kubeConfig, handleSignals: false, syncPeriod: 0, cache: { watchBackoff: { initialMs: 1, maxMs: 10 } } });
  const client = mgr.getClient();
  let reconciles = 0;
  await controllerManagedBy(mgr)
    .for(ConfigMap)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(async (req) => {
      await client.get(ConfigMap, req);
      reconciles++;
      return {};
    });
  const t0 = performance.now();
  const running = mgr.start();
  await until(() => reconciles >= OBJECTS);
  const initialMs = performance.now() - t0;
  await server.send({ cmd: 'stall' });
  await server.send({ cmd: 'update', n: OBJECTS, round });
  const t1 = performance.now();
  await server.send({ cmd: 'drop' });
  await until(() => reconciles >= 2 * OBJECTS);
  const eventsMs = performance.now() - t1;
  mgr.stop();
  await running;
  return { initialMs, eventsMs };
}

const perSecond = (n: number, ms: number) => Math.round((n / ms) * 1000);

/** The median of each figure over several runs. */
function medians<T extends Record<string, number>>(runs: T[]): T {
  const out: Record<string, number> = {};
  for (const key of Object.keys(runs[0]!)) {
    const sorted = runs.map((r) => r[key]!).sort((a, b) => a - b);
    out[key] = sorted[Math.floor(sorted.length / 2)]!;
  }
  return out as T;
}

export default async function runtimeBench(): Promise<Record<string, number | string>> {
  setLogger({ level: 'error' });
  const server = await ServerProcess.start();
  try {
    await server.send({ cmd: 'seed', n: OBJECTS });
    const kubeConfig = kubeConfigFor(server.url, { skipTLSVerify: true, token: server.token });
    let round = 0;
    // Warm-up passes (JIT on both sides, connection set-up) whose figures are discarded; then the
    // two informers take turns, so that neither always meets a colder or busier server, and each
    // figure is the median of its runs.
    await ourInformer(kubeConfig, server, ++round);
    await clientNodeInformer(kubeConfig, server, ++round);
    const oursRuns: Awaited<ReturnType<typeof ourInformer>>[] = [];
    const theirRuns: Awaited<ReturnType<typeof clientNodeInformer>>[] = [];
    for (let i = 0; i < RUNS; i++) {
      oursRuns.push(await ourInformer(kubeConfig, server, ++round));
      theirRuns.push(await clientNodeInformer(kubeConfig, server, ++round));
    }
    const ours = medians(oursRuns);
    const theirs = medians(theirRuns);
    const one = await controller(kubeConfig, server, ++round, 1);
    const four = await controller(kubeConfig, server, ++round, 4);
    return {
      objects: OBJECTS,
      'controller reconciles/s (initial sync, 1 worker)': perSecond(OBJECTS, one.initialMs),
      'controller reconciles/s (update events, 1 worker)': perSecond(OBJECTS, one.eventsMs),
      'controller reconciles/s (update events, 4 workers)': perSecond(OBJECTS, four.eventsMs),
      'cache list objects/s (ours)': perSecond(OBJECTS, ours.listMs),
      'cache list objects/s (client-node makeInformer)': perSecond(OBJECTS, theirs.listMs),
      'watch events/s (ours)': perSecond(OBJECTS, ours.eventsMs),
      'watch events/s (client-node makeInformer)': perSecond(OBJECTS, theirs.eventsMs),
      'events/s ratio ours/client-node': ours.eventsMs > 0 ? theirs.eventsMs / ours.eventsMs : 'n/a',
      'list ratio ours/client-node': ours.listMs > 0 ? theirs.listMs / ours.listMs : 'n/a',
      // Wall-clock rates above are partly bounded by the server; CPU per item is the client's own cost.
      'client CPU us per watch event (ours)': ours.eventsCpuUs / OBJECTS,
      'client CPU us per watch event (client-node)': theirs.eventsCpuUs / OBJECTS,
      'client CPU us per listed object (ours)': ours.listCpuUs / OBJECTS,
      'client CPU us per listed object (client-node)': theirs.listCpuUs / OBJECTS,
      'heap bytes per cached object (ours)': gc ? Math.round(ours.bytesPerObject) : 'n/a (run with --expose-gc)',
      'heap bytes per cached object (client-node)': gc ? Math.round(theirs.bytesPerObject) : 'n/a (run with --expose-gc)',
      note: `API server in a child process; update events arrive as a backlog replayed after a reconnect; informer figures are medians of ${RUNS} alternating runs`,
    };
  } finally {
    await server.stop();
  }
}
