import type { Counter, Gauge, Histogram } from 'prom-client';

type QueueLabels = 'name' | 'controller';

export interface WorkqueueMetricVecs {
  /** By priority too, as controller-runtime's priority queue reports it. */
  depth: Gauge<QueueLabels | 'priority'>;
  adds: Counter<QueueLabels>;
  queueDuration: Histogram<QueueLabels>;
  workDuration: Histogram<QueueLabels>;
  retries: Counter<QueueLabels>;
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
 * Unfinished-work and longest-processor gauges are computed when metrics are scraped.
 */
export class WorkqueueMetrics {
  readonly #vecs: WorkqueueMetricVecs;
  readonly #labels: { name: string; controller: string };
  readonly #addedAt = new Map<string, number>();
  readonly #processingSince = new Map<string, number>();

  constructor(vecs: WorkqueueMetricVecs, readonly name: string) {
    this.#vecs = vecs;
    this.#labels = { name, controller: name };
    vecs.depth.set(this.#depthLabels(0), 0);
    vecs.adds.inc(this.#labels, 0);
    vecs.retries.inc(this.#labels, 0);
  }

  #depthLabels(priority: number): { name: string; controller: string; priority: string } {
    return { ...this.#labels, priority: String(priority) };
  }

  add(key: string, priority = 0): void {
    this.#vecs.adds.inc(this.#labels);
    this.#vecs.depth.inc(this.#depthLabels(priority));
    if (!this.#addedAt.has(key)) this.#addedAt.set(key, now());
  }

  get(key: string, priority = 0): void {
    const t = now();
    this.#vecs.depth.dec(this.#depthLabels(priority));
    const added = this.#addedAt.get(key);
    if (added !== undefined) {
      this.#vecs.queueDuration.observe(this.#labels, t - added);
      this.#addedAt.delete(key);
    }
    this.#processingSince.set(key, t);
  }

  done(key: string): void {
    const started = this.#processingSince.get(key);
    if (started === undefined) return;
    this.#vecs.workDuration.observe(this.#labels, now() - started);
    this.#processingSince.delete(key);
  }

  /** A waiting key moved to a higher priority. */
  reprioritize(from: number, to: number): void {
    this.#vecs.depth.dec(this.#depthLabels(from));
    this.#vecs.depth.inc(this.#depthLabels(to));
  }

  retry(): void {
    this.#vecs.retries.inc(this.#labels);
  }

  /** Work in progress: total seconds spent so far by running items, and the longest of them. */
  unfinishedWork(): { totalSeconds: number; longestSeconds: number; labels: { name: string; controller: string } } {
    const t = now();
    let totalSeconds = 0;
    let longestSeconds = 0;
    for (const since of this.#processingSince.values()) {
      const running = t - since;
      totalSeconds += running;
      if (running > longestSeconds) longestSeconds = running;
    }
    return { totalSeconds, longestSeconds, labels: this.#labels };
  }
}
