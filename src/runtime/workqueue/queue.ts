/**
 * The controller work queue, with client-go's guarantees:
 * - a key that is waiting is stored once however often it is added (dirty set);
 * - a key being processed is never handed to a second worker; if it is added meanwhile it is
 *   queued again when the first worker calls `done` (processing set);
 * - `addAfter` delays a key (the earliest pending delay wins); `addRateLimited` delays it by the
 *   rate limiter's answer, and `forget` resets that after a success; as in controller-runtime's
 *   priority queue, one entry per key: a delayed add of a key already waiting for a worker is
 *   served by that wait, and an immediate add ends a pending delay;
 * - after `shutdown`, `get` hands out nothing more, while `drain` waits for the running work;
 * - as controller-runtime's priority queue (its default controller queue): every add has a
 *   priority (0 by default; handlers use -100 for the informer's initial list and unchanged
 *   resyncs), higher priorities are handed out first and FIFO holds within one priority; a key
 *   added again with a higher priority moves up behind the keys already there, never down.
 */
import { type Clock, realClock, type TimerHandle } from './clock.js';
import { DelayHeap } from './delay-heap.js';
import { defaultControllerRateLimiter, type RateLimiter } from './rate-limiter.js';

/** What the queue reports to; `RuntimeMetrics.workqueue(name)` from ../metrics has this shape. */
export interface QueueMetricsSink {
  /** `key` waits for a worker now, at `priority`. */
  add(key: string, priority: number): void;
  /** A worker took `key`, which waited at `priority`. */
  get(key: string, priority: number): void;
  done(key: string): void;
  retry(): void;
  /** A waiting key moved from one priority to a higher one. */
  reprioritize?(from: number, to: number): void;
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

  /** One FIFO of ready keys per priority; an entry counts only while `readySeq` still names it. */
  private readonly buckets = new Map<number, Bucket>();
  /** The priorities that have a bucket, highest first. */
  private priorities: number[] = [];
  /** Each ready key's live entry: its bucket and sequence number (older entries are stale). */
  private readonly readySeq = new Map<string, { priority: number; seq: number }>();
  private nextSeq = 0;
  /** Waiting keys (ready or re-added during processing) and their priority. */
  private readonly dirty = new Map<string, number>();
  /** Keys handed to workers, with the priority they were handed out at. */
  private readonly processing = new Map<string, number>();
  private readonly waiters: ((key: string | undefined) => void)[] = [];

  private readonly delayed = new DelayHeap();
  /** The ready time of each key that waits in `delayed` (heap entries with another time are stale). */
  private readonly delayedAt = new Map<string, number>();
  /** The priority a delayed key is added at when its time comes (the highest asked). */
  private readonly delayedPriority = new Map<string, number>();
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
    return this.readySeq.size;
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

  /** Adds `key` at `priority` (higher first; 0 by default). */
  add(key: string, priority = 0): void {
    if (this.stopped) return;
    // A delayed add of the key is served by this one (the priority queue keeps one entry per key).
    const delayedPriority = this.delayedPriority.get(key);
    if (delayedPriority !== undefined) {
      this.delayedAt.delete(key); // its heap entry goes stale
      this.delayedPriority.delete(key);
      priority = Math.max(priority, delayedPriority);
      this.armTimer();
    }
    const current = this.dirty.get(key);
    if (current !== undefined) {
      if (priority > current) {
        this.dirty.set(key, priority);
        this.metrics?.reprioritize?.(current, priority);
        if (this.readySeq.has(key)) this.pushReady(key, priority); // moves it up; the old entry goes stale
      }
      return;
    }
    this.metrics?.add(key, priority);
    this.dirty.set(key, priority);
    if (this.processing.has(key)) return;
    const waiter = this.waiters.shift();
    if (waiter) this.handOut(key, waiter);
    else this.pushReady(key, priority);
  }

