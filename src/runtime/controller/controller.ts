/**
 * A controller: its sources feed a work queue of requests; workers take one request at a time
 * and reconcile it. The queue guarantees one worker per key; errors retry with backoff; a
 * requeueAfter becomes a delayed add, at the result's priority if it names one. Nothing a reconciler does (throw, reject, hang past
 * shutdown) brings the process down.
 */
import type { InformerCache } from '../cache/cache.js';
import { isConflict } from '../client/errors.js';
import { errorMessage, type Logger } from '../log/index.js';
import type { ReconcileLogOwner } from '../log/reconcile.js';
import type { ControllerMetrics, ReconcileOutcome, WorkqueueMetrics } from '../metrics/index.js';
import { WorkQueue } from '../workqueue/queue.js';
import type { RateLimiter } from '../workqueue/rate-limiter.js';
import type { Clock } from '../workqueue/clock.js';
import type { Kind } from '../scheme/kind.js';
import type { EventHandler } from './handler.js';
import type { Predicate } from './predicate.js';
import { requestOf, requestQueue, type RequestQueue } from './request-queue.js';
import { KindSource, type Source, type SourceContext } from './source.js';
import { isPanic } from '../panic/panic.js';
import { isTerminalError } from './terminal-error.js';
import type { ReconcileContext, Reconciler, Request, Result } from './types.js';
import { WorkerReconcileContext } from './reconcile-context.js';
import { QueueWaitTimes } from '../tracing/queue-wait.js';
import { type ReconcileSpan, startReconcileSpan, tracingActive, tracingAvailable } from '../tracing/tracing.js';

export interface ControllerOptions {
  /** Workers reconciling different keys at the same time. Default 1. */
  maxConcurrentReconciles?: number;
  rateLimiter?: RateLimiter;
  /** Waiting longer than this for the sources to sync fails the start. Default 2 minutes. */
  cacheSyncTimeoutMs?: number;
  /**
   * Aborts each reconcile's `signal` this many milliseconds after the reconcile started (with a
   * "reconciliation timeout" reason) and counts it in controller_runtime_reconcile_timeouts_total,
   * as controller-runtime's ReconciliationTimeout. The reconciler must heed the signal. None by default.
   */
  reconciliationTimeoutMs?: number;
  /**
   * Default true: a panic of the reconciler (an engine error: TypeError, RangeError, ...) is
   * counted in controller_runtime_reconcile_panics_total and retried like any error. false: it is
   * counted and then ends the controller's host, as controller-runtime re-panics (the process
   * exits): the manager stops and its start() rejects with the panic.
   */
  recoverPanic?: boolean;
  /** Whether the controller runs only on the elected leader. Default true. */
  needLeaderElection?: boolean;
  clock?: Clock;
}

/**
 * Asked before each reconcile starts: whether this process may act now. The manager gives its
 * leader-only controllers one from the leader elector, so that a leader whose lease may have run out
 * (it was frozen) starts nothing until it has renewed the lease, or stops.
 */
export interface DispatchGate {
  open(): boolean;
  /** Resolves when the gate may be open again, or when `signal` aborts. */
  opened(signal: AbortSignal): Promise<void>;
}

/** A source bound to its handler and predicates (so that watches of different kinds fit one list). */
export interface Watch {
  /** The kind watched through the shared cache, if the source is a kind. */
  readonly kind?: Kind;
  start(ctx: SourceContext): void;
  waitForSync(signal: AbortSignal): Promise<boolean>;
  describe(): string;
}

export function bindWatch<T>(source: Source<T>, handler: EventHandler<T>, predicates: Predicate<T>[]): Watch {
  return {
    kind: source instanceof KindSource ? (source.kind as Kind) : undefined,
    start: (ctx) => source.start(ctx, handler, predicates),
    waitForSync: (signal) => source.waitForSync(signal),
    describe: () => source.describe(),
  };
}

export interface ControllerSpec {
  name: string;
  reconciler: Reconciler;
  /** The kind of `.for()`, for the log context. */
  forKind?: Kind;
  watches: Watch[];
  options: ControllerOptions;
  log: Logger;
  metrics?: { controller: ControllerMetrics; queue: WorkqueueMetrics };
}

export class Controller {
  readonly name: string;
  readonly queue: WorkQueue;
  private readonly spec: ControllerSpec;
  private readonly workers: Promise<void>[] = [];
  private readonly abort = new AbortController();
  private readonly reconcileAbort = new AbortController();
  private started = false;
  private onPanic: ((err: unknown) => void) | undefined;
  private gate: DispatchGate | undefined;
  /** The controller, group and kind every reconcile's log carries. */
  private readonly logOwner: ReconcileLogOwner;
  /** When each key began to wait, for the reconcile spans; only when @opentelemetry/api is installed. */
  private readonly waitTimes: QueueWaitTimes | undefined;

