/**
 * Rate limiters that decide how long a failed key waits before its next attempt, with the
 * behaviour of client-go's workqueue limiters (controller-runtime's default is the max of a
 * per-key exponential backoff and an overall token bucket).
 */
import { type Clock, realClock } from './clock.js';

export interface RateLimiter {
  /** Milliseconds `key` must wait now; records one more failure of it. */
  when(key: string): number;
  /** Clears the failure history of `key` (after it succeeded). */
  forget(key: string): void;
  /** How many times `key` failed since it was last forgotten. */
  numRequeues(key: string): number;
}

/** Per key: `baseDelay * 2^failures`, capped at `maxDelay` (milliseconds). */
export class ExponentialFailureRateLimiter implements RateLimiter {
  private readonly failures = new Map<string, number>();

  constructor(readonly baseDelay: number, readonly maxDelay: number) {
    if (!(baseDelay > 0) || !(maxDelay >= baseDelay)) {
      throw new Error(`ExponentialFailureRateLimiter: need 0 < baseDelay <= maxDelay, got ${baseDelay}, ${maxDelay}`);
    }
  }

  when(key: string): number {
    const exp = this.failures.get(key) ?? 0;
    this.failures.set(key, exp + 1);
    // 2^exp overflows to Infinity long after the cap is reached, so Math.min is enough.
    return Math.min(this.baseDelay * 2 ** exp, this.maxDelay);
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  numRequeues(key: string): number {
    return this.failures.get(key) ?? 0;
  }
}

/**
 * One token bucket shared by all keys: `ratePerSecond` tokens per second, at most `burst` saved.
 * Each `when` reserves a token; if none is left the answer is how long until it will be.
 */
export class BucketRateLimiter implements RateLimiter {
  private tokens: number;
  private last: number;

  constructor(readonly ratePerSecond: number, readonly burst: number, private readonly clock: Clock = realClock) {
    if (!(ratePerSecond > 0) || !(burst >= 1)) throw new Error(`BucketRateLimiter: need rate > 0 and burst >= 1, got ${ratePerSecond}, ${burst}`);
    this.tokens = burst;
    this.last = clock.now();
  }

  when(_key: string): number {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.ratePerSecond);
    this.last = now;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : (-this.tokens / this.ratePerSecond) * 1000;
  }

  forget(_key: string): void {}

  numRequeues(_key: string): number {
    return 0;
  }
}

/** Asks every limiter and waits for the longest answer. */
export class MaxOfRateLimiter implements RateLimiter {
  private readonly limiters: RateLimiter[];

  constructor(...limiters: RateLimiter[]) {
    if (limiters.length === 0) throw new Error('MaxOfRateLimiter: needs at least one limiter');
    this.limiters = limiters;
  }

  when(key: string): number {
    let delay = 0;
    for (const l of this.limiters) delay = Math.max(delay, l.when(key));
    return delay;
  }

  forget(key: string): void {
    for (const l of this.limiters) l.forget(key);
  }

  numRequeues(key: string): number {
    let n = 0;
    for (const l of this.limiters) n = Math.max(n, l.numRequeues(key));
    return n;
  }
}

/** controller-runtime's default: 5 ms doubling to 1000 s per key, under 10 per second with a burst of 100 overall. */
export function defaultControllerRateLimiter(clock: Clock = realClock): RateLimiter {
  return new MaxOfRateLimiter(new ExponentialFailureRateLimiter(5, 1_000_000), new BucketRateLimiter(10, 100, clock));
}
