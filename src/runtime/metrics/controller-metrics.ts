import type { Gauge } from 'prom-client';
import type { CounterSeries, GaugeSeries, HistogramSeries, SeriesCounter, SeriesGauge, SeriesHistogram } from './series.js';

/**
 * How one reconcile ended, as controller-runtime labels it. `terminal_error` is an error the
 * reconciler marked as not worth retrying: it is counted as an error and also as a terminal error.
 */
export type ReconcileOutcome = 'success' | 'error' | 'terminal_error' | 'requeue' | 'requeue_after';

/** The `result` label values of controller_runtime_reconcile_total. */
export const RECONCILE_RESULTS = ['success', 'error', 'requeue', 'requeue_after'] as const;

export interface ControllerMetricVecs {
  reconcileTotal: SeriesCounter<'controller' | 'result'>;
  reconcileErrors: SeriesCounter<'controller'>;
  terminalReconcileErrors: SeriesCounter<'controller'>;
  reconcilePanics: SeriesCounter<'controller'>;
  reconcileTimeouts: SeriesCounter<'controller'>;
  reconcileTime: SeriesHistogram<'controller'>;
  maxConcurrentReconciles: Gauge<'controller'>;
  activeWorkers: SeriesGauge<'controller'>;
}

/**
 * The metrics of one controller. The controller calls `setMaxConcurrentReconciles` when it starts,
 * `workerStarted`/`workerFinished` around each reconcile, and `reconcileFinished` with the outcome.
 * Per-reconcile updates go to this controller's own series (plain numbers, see ./series.ts).
 */
export class ControllerMetrics {
  readonly #vecs: ControllerMetricVecs;
  readonly #labels: { controller: string };
  readonly #total: Record<(typeof RECONCILE_RESULTS)[number], CounterSeries<'controller' | 'result'>>;
  readonly #errors: CounterSeries<'controller'>;
  readonly #terminalErrors: CounterSeries<'controller'>;
  readonly #panics: CounterSeries<'controller'>;
  readonly #timeouts: CounterSeries<'controller'>;
  readonly #activeWorkers: GaugeSeries<'controller'>;
  #reconcileTime: HistogramSeries<'controller'> | undefined;

  constructor(vecs: ControllerMetricVecs, readonly controller: string) {
    this.#vecs = vecs;
    this.#labels = { controller };
    // Series exist from the start (at 0), as controller-runtime initialises them, so rate() works at once.
    const total = (result: (typeof RECONCILE_RESULTS)[number]) => vecs.reconcileTotal.series({ controller, result });
    this.#total = { success: total('success'), error: total('error'), requeue: total('requeue'), requeue_after: total('requeue_after') };
    this.#errors = vecs.reconcileErrors.series(this.#labels);
    this.#terminalErrors = vecs.terminalReconcileErrors.series(this.#labels);
    this.#panics = vecs.reconcilePanics.series(this.#labels);
    this.#timeouts = vecs.reconcileTimeouts.series(this.#labels);
    this.#activeWorkers = vecs.activeWorkers.series(this.#labels);
  }

  setMaxConcurrentReconciles(workers: number): void {
    this.#vecs.maxConcurrentReconciles.set(this.#labels, workers);
  }

  workerStarted(): void {
    this.#activeWorkers.inc();
  }

  workerFinished(): void {
    this.#activeWorkers.dec();
  }

  /** The reconciler threw an error the JavaScript engine raises for bugs (counted as an error too, by `reconcileFinished`). */
  reconcilePanicked(): void {
    this.#panics.inc();
  }

  /** The controller's reconciliation timeout fired during a reconcile. */
  reconcileTimedOut(): void {
    this.#timeouts.inc();
  }

  /** Records one reconcile: its outcome and how long the reconciler ran, in seconds. */
  reconcileFinished(outcome: ReconcileOutcome, durationSeconds: number): void {
    if (outcome === 'error' || outcome === 'terminal_error') {
      if (outcome === 'terminal_error') this.#terminalErrors.inc();
      this.#errors.inc();
      this.#total.error.inc();
    } else {
      this.#total[outcome].inc();
    }
    (this.#reconcileTime ??= this.#vecs.reconcileTime.series(this.#labels)).observe(durationSeconds);
  }
}