  constructor(spec: ControllerSpec) {
    this.spec = spec;
    this.name = spec.name;
    this.logOwner = { controller: spec.name, group: spec.forKind?.group, kind: spec.forKind?.kind };
    this.waitTimes = tracingAvailable() ? new QueueWaitTimes(spec.metrics?.queue) : undefined;
    this.queue = new WorkQueue({ rateLimiter: spec.options.rateLimiter, clock: spec.options.clock, metrics: this.waitTimes ?? spec.metrics?.queue });
  }

  get needLeaderElection(): boolean {
    return this.spec.options.needLeaderElection ?? true;
  }

  /** The kinds this controller watches through the cache (the manager warms their informers up early). */
  watchedKinds(): Kind[] {
    return this.spec.watches.flatMap((w) => (w.kind ? [w.kind] : []));
  }

  /** Enqueue requests from outside the watches (tests, or a reconciler of another controller). */
  get requests(): RequestQueue {
    return requestQueue(this.queue);
  }

  /**
   * Starts the watches, waits until their sources are synced, then starts the workers.
   * Resolves once the workers run; `stop` ends them. With `recoverPanic: false`, a panic is handed
   * to `onPanic` (the manager stops with it). With a `gate`, no reconcile starts while it is closed.
   */
  async start(cache: InformerCache, onPanic?: (err: unknown) => void, gate?: DispatchGate): Promise<void> {
    if (this.started) throw new Error(`controller ${this.name} was already started`);
    this.started = true;
    this.onPanic = onPanic;
    this.gate = gate;
    // As controller-runtime's initMetrics: the worker count is known before the sources sync.
    const n = Math.max(1, Math.floor(this.spec.options.maxConcurrentReconciles ?? 1));
    this.spec.metrics?.controller.setMaxConcurrentReconciles(n);
    const ctx = { cache, queue: requestQueue(this.queue), signal: this.abort.signal };
    for (const w of this.spec.watches) w.start(ctx);

    const timeoutMs = this.spec.options.cacheSyncTimeoutMs ?? 120_000;
    const syncAbort = AbortSignal.any([this.abort.signal, AbortSignal.timeout(timeoutMs)]);
    const synced = await Promise.all(this.spec.watches.map((w) => w.waitForSync(syncAbort)));
    if (this.abort.signal.aborted) return;
    const failed = this.spec.watches.filter((_, i) => !synced[i]).map((w) => w.describe());
    if (failed.length > 0) {
      throw new Error(`controller ${this.name}: timed out after ${timeoutMs} ms waiting for ${failed.join(', ')} to sync`);
    }

    this.spec.log.info('Starting workers', { 'worker count': n });
    for (let i = 0; i < n; i++) this.workers.push(this.work());
  }

