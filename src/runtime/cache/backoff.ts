/** Jittered exponential backoff for reconnecting list/watch loops (client-go: 800 ms doubling to 30 s). */
export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
  /** Each delay is stretched by a random factor in [1, 1 + jitter). */
  jitter?: number;
}

export class Backoff {
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly jitter: number;
  private attempt = 0;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 800;
    this.maxMs = options.maxMs ?? 30_000;
    this.jitter = options.jitter ?? 1;
  }

  reset(): void {
    this.attempt = 0;
  }

  /** The next delay, never shorter than `atLeastMs` (a server's Retry-After). */
  next(atLeastMs = 0): number {
    const base = Math.min(this.maxMs, this.initialMs * 2 ** this.attempt);
    this.attempt++;
    return Math.max(atLeastMs, Math.min(this.maxMs, base * (1 + Math.random() * this.jitter)));
  }
}

/** Resolves after `ms`, or early (without error) when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
