/**
 * The runtime over 10,000 objects: how long one controller with an empty reconcile takes to get
 * through them, how fast the cache lists them and takes in watch events, and how much memory each
 * cached object costs; each beside client-node's own makeInformer over the same server, in the same round.
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
import { loadAverages, spread } from './stats.js';

const OBJECTS = 10_000;
/** Measured rounds (after one warm-up pass of each side). */
const ROUNDS = 7;
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

/**
 * One controller (default options) whose reconcile does nothing but count: the controller path
 * (handlers, queue, metrics, logger, workers) over the informer's list, then over 10,000 update events.
 */
async function controller(kubeConfig: KubeConfig, server: ServerProcess, round: number, workers: number) {
  const mgr = await Manager.create({ scheme: builtinScheme(), kubeConfig, handleSignals: false, syncPeriod: 0, cache: { watchBackoff: { initialMs: 1, maxMs: 10 } } });
  let reconciles = 0;
  await controllerManagedBy(mgr)
    .for(ConfigMap)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(async () => {
      reconciles++;
      return {};
    });
  track(mgr);
  await settledHeap();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const running = mgr.start();
  await until(() => reconciles >= OBJECTS);
  const initialMs = performance.now() - t0;
  const initialCpuUs = cpuMicros(c0);
  await server.send({ cmd: 'stall' });
  await server.send({ cmd: 'update', n: OBJECTS, round });
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  await server.send({ cmd: 'drop' });
  await until(() => reconciles >= 2 * OBJECTS);
  const eventsMs = performance.now() - t1;
  const eventsCpuUs = cpuMicros(c1);
  mgr.stop();
  await running;
  return { initialMs, eventsMs, initialCpuUs, eventsCpuUs };
}

const perSecond = (n: number, ms: number) => Math.round((n / ms) * 1000);

