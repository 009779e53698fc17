/**
 * Where a hand-over's time goes: the replicas' log lines that mark its steps (a new leader elected,
 * the sharder's caches synced, the membership change seen, its labels written), with their wall
 * times, so that a test can print the steps of a slow hand-over instead of a bare total.
 */
import type { LogEntry, LogSink } from '../../../src/runtime/index.js';

/** The messages that mark a step (leaderelection/elector.ts, sharding/sharder.ts). */
const STEPS = new Set([
  'successfully acquired lease',
  'sharder caches synced',
  'shard membership changed',
  'shard labels written for the membership change',
]);

export interface TraceStep {
  /** Wall time, ms since the epoch. */
  at: number;
  msg: string;
  values: Record<string, unknown>;
}

/** A log sink keeping the step messages (info, verbosity 0) and the errors. */
export class HandoverTrace implements LogSink {
  readonly steps: TraceStep[] = [];
  /** The errors logged, as `<msg>: <error>`. */
  readonly errors: string[] = [];

  enabled(verbosity: number): boolean {
    return verbosity === 0;
  }

  write(entry: LogEntry): void {
    if (entry.level === 'error') this.errors.push(`${entry.msg}: ${String(entry.error)}`);
    else if (STEPS.has(entry.msg)) this.steps.push({ at: entry.time.getTime(), msg: entry.msg, values: entry.values });
  }

  /** The steps logged after `since` (wall ms), each as `+<ms> <msg> <values>`, one per line. */
  since(since: number): string {
    return this.steps
      .filter((s) => s.at >= since)
      .map((s) => `+${s.at - since} ms ${s.msg} ${JSON.stringify(s.values)}`)
      .join('\n');
  }
}