  /**
   * Stops taking work, aborts the signal of running reconciles (as controller-runtime cancels
   * their context when shutdown begins) and waits for them to return, at most `graceMs`; after
   * that this resolves without waiting further. Resolves true if all finished.
   */
  async stop(graceMs = 30_000): Promise<boolean> {
    this.abort.abort();
    this.queue.shutdown();
    this.reconcileAbort.abort(new Error(`controller ${this.name} is shutting down`));
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.all(this.workers).then(() => true),
      new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), graceMs); }),
    ]);
    clearTimeout(timer);
    if (!finished) this.spec.log.info('grace period over with reconciles still running; not waiting for them', { graceMs });
    return finished;
  }

  /**
   * A worker: takes one key at a time and reconciles it. The reconcile runs in this loop's own
   * frame, its outcome handled by plain methods (an async call per key cost a promise and a
   * microtask turn, a sixth of an empty reconcile).
   */
  private async work(): Promise<void> {
    for (;;) {
      // A ready key is taken at once; only an empty queue is waited for (a promise per key cost a tick).
      const key = this.queue.tryGet() ?? (await this.queue.get());
      if (key === undefined) return;
      try {
        // The key stays this worker's while the gate is closed (no other worker takes it); on stop it is dropped.
        while (this.gate && !this.gate.open() && !this.abort.signal.aborted) await this.gate.opened(this.abort.signal);
        if (this.abort.signal.aborted) continue;
        const req: Request = requestOf(key);
        const metrics = this.spec.metrics?.controller;
        // Retries keep the priority the key was handed out at (an initial-list object stays behind new
        // events) unless the reconcile's result names another.
        const priority = this.queue.priorityOf(key) ?? 0;
        metrics?.workerStarted();
        const timeout = this.startTimeout();
        const context = new WorkerReconcileContext(timeout?.signal ?? this.reconcileAbort.signal, this.spec.log, this.logOwner, req);
        // No closure in this loop's body: one would make every iteration allocate a context for the
        // variables it captures, spans or not.
        const span = this.startSpan(key, req, context);
        const started = performance.now();
        let outcome: ReconcileOutcome;
        try {
          // A synchronous throw lands in the catch below as a rejection would.
          const result = await (span ? this.reconcileInSpan(span, req, context) : this.spec.reconciler.reconcile(req, context));
          outcome = this.afterResult(key, priority, context, result);
          span?.end(outcome, result?.requeueAfter);
        } catch (err) {
          outcome = this.afterError(key, priority, context, err);
          span?.end(outcome, undefined, err);
        } finally {
          if (timeout?.end()) metrics?.reconcileTimedOut();
          metrics?.workerFinished();
        }
        metrics?.reconcileFinished(outcome, (performance.now() - started) / 1000);
      } finally {
        this.queue.done(key);
      }
    }
  }

  /** The span of a reconcile of `key`, while a tracer provider is registered (see ../tracing); else undefined. */
  private startSpan(key: string, req: Request, context: WorkerReconcileContext): ReconcileSpan | undefined {
    if (this.waitTimes === undefined || !tracingActive()) return undefined;
    return startReconcileSpan(this.name, () => ({
      'scaffolder.controller': this.name,
      'scaffolder.reconcile.id': context.reconcileID,
      'k8s.namespace.name': req.namespace || undefined,
      'scaffolder.object.name': req.name,
      'scaffolder.object.key': key,
      'scaffolder.kind': this.spec.forKind?.kind,
      'scaffolder.group': this.spec.forKind?.group,
    }), this.waitTimes.queuedAt(key));
  }

  /** Runs the reconciler with `span` active, so that its client calls become the span's children. */
  private reconcileInSpan(span: ReconcileSpan, req: Request, context: WorkerReconcileContext): Promise<Result> {
    return span.run(() => this.spec.reconciler.reconcile(req, context));
  }

  /**
   * With `reconciliationTimeoutMs`: a signal that also aborts (with a "reconciliation timeout"
   * reason) that long after now, and `end` to call when the reconcile returns, which says whether
   * the timeout fired. Undefined without one.
   */
  private startTimeout(): { signal: AbortSignal; end(): boolean } | undefined {
    const timeoutMs = this.spec.options.reconciliationTimeoutMs ?? 0;
    if (!(timeoutMs > 0)) return undefined;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new Error(`reconciliation timeout: ${timeoutMs} ms passed`)), timeoutMs);
    return {
      signal: AbortSignal.any([this.reconcileAbort.signal, timeout.signal]),
      end: () => {
        clearTimeout(timer);
        return timeout.signal.aborted;
      },
    };
  }

  /** Requeues or forgets `key` as the reconcile's result asks. */
  private afterResult(key: string, handedOutAt: number, context: ReconcileContext, result: Result | undefined): ReconcileOutcome {
    // As controller-runtime's reconcileHandler: Result.priority, when set, replaces the priority
    // the key was handed out at for whatever requeue follows.
    let priority = handedOutAt;
    const asked = result?.priority;
    if (asked !== undefined && asked !== null) {
      if (Number.isSafeInteger(asked)) priority = asked;
      else context.log.error(new Error(`result.priority must be an integer, got ${String(asked)}`), 'Ignoring the priority of the reconcile result');
    }
    const after = result?.requeueAfter ?? 0;
    if (after > 0) {
      this.queue.forget(key);
      this.queue.addAfter(key, after, priority);
      return 'requeue_after';
    }
    if (result?.requeue) {
      this.queue.addRateLimited(key, priority);
      return 'requeue';
    }
    this.queue.forget(key);
    return 'success';
  }

  /** Counts, logs and retries (or not) a reconcile that threw or rejected. */
  private afterError(key: string, priority: number, context: ReconcileContext, err: unknown): ReconcileOutcome {
    // The reconcile's logger is made here, on the error path only (most reconciles never log).
    const log = context.log;
    // A bug the engine caught is a panic: counted, then (recoverPanic, the default) an error like any other.
    const panicked = isPanic(err);
    if (panicked) this.spec.metrics?.controller.reconcilePanicked();
    if (panicked && this.spec.options.recoverPanic === false && this.onPanic) {
      log.error(err, 'Observed a panic in reconciler');
      this.onPanic(err);
      return 'error';
    }
    if (isTerminalError(err)) {
      // Not requeued, and not forgotten either (as controller-runtime): should a later event fail
      // again, the key backs off from where its failures left it.
      log.error(err, 'Reconciler error');
      return 'terminal_error';
    }
    this.queue.addRateLimited(key, priority);
    // controller-runtime logs every error as "Reconciler error" at error level (with a stack
    // trace in development mode), conflicts included. A conflict (409: the object changed since
    // it was read) is routine, and the queue's retry reads the new version; it is logged once,
    // at info and without a stack, as client-go's RetryOnConflict and many operators treat it.
    // It still counts as an error in the metrics, as controller-runtime counts it.
    if (isConflict(err)) log.info('Reconciler conflict, requeued', { error: errorMessage(err) });
    else log.error(err, 'Reconciler error');
    return 'error';
  }
}
