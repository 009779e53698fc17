/**
 * Time as the work queue and rate limiters see it, injectable so that tests can step it
 * instead of sleeping.
 */

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Runs `fn` after `ms` milliseconds unless cancelled. */
  setTimer(fn: () => void, ms: number): TimerHandle;
}

/** The process clock. Timers are unref'd: a pending requeue alone does not keep Node running. */
export const realClock: Clock = {
  now: () => performance.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};

interface FakeTimer {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/** A clock that moves only when told to; `advance` fires due timers in time order. */
export class FakeClock implements Clock {
  private current: number;
  private seq = 0;
  private timers: FakeTimer[] = [];

  constructor(start = 0) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const timer: FakeTimer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.timers.push(timer);
    return { cancel: () => { timer.cancelled = true; } };
  }

  /** Moves time forward by `ms`, firing every timer that falls due, earliest first. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      this.timers = this.timers.filter((t) => !t.cancelled);
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers.splice(this.timers.indexOf(due), 1);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = end;
  }

  /** Timers not yet fired or cancelled. */
  pendingTimers(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }
}
