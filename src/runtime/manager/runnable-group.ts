/**
 * The manager's runnables and controllers (controller-runtime's runnable groups): those that need no
 * lease start with the caches, the others once the lease is held; added later, they start at once;
 * on shutdown the controllers stop and everything started is waited for, within the grace time. Also
 * the shutdown helpers: waiting for an abort, a bounded wait, stopping servers, signal handlers.
 */
import type { InformerCache } from '../cache/cache.js';
import type { Controller, DispatchGate } from '../controller/controller.js';
import type { Logger } from '../log/index.js';
import type { ManagedServer } from './manager-options.js';
import type { Runnable } from './runnable.js';

export class RunnableGroup {
  readonly controllers = new Map<string, Controller>();
  readonly runnables: Runnable[] = [];
  /** What start() runs, so that runnables and controllers added later join it (and shutdown waits for them). */
  readonly running: Promise<void>[] = [];
  private fail: (err: unknown) => void = () => undefined;
  private signal: AbortSignal | undefined;
  /** Runnables and controllers that need no lease have been started (later ones start at once). */
  private othersStarted = false;
  /** The lease is held (or not needed) and leader-only runnables have been started. */
  private leaderStarted = false;
  /** What leader-only controllers ask before each reconcile (the lease is fresh). */
  private leaderGate: DispatchGate | undefined;

  constructor(private readonly cache: InformerCache) {}

  add(runnable: Runnable, signal: AbortSignal): void {
    this.runnables.push(runnable);
    if (runnable.needLeaderElection === false ? this.othersStarted : this.leaderStarted) {
      this.running.push(this.runRunnable(runnable, signal, this.fail));
    }
  }

  addController(controller: Controller): void {
    if (this.controllers.has(controller.name)) {
      throw new Error(`controller with name "${controller.name}" already exists; controller names must be unique (use named())`);
    }
    this.controllers.set(controller.name, controller);
    if (controller.needLeaderElection ? this.leaderStarted : this.othersStarted) {
      for (const k of controller.watchedKinds()) this.cache.getInformer(k);
      this.running.push(this.startController(controller, this.fail, controller.needLeaderElection ? this.leaderGate : undefined));
    }
  }

  /** Starts what needs no lease, and asks the cache for every controller's informers (a new leader starts warm). */
  startOthers(signal: AbortSignal, fail: (err: unknown) => void): void {
    this.signal = signal;
    this.fail = fail;
    for (const c of this.controllers.values()) for (const k of c.watchedKinds()) this.cache.getInformer(k);
    for (const r of this.runnables.filter((r) => r.needLeaderElection === false)) this.running.push(this.runRunnable(r, signal, fail));
    for (const c of this.controllers.values()) if (!c.needLeaderElection) this.running.push(this.startController(c, fail));
    this.othersStarted = true;
  }

  /** Starts what runs on the leader only; its controllers ask `gate` (when leader election is on) before each reconcile. */
  startLeaderOnly(gate?: DispatchGate): void {
    const signal = this.signal!;
    this.leaderGate = gate;
    for (const r of this.runnables.filter((r) => r.needLeaderElection !== false)) this.running.push(this.runRunnable(r, signal, this.fail));
    for (const c of this.controllers.values()) if (c.needLeaderElection) this.running.push(this.startController(c, this.fail, gate));
    this.leaderStarted = true;
  }

  /** Stops the controllers (their reconciles get `grace` ms) and waits for everything started, until `deadline`. */
  async stop(grace: number, deadline: number): Promise<void> {
    await Promise.all([...this.controllers.values()].map((c) => c.stop(grace)));
    await withTimeout(Promise.allSettled(this.running), Math.max(0, deadline - Date.now()));
  }

  private async startController(c: Controller, fail: (err: unknown) => void, gate?: DispatchGate): Promise<void> {
    try {
      await c.start(this.cache, fail, gate);
    } catch (err) {
      fail(err);
    }
  }

  private async runRunnable(r: Runnable, signal: AbortSignal, fail: (err: unknown) => void): Promise<void> {
    try {
      await r.start(signal);
    } catch (err) {
      fail(err);
    }
  }
}

/**
 * Stops servers in reverse order. As controller-runtime's shutdown context: servers (and the event
 * recorder's flush) get what is left of the graceful shutdown time, so a hung API server cannot hold
 * the manager forever.
 */
export async function stopServers(servers: readonly ManagedServer[], deadline: number, log: Logger): Promise<void> {
  for (const s of [...servers].reverse()) {
    const stopped = await withTimeout(
      s.stop().then(
        () => true,
        (err: unknown) => {
          log.error(err, 'stopping a server failed');
          return true;
        },
      ),
      Math.max(0, deadline - Date.now()),
    );
    if (stopped === undefined) log.info('a server did not stop within the graceful shutdown timeout; not waiting for it');
  }
}

/** SIGTERM and SIGINT call `stop`; a second signal exits at once, as controller-runtime does. Returns the remover. */
export function installSignalHandlers(log: Logger, stop: () => void): () => void {
  let count = 0;
  const onSignal = (sig: NodeJS.Signals) => {
    count++;
    if (count > 1) {
      // A second signal: the user wants out now, as controller-runtime does.
      process.exit(1);
    }
    log.info('received signal, shutting down', { signal: sig });
    stop();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}

export function waitForAbort(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

export async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
