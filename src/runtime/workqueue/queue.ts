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
import { type Delayed, DelayHeap } from './delay-heap.js';
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

  /**
   * What the queue knows of each key, in one record (one map lookup per operation); a key is
   * dropped once it is neither waiting, processing nor delayed.
   */
  private readonly entries = new Map<string, Entry>();
  /** One FIFO of ready keys per priority; a FIFO slot counts only while its key's `readySeq` still names it. */
  private readonly buckets = new Map<number, Bucket>();
  /** The buckets, highest priority first. */
  private ordered: Bucket[] = [];
  private nextSeq = 0;
  private readyCount = 0;
  private processingCount = 0;
  private delayedCount = 0;
  private readonly waiters: ((key: string | undefined) => void)[] = [];

  private readonly delayed = new DelayHeap();
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
    return this.readyCount;
  }

  /** Keys waiting for their delay to pass. */
  delayedLen(): number {
    return this.delayedCount;
  }

  /** Keys currently handed to workers. */
  processingLen(): number {
    return this.processingCount;
  }

  get shuttingDown(): boolean {
    return this.stopped;
  }

  /** Adds `key` at `priority` (higher first; 0 by default). */
  add(key: string, priority = 0): void {
    if (this.stopped) return;
    const entry = this.entryOf(key);
    // A delayed add of the key is served by this one (the priority queue keeps one entry per key).
    if (entry.delayedAt !== undefined) {
      entry.delayedAt = undefined; // its heap entry goes stale
      this.delayedCount--;
      priority = Math.max(priority, entry.delayedPriority);
      this.armTimer();
    }
    const current = entry.waiting;
    if (current !== undefined) {
      if (priority > current) {
        entry.waiting = priority;
        this.metrics?.reprioritize?.(current, priority);
        if (entry.readySeq >= 0) this.pushReady(entry, priority); // moves it up; the old slot goes stale
      }
      return;
    }
    this.metrics?.add(key, priority);
    entry.waiting = priority;
    if (entry.processing !== undefined) return;
    const waiter = this.waiters.shift();
    if (waiter) this.handOut(entry, waiter);
    else this.pushReady(entry, priority);
  }

  /** Adds `key` after `ms` milliseconds; at once when `ms <= 0`. */
  addAfter(key: string, ms: number, priority = 0): void {
    if (this.stopped) return;
    if (!(ms > 0)) {
      this.add(key, priority);
      return;
    }
    this.metrics?.retry();
    const entry = this.entryOf(key);
    if (entry.waiting !== undefined) {
      this.add(key, priority); // already waiting to be handed out: that serves this add too
      return;
    }
    const readyAt = this.clock.now() + ms;
    const known = entry.delayedAt;
    if (known === undefined || priority > entry.delayedPriority) entry.delayedPriority = priority;
    if (known !== undefined && known <= readyAt) return;
    if (known === undefined) this.delayedCount++;
    entry.delayedAt = readyAt;
    this.delayed.push({ key, readyAt });
    this.armTimer();
  }

  /** Adds `key` after the delay its rate limiter gives it now. */
  addRateLimited(key: string, priority = 0): void {
    this.addAfter(key, this.rateLimiter.when(key), priority);
  }

  /** The priority `key` was handed out at, while it is being processed (undefined otherwise). */
  priorityOf(key: string): number | undefined {
    return this.entries.get(key)?.processing;
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
    const key = this.tryGet();
    if (key !== undefined) return Promise.resolve(key);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * The next key to process if one is ready now, else undefined (also once shut down); `get`
   * without the promise, for a worker that only waits when the queue is empty. Call `done(key)` afterwards.
   */
  tryGet(): string | undefined {
    if (this.stopped) return undefined;
    const entry = this.takeReady();
    return entry === undefined ? undefined : this.markProcessing(entry);
  }

  /** Ends the processing of `key`; if it was added meanwhile it is queued again now. */
  done(key: string): void {
    const entry = this.entries.get(key);
    if (entry?.processing === undefined) return;
    entry.processing = undefined;
    this.processingCount--;
    this.metrics?.done(key);
    const priority = entry.waiting;
    if (priority !== undefined && !this.stopped) {
      const waiter = this.waiters.shift();
      if (waiter) this.handOut(entry, waiter);
      else this.pushReady(entry, priority);
    } else {
      this.release(entry);
    }
    if (this.processingCount === 0) this.wakeIdle();
  }

  /** Stops handing out keys: waiting and future `get` calls answer undefined; adds are ignored. */
  shutdown(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.timer?.cancel();
    this.timer = undefined;
    for (const w of this.waiters.splice(0)) w(undefined);
    if (this.processingCount === 0) this.wakeIdle();
  }

  /** Resolves once no key is being processed. */
  drain(): Promise<void> {
    if (this.processingCount === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private entryOf(key: string): Entry {
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = { key, waiting: undefined, processing: undefined, readySeq: -1, delayedAt: undefined, delayedPriority: 0 };
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Forgets `entry` if nothing is left of it. */
  private release(entry: Entry): void {
    if (entry.waiting === undefined && entry.processing === undefined && entry.delayedAt === undefined) this.entries.delete(entry.key);
  }

  private handOut(entry: Entry, waiter: (key: string) => void): void {
    waiter(this.markProcessing(entry));
  }

  private markProcessing(entry: Entry): string {
    const priority = entry.waiting ?? 0;
    entry.waiting = undefined;
    entry.processing = priority;
    this.processingCount++;
    this.metrics?.get(entry.key, priority);
    return entry.key;
  }

  /** Puts `entry` at the end of its priority's FIFO (any earlier slot of it goes stale). */
  private pushReady(entry: Entry, priority: number): void {
    let bucket = this.buckets.get(priority);
    if (!bucket) {
      bucket = new Bucket(priority);
      this.buckets.set(priority, bucket);
      this.ordered.push(bucket);
      this.ordered.sort((a, b) => b.priority - a.priority);
    }
    if (entry.readySeq < 0) this.readyCount++;
    entry.readySeq = this.nextSeq++;
    bucket.push(entry);
  }

  /** The ready entry of the highest priority that waited longest, taken out; undefined when none. */
  private takeReady(): Entry | undefined {
    if (this.readyCount === 0) return undefined;
    for (const bucket of this.ordered) {
      const entry = bucket.take();
      if (entry !== undefined) {
        entry.readySeq = -1;
        this.readyCount--;
        return entry;
      }
    }
    return undefined;
  }

  private wakeIdle(): void {
    if (this.idleWaiters.length === 0) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  /** Whether a heap item is still its key's pending delay (an earlier addAfter or an add supersedes it). */
  private isLive(item: Delayed): boolean {
    return this.entries.get(item.key)?.delayedAt === item.readyAt;
  }

  /** Moves every key whose time has come to the ready queue and re-arms the timer for the next. */
  private releaseDue(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = this.clock.now();
    for (let top = this.delayed.peek(); top && top.readyAt <= now; top = this.delayed.peek()) {
      this.delayed.pop();
      const entry = this.entries.get(top.key);
      if (entry?.delayedAt !== top.readyAt) continue; // superseded
      entry.delayedAt = undefined;
      this.delayedCount--;
      this.add(top.key, entry.delayedPriority);
    }
    this.armTimer();
  }

  private armTimer(): void {
    // Drop stale heap entries so the timer targets a live one.
    for (let top = this.delayed.peek(); top && !this.isLive(top); top = this.delayed.peek()) this.delayed.pop();
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

/** What the queue knows of one key. */
interface Entry {
  readonly key: string;
  /** Waiting to be handed out (client-go's dirty set), at this priority; also while processing, for a re-add. */
  waiting: number | undefined;
  /** Handed to a worker, at this priority. */
  processing: number | undefined;
  /** The sequence number of its live slot in a ready FIFO; -1 when it has none. */
  readySeq: number;
  /** The ready time of its pending delayed add (heap items with another time are stale). */
  delayedAt: number | undefined;
  /** The priority it is added at when that delay passes (the highest asked); meaningful while `delayedAt` is set. */
  delayedPriority: number;
}

/**
 * The FIFO of one priority: entries with the sequence number they were pushed at (a slot whose
 * entry has moved on is stale and skipped), in arrays with a moving head, compacted now and then.
 */
class Bucket {
  private entries: Entry[] = [];
  private seqs: number[] = [];
  private head = 0;

  constructor(readonly priority: number) {}

  push(entry: Entry): void {
    this.entries.push(entry);
    this.seqs.push(entry.readySeq);
  }

  /** The first live entry, taken out; undefined when none is left. */
  take(): Entry | undefined {
    while (this.head < this.entries.length) {
      const i = this.head++;
      const entry = this.entries[i];
      const live = entry.readySeq === this.seqs[i];
      this.compact();
      if (live) return entry;
    }
    return undefined;
  }

  private compact(): void {
    if (this.head === this.entries.length) {
      this.entries.length = 0;
      this.seqs.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.seqs = this.seqs.slice(this.head);
      this.head = 0;
    }
  }
}
