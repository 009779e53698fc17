/** One log record as a sink receives it. */
export interface LogEntry {
  /** `error` for `Logger.error`; otherwise `info` at verbosity 0 and `debug` above. */
  level: 'error' | 'info' | 'debug';
  /** logr verbosity: 0 for info and error, 1 for debug, higher for `v(n)`. */
  verbosity: number;
  time: Date;
  /** Dotted logger name from `withName` (`controller-runtime.metrics`), empty for the root. */
  name: string;
  msg: string;
  /** Key-value context, in the order it was added; later keys override earlier ones. */
  values: Record<string, unknown>;
  error?: unknown;
  /**
   * A stack trace, set only when the sink's `stackEnabled` asks for one: the `    at ...` lines
   * of the logged Error's own stack for an error entry that has one, otherwise of the call site.
   */
  stack?: string;
}

/** Where log entries go: JSON lines, readable console lines, a test's array... */
export interface LogSink {
  /** Whether entries at this verbosity are written (checked before building them). */
  enabled(verbosity: number): boolean;
  write(entry: LogEntry): void;
  /**
   * Whether entries of this level should carry a stack trace (zap's stacktrace level). Optional:
   * without it, entries carry none.
   */
  stackEnabled?(level: LogEntry['level'], verbosity: number): boolean;
}
