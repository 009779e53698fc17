/**
 * When each key of a work queue began to wait, for the `queue` span of its reconcile. It sits
 * between the queue and its metrics sink (the queue already tells the sink when a key starts and
 * stops waiting), so the queue itself stays as it is. Times are taken only while spans are made
 * (tracingActive): a key added before a tracer provider was registered starts its span at dequeue.
 */
import type { QueueMetricsSink } from '../workqueue/queue.js';
import { tracingActive } from './tracing.js';

export class QueueWaitTimes implements QueueMetricsSink {
  /** Epoch milliseconds each waiting key was added at; moved to `taken` when a worker takes it. */
  private readonly waitingSince = new Map<string, number>();
  private readonly taken = new Map<string, number>();

  constructor(private readonly next: QueueMetricsSink | undefined) {}

  add(key: string, priority: number): void {
    if (tracingActive() && !this.waitingSince.has(key)) this.waitingSince.set(key, Date.now());
    this.next?.add(key, priority);
  }

  get(key: string, priority: number): void {
    const since = this.waitingSince.size > 0 ? this.waitingSince.get(key) : undefined;
    if (since !== undefined) {
      this.waitingSince.delete(key);
      this.taken.set(key, since);
    }
    this.next?.get(key, priority);
  }

  done(key: string): void {
    if (this.taken.size > 0) this.taken.delete(key);
    this.next?.done(key);
  }

  retry(): void {
    this.next?.retry();
  }

  reprioritize(from: number, to: number): void {
    this.next?.reprioritize?.(from, to);
  }

  /** When the key a worker now holds began to wait (undefined if not known). */
  queuedAt(key: string): number | undefined {
    return this.taken.get(key);
  }
}