export default async function runtimeBench(): Promise<Record<string, number | string>> {
  setLogger({ level: 'error' });
  const loadBefore = loadAverages();
  const server = await ServerProcess.start();
  try {
    await server.send({ cmd: 'seed', n: OBJECTS });
    const kubeConfig = kubeConfigFor(server.url, { skipTLSVerify: true, token: server.token });
    let round = 0;
    // Warm-up passes (JIT on both sides, connection set-up) whose figures are discarded.
    await controller(kubeConfig, server, ++round, 1);
    await ourInformer(kubeConfig, server, ++round);
    await clientNodeInformer(kubeConfig, server, ++round);
    // Each round runs ours and the peer back to back, in alternating order, so that a busy
    // moment of the machine falls on both sides of one round's ratio; the spread over rounds
    // shows how far load moved each figure.
    const rows = { controllerInitial: [] as number[], controllerEvents: [] as number[], cacheList: [] as number[], cacheEvents: [] as number[], peerList: [] as number[], peerEvents: [] as number[] };
    const ratios = { controllerInitial: [] as number[], cacheList: [] as number[], cacheEvents: [] as number[], controllerEvents: [] as number[] };
    const cpu = { controller: [] as number[], controllerEvents: [] as number[], ours: [] as number[], peer: [] as number[], oursEvents: [] as number[], peerEvents: [] as number[] };
    const cpuRatio = { controller: [] as number[], controllerEvents: [] as number[] };
    const heap = { ours: [] as number[], peer: [] as number[] };
    for (let r = 0; r < ROUNDS; r++) {
      let ctl!: Awaited<ReturnType<typeof controller>>;
      let ours!: Awaited<ReturnType<typeof ourInformer>>;
      let peer!: Awaited<ReturnType<typeof clientNodeInformer>>;
      const passes = [
        async () => void (ctl = await controller(kubeConfig, server, ++round, 1)),
        async () => void (ours = await ourInformer(kubeConfig, server, ++round)),
        async () => void (peer = await clientNodeInformer(kubeConfig, server, ++round)),
      ];
      if (r % 2 === 1) passes.reverse();
      for (const pass of passes) await pass();
      rows.controllerInitial.push(ctl.initialMs);
      rows.controllerEvents.push(ctl.eventsMs);
      rows.cacheList.push(ours.listMs);
      rows.cacheEvents.push(ours.eventsMs);
      rows.peerList.push(peer.listMs);
      rows.peerEvents.push(peer.eventsMs);
      ratios.controllerInitial.push(ctl.initialMs / peer.listMs);
      ratios.controllerEvents.push(ctl.eventsMs / peer.eventsMs);
      ratios.cacheList.push(ours.listMs / peer.listMs);
      ratios.cacheEvents.push(ours.eventsMs / peer.eventsMs);
      cpu.controller.push(ctl.initialCpuUs / OBJECTS);
      cpu.controllerEvents.push(ctl.eventsCpuUs / OBJECTS);
      cpuRatio.controller.push(ctl.initialCpuUs / peer.listCpuUs);
      cpuRatio.controllerEvents.push(ctl.eventsCpuUs / peer.eventsCpuUs);
      cpu.ours.push(ours.listCpuUs / OBJECTS);
      cpu.peer.push(peer.listCpuUs / OBJECTS);
      cpu.oursEvents.push(ours.eventsCpuUs / OBJECTS);
      cpu.peerEvents.push(peer.eventsCpuUs / OBJECTS);
      heap.ours.push(ours.bytesPerObject);
      heap.peer.push(peer.bytesPerObject);
    }
    const four = await controller(kubeConfig, server, ++round, 4);
    return {
      objects: OBJECTS,
      rounds: ROUNDS,
      'load average before (1 5 15 min)': loadBefore,
      '10k empty reconciles, initial list, 1 worker (ms)': spread(rows.controllerInitial),
      '  peer: makeInformer list of the same 10k (ms)': spread(rows.peerList),
      '  ratio controller/makeInformer per round, target <= 1.3': spread(ratios.controllerInitial),
      'our cache list of 10k (ms)': spread(rows.cacheList),
      '  ratio our cache/makeInformer list per round (< 1 is faster)': spread(ratios.cacheList),
      'our cache, 10k update events (ms)': spread(rows.cacheEvents),
      '  peer: makeInformer, 10k update events (ms)': spread(rows.peerEvents),
      '  ratio our cache/makeInformer events per round (< 1 is faster)': spread(ratios.cacheEvents),
      '10k empty reconciles of update events, 1 worker (ms)': spread(rows.controllerEvents),
      '  ratio controller/makeInformer events per round': spread(ratios.controllerEvents),
      'reconciles/s of update events, 4 workers (one run)': perSecond(OBJECTS, four.eventsMs),
      // Wall-clock figures are partly bounded by the server and move with load; the client's CPU
      // time per item is its own cost, and moves less.
      'client CPU us per object: controller initial list / makeInformer list': `${spread(cpu.controller)} / ${spread(cpu.peer)}`,
      '  CPU ratio controller/makeInformer list per round': spread(cpuRatio.controller),
      'client CPU us per update event: controller / makeInformer': `${spread(cpu.controllerEvents)} / ${spread(cpu.peerEvents)}`,
      '  CPU ratio controller/makeInformer events per round': spread(cpuRatio.controllerEvents),
      'client CPU us per listed object, ours / makeInformer': `${spread(cpu.ours)} / ${spread(cpu.peer)}`,
      'client CPU us per watch event, ours / makeInformer': `${spread(cpu.oursEvents)} / ${spread(cpu.peerEvents)}`,
      'heap bytes per cached object, ours / makeInformer': gc ? `${spread(heap.ours)} / ${spread(heap.peer)}` : 'n/a (run with --expose-gc)',
      'load average after (1 5 15 min)': loadAverages(),
      note: `API server in a child process; figures are median (min-max) over ${ROUNDS} rounds, each running ours and makeInformer back to back in alternating order; update events arrive as a backlog replayed after a reconnect`,
    };
  } finally {
    await server.stop();
  }
}
