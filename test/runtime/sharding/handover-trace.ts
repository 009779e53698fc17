/**
 * Where a hand-over's time goes: the replicas' log lines that mark its steps (a Lease won or lost,
 * the sharder's caches synced, a membership change seen, its labels written) and their errors, with
 * their wall times, so that a test can print the steps of a slow or failed run instead of a bare total.
 */
import type { LogEntry, LogSink } from '../../../src/runtime/index.js';

/** The messages that mark a step (leaderelection/elector.ts, sharding/sharder.ts), besides a Lease lost. */
const STEPS = new Set([
  'successfully acquired lease',
  'sharder caches synced',
  'shard membership changed',
  'shard labels written for the membership change',
]);

/** Errors kept as steps; more are only counted. */
const KEPT_ERRORS = 20;

export interface TraceStep {
  /** Wall time, ms since the epoch. */
  at: number;
  msg: string;
  values: Record<string, unknown>;
}

/** A log sink keeping the step messages (info, verbosity 0) and the first errors. */
export class HandoverTrace implements LogSink {
  readonly steps: TraceStep[] = [];
  errors = 0;

  enabled(verbosity: number): boolean {
    return verbosity === 0;
  }

  write(entry: LogEntry): void {
    const step = { at: entry.time.getTime(), msg: entry.msg, values: entry.values };
    if (entry.level === 'error') {
      if (this.errors++ < KEPT_ERRORS) this.steps.push({ ...step, msg: `error: ${entry.msg}: ${String(entry.error)}` });
    } else if (STEPS.has(entry.msg) || entry.msg.endsWith('leader election lost')) {
      this.steps.push(step);
    }
  }

  /** The steps logged after `since` (wall ms), each as `+<ms> <msg> <values>`, one per line. */
  since(since: number): string {
    return this.steps
      .filter((s) => s.at >= since)
      .map((s) => `+${Math.round(s.at - since)} ms ${s.msg} ${JSON.stringify(s.values)}`)
      .join('\n');
  }
}
