import type { CounterSeries, GaugeSeries, HistogramSeries, SeriesCounter, SeriesGauge, SeriesHistogram } from './series.js';

type QueueLabels = 'name' | 'controller';

export interface WorkqueueMetricVecs {
  /** By priority too, as controller-runtime's priority queue reports it. */
  depth: SeriesGauge<QueueLabels | 'priority'>;
  adds: SeriesCounter<QueueLabels>;
  queueDuration: SeriesHistogram<QueueLabels>;
  workDuration: SeriesHistogram<QueueLabels>;
  retries: SeriesCounter<QueueLabels>;
}

/** Times of one key, in seconds (see `now`). */
interface KeyTimes {
  addedAt: number | undefined;
  startedAt: number | undefined;
}

/** Seconds on a monotonic clock. */
function now(): number {
  return performance.now() / 1000;
}

/**
 * The metrics of one work queue, keyed by the queue's item keys (e.g. "namespace/name").
 *
 * The queue calls, in this order for one item:
 * - `add(key)` when the key becomes pending (not when it is already pending: the queue deduplicates);
 * - `get(key)` when a worker takes it (ends its time in the queue, starts its processing time);
 * - `done(key)` when the worker is finished with it;
 * and `retry()` whenever it schedules a key with a delay (backoff, requeueAfter, addAfter).
 * Each call updates this queue's own series (plain numbers, see ./series.ts), so an item costs no
 * label hashing; a series appears when prom-client's labelled calls would have created it.
 * Unfinished-work and longest-processor gauges are computed when metrics are scraped.
 */
export class WorkqueueMetrics {
  readonly #vecs: WorkqueueMetricVecs;
  readonly #labels: { name: string; controller: string };
  readonly #depth = new Map<number, GaugeSeries<QueueLabels | 'priority'>>();
  readonly #adds: CounterSeries<QueueLabels>;
  readonly #retries: CounterSeries<QueueLabels>;
  #queueDuration: HistogramSeries<QueueLabels> | undefined;
  #workDuration: HistogramSeries<QueueLabels> | undefined;
  /** Per key: when it became pending and when a worker took it, while either applies (one lookup per call). */
  readonly #times = new Map<string, KeyTimes>();
  /** The depth series of the priority met last (most adds of a queue share one priority). */
  #lastPriority = 0;
  #lastDepth: GaugeSeries<QueueLabels | 'priority'>;

  constructor(vecs: WorkqueueMetricVecs, readonly name: string) {
    this.#vecs = vecs;
    this.#labels = { name, controller: name };
    this.#lastDepth = vecs.depth.series({ ...this.#labels, priority: '0' });
    this.#depth.set(0, this.#lastDepth);
    this.#adds = vecs.adds.series(this.#labels);
    this.#retries = vecs.retries.series(this.#labels);
  }

  /** The depth series of one priority, created the first time the queue meets that priority. */
  #depthAt(priority: number): GaugeSeries<QueueLabels | 'priority'> {
    if (priority === this.#lastPriority) return this.#lastDepth;
    let series = this.#depth.get(priority);
    if (!series) {
      series = this.#vecs.depth.series({ ...this.#labels, priority: String(priority) });
      this.#depth.set(priority, series);
    }
    this.#lastPriority = priority;
    this.#lastDepth = series;
    return series;
  }

  add(key: string, priority = 0): void {
    this.#adds.inc();
    this.#depthAt(priority).inc();
    const times = this.#times.get(key);
    if (times === undefined) this.#times.set(key, { addedAt: now(), startedAt: undefined });
    else times.addedAt ??= now();
  }

  get(key: string, priority = 0): void {
    const t = now();
    this.#depthAt(priority).dec();
    const times = this.#times.get(key);
    if (times === undefined) {
      this.#times.set(key, { addedAt: undefined, startedAt: t });
      return;
    }
    if (times.addedAt !== undefined) {
      (this.#queueDuration ??= this.#vecs.queueDuration.series(this.#labels)).observe(t - times.addedAt);
      times.addedAt = undefined;
    }
    times.startedAt = t;
  }

  done(key: string): void {
    const times = this.#times.get(key);
    if (times?.startedAt === undefined) return;
    (this.#workDuration ??= this.#vecs.workDuration.series(this.#labels)).observe(now() - times.startedAt);
    times.startedAt = undefined;
    if (times.addedAt === undefined) this.#times.delete(key);
  }

  /** A waiting key moved to a higher priority. */
  reprioritize(from: number, to: number): void {
    this.#depthAt(from).dec();
    this.#depthAt(to).inc();
  }

  retry(): void {
    this.#retries.inc();
  }

  /** Work in progress: total seconds spent so far by running items, and the longest of them. */
  unfinishedWork(): { totalSeconds: number; longestSeconds: number; labels: { name: string; controller: string } } {
    const t = now();
    let totalSeconds = 0;
    let longestSeconds = 0;
    for (const { startedAt } of this.#times.values()) {
      if (startedAt === undefined) continue;
      const running = t - startedAt;
      totalSeconds += running;
      if (running > longestSeconds) longestSeconds = running;
    }
    return { totalSeconds, longestSeconds, labels: this.#labels };
  }
}
