import type { LogEntry, LogSink } from './entry.js';

/**
 * A structured logger in the manner of logr: a message plus key-value context.
 * `withValues` and `withName` return new loggers; the receiver is unchanged.
 */
export class Logger {
  #sink: LogSink;
  #name: string;
  #values: Record<string, unknown>;
  #verbosity: number;
  /** Set on a deferred logger until its first use: makes the logger it stands for. */
  #make: (() => Logger) | undefined;

  constructor(sink: LogSink, name = '', values: Record<string, unknown> = {}, verbosity = 0) {
    this.#sink = sink;
    this.#name = name;
    this.#values = values;
    this.#verbosity = verbosity;
  }

  /**
   * A logger that stands for `make()`, called when the logger is first used (to log, derive or ask
   * `enabled`), once. For a logger most holders never use: a reconcile's, whose key-value context
   * costs more to build than an empty reconcile.
   */
  static deferred(make: () => Logger): Logger {
    const logger = new Logger(DEFERRED_SINK, '', DEFERRED_VALUES);
    logger.#make = make;
    return logger;
  }

  /** Becomes the logger a deferred one stands for (nothing for others). */
  #resolve(): void {
    const make = this.#make;
    if (make === undefined) return;
    this.#make = undefined;
    const made = make();
    made.#resolve();
    this.#sink = made.#sink;
    this.#name = made.#name;
    this.#values = made.#values;
    this.#verbosity = made.#verbosity;
  }

  /** Logs at info level (verbosity 0, or the verbosity chosen with `v`). */
  info(msg: string, fields?: Record<string, unknown>): void {
    this.#resolve();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only marks where the call-site stack starts; never called
    this.#emit(Logger.prototype.info, this.#verbosity === 0 ? 'info' : 'debug', this.#verbosity, msg, fields);
  }

  /** Logs at debug level (verbosity 1). */
  debug(msg: string, fields?: Record<string, unknown>): void {
    this.#resolve();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only marks where the call-site stack starts; never called
    this.#emit(Logger.prototype.debug, 'debug', Math.max(1, this.#verbosity), msg, fields);
  }

  /** Logs an error; errors are written at every verbosity. */
  error(err: unknown, msg: string, fields?: Record<string, unknown>): void {
    this.#resolve();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only marks where the call-site stack starts; never called
    this.#emit(Logger.prototype.error, 'error', 0, msg, fields, err);
  }

  /** A logger whose `info` is written only when the sink's verbosity is at least `level` (logr's V). */
  v(level: number): Logger {
    this.#resolve();
    return new Logger(this.#sink, this.#name, this.#values, this.#verbosity + Math.max(0, Math.floor(level)));
  }

  withValues(fields: Record<string, unknown>): Logger {
    this.#resolve();
    return new Logger(this.#sink, this.#name, { ...this.#values, ...fields }, this.#verbosity);
  }

  /** Appends a name segment: `log.withName('controller-runtime').withName('metrics')` logs as `controller-runtime.metrics`. */
  withName(name: string): Logger {
    this.#resolve();
    return new Logger(this.#sink, this.#name === '' ? name : `${this.#name}.${name}`, this.#values, this.#verbosity);
  }

  /** Whether `info` on this logger would be written. */
  enabled(): boolean {
    this.#resolve();
    return this.#sink.enabled(this.#verbosity);
  }

  /** `site`: the public method called, whose caller starts the call-site stack. */
  #emit(site: StackSite, level: LogEntry['level'], verbosity: number, msg: string, fields: Record<string, unknown> | undefined, error?: unknown): void {
    if (level !== 'error' && !this.#sink.enabled(verbosity)) return;
    const entry: LogEntry = {
      level,
      verbosity,
      time: new Date(),
      name: this.#name,
      msg,
      values: fields ? { ...this.#values, ...fields } : this.#values,
    };
    if (error !== undefined) entry.error = error;
    if (this.#sink.stackEnabled?.(level, verbosity)) {
      const stack = (error instanceof Error && frames(error.stack)) || callSite(site);
      if (stack) entry.stack = stack;
    }
    this.#sink.write(entry);
  }
}

/** The sink and values of a deferred logger before its first use, which replaces them: never written nor read. */
const DEFERRED_VALUES: Record<string, unknown> = Object.freeze({});
const DEFERRED_SINK: LogSink = {
  enabled: () => false,
  write: () => undefined,
};

/** The `    at ...` lines of a V8 stack, without the header (which may span lines of the message). */
function frames(stack: string | undefined): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const lines = stack.split('\n');
  const first = lines.findIndex((l) => /^\s+at /.test(l));
  return first < 0 ? undefined : lines.slice(first).join('\n');
}

/** A Logger method, by reference: where a captured stack trace starts. */
type StackSite = (...args: never[]) => void;

/** The stack of whoever called `site` (a Logger method), without the logger's own frames. */
function callSite(site: StackSite): string | undefined {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, site);
  return frames(holder.stack);
}
