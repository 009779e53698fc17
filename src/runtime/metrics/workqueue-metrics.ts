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

/**
 * Times of one key, in seconds (see `now`), NaN when unset rather than undefined: a field that only
 * ever holds numbers is stored in place, where one that switches between a number and undefined
 * boxes every number written to it.
 */
interface KeyTimes {
  addedAt: number;
  startedAt: number;
  /** The sweep period it was last added or taken in (see `WorkqueueMetrics.#sweep`). */
  period: number;
}

/**
 * How long the record of a key that is neither waiting nor running is kept, at least, in seconds: a
 * key that changes again within this time reuses its record, with no map insert and delete (which
 * grow and shrink the map as the queue empties and refills with each burst of events).
 */
const IDLE_RECORD_SECONDS = 30;

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
  /**
   * Per key: when it became pending and when a worker took it (one lookup per call). A record whose
   * key is neither is kept until a sweep period passes without the key (see `IDLE_RECORD_SECONDS`).
   */
  readonly #times = new Map<string, KeyTimes>();
  #period = 0;
  #periodStart = now();
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
    if (times === undefined) {
      this.#times.set(key, { addedAt: now(), startedAt: NaN, period: this.#period });
      return;
    }
    if (Number.isNaN(times.addedAt)) times.addedAt = now();
    times.period = this.#period;
  }

  get(key: string, priority = 0): void {
    const t = now();
    this.#depthAt(priority).dec();
    const times = this.#times.get(key);
    if (times === undefined) {
      this.#times.set(key, { addedAt: NaN, startedAt: t, period: this.#period });
      return;
    }
    if (!Number.isNaN(times.addedAt)) {
      (this.#queueDuration ??= this.#vecs.queueDuration.series(this.#labels)).observe(t - times.addedAt);
      times.addedAt = NaN;
    }
    times.startedAt = t;
    times.period = this.#period;
  }

  done(key: string): void {
    const times = this.#times.get(key);
    if (times === undefined || Number.isNaN(times.startedAt)) return;
    const t = now();
    (this.#workDuration ??= this.#vecs.workDuration.series(this.#labels)).observe(t - times.startedAt);
    times.startedAt = NaN;
    if (t - this.#periodStart >= IDLE_RECORD_SECONDS) this.#sweep(t);
  }

  /** Drops the records of keys neither added nor taken since the previous sweep, and starts a new period. */
  #sweep(t: number): void {
    for (const [key, times] of this.#times) {
      if (times.period !== this.#period && Number.isNaN(times.addedAt) && Number.isNaN(times.startedAt)) this.#times.delete(key);
    }
    this.#period++;
    this.#periodStart = t;
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
      if (Number.isNaN(startedAt)) continue;
      const running = t - startedAt;
      totalSeconds += running;
      if (running > longestSeconds) longestSeconds = running;
    }
    return { totalSeconds, longestSeconds, labels: this.#labels };
  }
}
