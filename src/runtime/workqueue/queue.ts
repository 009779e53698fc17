/**
 * The controller work queue, with client-go's guarantees:
 * - a key that is waiting is stored once however often it is added (dirty set);
 * - a key being processed is never handed to a second worker; if it is added meanwhile it is
 *   queued again when the first worker calls `done` (processing set);
 * - `addAfter` delays a key (the earliest pending delay wins); `addRateLimited` delays it by the
 *   rate limiter's answer, and `forget` resets that after a success;
 * - after `shutdown`, `get` hands out nothing more, while `drain` waits for the running work.
 */
import { type Clock, realClock, type TimerHandle } from './clock.js';
import { DelayHeap } from './delay-heap.js';
import { defaultControllerRateLimiter, type RateLimiter } from './rate-limiter.js';

/** What the queue reports to; `RuntimeMetrics.workqueue(name)` from ../metrics has this shape. */
export interface QueueMetricsSink {
  add(key: string): void;
  get(key: string): void;
  done(key: string): void;
  retry(): void;
}

export interface WorkQueueOptions {
  clock?: Clock;
  rateLimiter?: RateLimiter;
  metrics?: QueueMetricsSink;
}

export class WorkQueue {
  private readonly clock: Clock;
  readonly rateLimiter: RateLimiter;
  private readonly metrics: QueueMetricsSink | undefined;

  // FIFO of ready keys: an array with a moving head, compacted now and then.
  private ready: string[] = [];
  private head = 0;
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly waiters: ((key: string | undefined) => void)[] = [];

  private readonly delayed = new DelayHeap();
  /** The ready time of each key that waits in `delayed` (heap entries with another time are stale). */
  private readonly delayedAt = new Map<string, number>();
  private timer: TimerHandle | undefined;
  private timerAt = Infinity;

  private stopped = false;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(options: WorkQueueOptions = {}) {
    this.clock = options.clock ?? realClock;
    this.rateLimiter = options.rateLimiter ?? defaultControllerRateLimiter(this.clock);
    this.metrics = options.metrics;
  }

  /** Keys ready to be handed out (not counting delayed or in-process ones). */
  len(): number {
    return this.ready.length - this.head;
  }

  /** Keys waiting for their delay to pass. */
  delayedLen(): number {
    return this.delayedAt.size;
  }

  /** Keys currently handed to workers. */
  processingLen(): number {
    return this.processing.size;
  }

  get shuttingDown(): boolean {
    return this.stopped;
  }

  add(key: string): void {
    if (this.stopped || this.dirty.has(key)) return;
    this.metrics?.add(key);
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    const waiter = this.waiters.shift();
    if (waiter) this.handOut(key, waiter);
    else this.ready.push(key);
  }

  /** Adds `key` after `ms` milliseconds; at once when `ms <= 0`. */
  addAfter(key: string, ms: number): void {
    if (this.stopped) return;
    if (!(ms > 0)) {
      this.add(key);
      return;
    }
    this.metrics?.retry();
    const readyAt = this.clock.now() + ms;
    const known = this.delayedAt.get(key);
    if (known !== undefined && known <= readyAt) return;
    this.delayedAt.set(key, readyAt);
    this.delayed.push({ key, readyAt });
    this.armTimer();
  }

  /** Adds `key` after the delay its rate limiter gives it now. */
  addRateLimited(key: string): void {
    this.addAfter(key, this.rateLimiter.when(key));
  }

  /** Clears the backoff history of `key`. */
  forget(key: string): void {
    this.rateLimiter.forget(key);
  }

  numRequeues(key: string): number {
    return this.rateLimiter.numRequeues(key);
  }

  /** The next key to process, or undefined once the queue is shut down. Call `done(key)` afterwards. */
  get(): Promise<string | undefined> {
    if (this.stopped) return Promise.resolve(undefined);
    if (this.head < this.ready.length) {
      const key = this.takeReady();
      return Promise.resolve(this.markProcessing(key));
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Ends the processing of `key`; if it was added meanwhile it is queued again now. */
  done(key: string): void {
    if (!this.processing.delete(key)) return;
    this.metrics?.done(key);
    if (this.dirty.has(key) && !this.stopped) {
      const waiter = this.waiters.shift();
      if (waiter) this.handOut(key, waiter);
      else this.ready.push(key);
    }
    if (this.processing.size === 0) this.wakeIdle();
  }

  /** Stops handing out keys: waiting and future `get` calls answer undefined; adds are ignored. */
  shutdown(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.timer?.cancel();
    this.timer = undefined;
    for (const w of this.waiters.splice(0)) w(undefined);
    if (this.processing.size === 0) this.wakeIdle();
  }

  /** Resolves once no key is being processed. */
  drain(): Promise<void> {
    if (this.processing.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private handOut(key: string, waiter: (key: string) => void): void {
    waiter(this.markProcessing(key));
  }

  private markProcessing(key: string): string {
    this.dirty.delete(key);
    this.processing.add(key);
    this.metrics?.get(key);
    return key;
  }

  private takeReady(): string {
    const key = this.ready[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.ready.length) {
      this.ready = this.ready.slice(this.head);
      this.head = 0;
    }
    return key;
  }

  private wakeIdle(): void {
    for (const w of this.idleWaiters.splice(0)) w();
  }

  /** Moves every key whose time has come to the ready queue and re-arms the timer for the next. */
  private releaseDue(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = this.clock.now();
    for (let top = this.delayed.peek(); top && top.readyAt <= now; top = this.delayed.peek()) {
      this.delayed.pop();
      if (this.delayedAt.get(top.key) !== top.readyAt) continue; // superseded by an earlier addAfter
      this.delayedAt.delete(top.key);
      this.add(top.key);
    }
    this.armTimer();
  }

  private armTimer(): void {
    // Drop stale heap entries so the timer targets a live one.
    for (let top = this.delayed.peek(); top && this.delayedAt.get(top.key) !== top.readyAt; top = this.delayed.peek()) {
      this.delayed.pop();
    }
    const next = this.delayed.peek();
    if (!next || this.stopped) return;
    if (next.readyAt >= this.timerAt) return;
    this.timer?.cancel();
    this.timerAt = next.readyAt;
    this.timer = this.clock.setTimer(() => this.releaseDue(), next.readyAt - this.clock.now());
  }
}
