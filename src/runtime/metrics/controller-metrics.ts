import type { Counter, Gauge, Histogram } from 'prom-client';

/**
 * How one reconcile ended, as controller-runtime labels it. `terminal_error` is an error the
 * reconciler marked as not worth retrying: it is counted as an error and also as a terminal error.
 */
export type ReconcileOutcome = 'success' | 'error' | 'terminal_error' | 'requeue' | 'requeue_after';

/** The `result` label values of controller_runtime_reconcile_total. */
export const RECONCILE_RESULTS = ['success', 'error', 'requeue', 'requeue_after'] as const;

export interface ControllerMetricVecs {
  reconcileTotal: Counter<'controller' | 'result'>;
  reconcileErrors: Counter<'controller'>;
  terminalReconcileErrors: Counter<'controller'>;
  reconcilePanics: Counter<'controller'>;
  reconcileTimeouts: Counter<'controller'>;
  reconcileTime: Histogram<'controller'>;
  maxConcurrentReconciles: Gauge<'controller'>;
  activeWorkers: Gauge<'controller'>;
}

/**
 * The metrics of one controller. The controller calls `setMaxConcurrentReconciles` when it starts,
 * `workerStarted`/`workerFinished` around each reconcile, and `reconcileFinished` with the outcome.
 */
export class ControllerMetrics {
  readonly #vecs: ControllerMetricVecs;
  readonly #labels: { controller: string };

  constructor(vecs: ControllerMetricVecs, readonly controller: string) {
    this.#vecs = vecs;
    this.#labels = { controller };
    // Series exist from the start (at 0), as controller-runtime initialises them, so rate() works at once.
    for (const result of RECONCILE_RESULTS) vecs.reconcileTotal.inc({ controller, result }, 0);
    vecs.reconcileErrors.inc(this.#labels, 0);
    vecs.terminalReconcileErrors.inc(this.#labels, 0);
    vecs.reconcilePanics.inc(this.#labels, 0);
    vecs.reconcileTimeouts.inc(this.#labels, 0);
    vecs.activeWorkers.set(this.#labels, 0);
  }

  setMaxConcurrentReconciles(workers: number): void {
    this.#vecs.maxConcurrentReconciles.set(this.#labels, workers);
  }

  workerStarted(): void {
    this.#vecs.activeWorkers.inc(this.#labels);
  }

  workerFinished(): void {
    this.#vecs.activeWorkers.dec(this.#labels);
  }

  /** The reconciler threw an error the JavaScript engine raises for bugs (counted as an error too, by `reconcileFinished`). */
  reconcilePanicked(): void {
    this.#vecs.reconcilePanics.inc(this.#labels);
  }

  /** The controller's reconciliation timeout fired during a reconcile. */
  reconcileTimedOut(): void {
    this.#vecs.reconcileTimeouts.inc(this.#labels);
  }

  /** Records one reconcile: its outcome and how long the reconciler ran, in seconds. */
  reconcileFinished(outcome: ReconcileOutcome, durationSeconds: number): void {
    const { controller } = this;
    if (outcome === 'error' || outcome === 'terminal_error') {
      if (outcome === 'terminal_error') this.#vecs.terminalReconcileErrors.inc(this.#labels);
      this.#vecs.reconcileErrors.inc(this.#labels);
      this.#vecs.reconcileTotal.inc({ controller, result: 'error' });
    } else {
      this.#vecs.reconcileTotal.inc({ controller, result: outcome });
    }
    this.#vecs.reconcileTime.observe(this.#labels, durationSeconds);
  }
}