  /** Adds `key` after `ms` milliseconds; at once when `ms <= 0`. */
  addAfter(key: string, ms: number, priority = 0): void {
    if (this.stopped) return;
    if (!(ms > 0)) {
      this.add(key, priority);
      return;
    }
    this.metrics?.retry();
    if (this.dirty.has(key)) {
      this.add(key, priority); // already waiting to be handed out: that serves this add too
      return;
    }
    const readyAt = this.clock.now() + ms;
    const knownPriority = this.delayedPriority.get(key);
    if (knownPriority === undefined || priority > knownPriority) this.delayedPriority.set(key, priority);
    const known = this.delayedAt.get(key);
    if (known !== undefined && known <= readyAt) return;
    this.delayedAt.set(key, readyAt);
    this.delayed.push({ key, readyAt });
    this.armTimer();
  }

  /** Adds `key` after the delay its rate limiter gives it now. */
  addRateLimited(key: string, priority = 0): void {
    this.addAfter(key, this.rateLimiter.when(key), priority);
  }

  /** The priority `key` was handed out at, while it is being processed (undefined otherwise). */
  priorityOf(key: string): number | undefined {
    return this.processing.get(key);
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
    const key = this.takeReady();
    if (key !== undefined) return Promise.resolve(this.markProcessing(key));
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Ends the processing of `key`; if it was added meanwhile it is queued again now. */
  done(key: string): void {
    if (!this.processing.delete(key)) return;
    this.metrics?.done(key);
    const priority = this.dirty.get(key);
    if (priority !== undefined && !this.stopped) {
      const waiter = this.waiters.shift();
      if (waiter) this.handOut(key, waiter);
      else this.pushReady(key, priority);
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
    const priority = this.dirty.get(key) ?? 0;
    this.dirty.delete(key);
    this.processing.set(key, priority);
    this.metrics?.get(key, priority);
    return key;
  }

  /** Puts `key` at the end of its priority's FIFO (any earlier entry of it goes stale). */
  private pushReady(key: string, priority: number): void {
    let bucket = this.buckets.get(priority);
    if (!bucket) {
      bucket = new Bucket();
      this.buckets.set(priority, bucket);
      this.priorities.push(priority);
      this.priorities.sort((a, b) => b - a);
    }
    const seq = this.nextSeq++;
    bucket.push({ key, seq });
    this.readySeq.set(key, { priority, seq });
  }

  /** The ready key of the highest priority that waited longest, taken out; undefined when none. */
  private takeReady(): string | undefined {
    if (this.readySeq.size === 0) return undefined;
    for (const priority of this.priorities) {
      const bucket = this.buckets.get(priority)!;
      for (let entry = bucket.shift(); entry; entry = bucket.shift()) {
        const live = this.readySeq.get(entry.key);
        if (live?.seq !== entry.seq) continue; // moved up, or already handed out
        this.readySeq.delete(entry.key);
        return entry.key;
      }
    }
    return undefined;
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
      const priority = this.delayedPriority.get(top.key) ?? 0;
      this.delayedPriority.delete(top.key);
      this.add(top.key, priority);
    }
    this.armTimer();
  }

  private armTimer(): void {
    // Drop stale heap entries so the timer targets a live one.
    for (let top = this.delayed.peek(); top && this.delayedAt.get(top.key) !== top.readyAt; top = this.delayed.peek()) {
      this.delayed.pop();
    }
    const next = this.delayed.peek();
    if (!next || this.stopped) {
      this.timer?.cancel();
      this.timer = undefined;
      this.timerAt = Infinity;
      return;
    }
    if (next.readyAt >= this.timerAt) return;
    this.timer?.cancel();
    this.timerAt = next.readyAt;
    this.timer = this.clock.setTimer(() => this.releaseDue(), next.readyAt - this.clock.now());
  }
}

/** A FIFO of ready entries: an array with a moving head, compacted now and then. */
class Bucket {
  private items: { key: string; seq: number }[] = [];
  private head = 0;

  push(entry: { key: string; seq: number }): void {
    this.items.push(entry);
  }

  shift(): { key: string; seq: number } | undefined {
    if (this.head >= this.items.length) return undefined;
    const entry = this.items[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return entry;
  }
}
