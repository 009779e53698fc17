/** Spaces out writes: at most `qps` a second, with bursts up to `burst` (a token bucket). */
export class RateLimiter {
  private tokens: number;
  private last = performance.now();

  constructor(private readonly qps: number, private readonly burst = Math.max(1, Math.ceil(qps))) {
    if (!(qps > 0)) throw new RangeError(`qps must be above 0, got ${qps}`);
    this.tokens = this.burst;
  }

  /** Resolves when a write may go; rejects when `signal` aborts first. */
  async wait(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = performance.now();
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.qps);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      const waitMs = ((1 - this.tokens) / this.qps) * 1000;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, waitMs);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        }, { once: true });
      });
    }
  }
}
