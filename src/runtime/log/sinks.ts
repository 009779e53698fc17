import type { LogEntry, LogSink } from './entry.js';
import { errorMessage, toLoggable } from './format.js';
import { encodeTime, type TimeEncoding } from './time.js';

/** A level threshold: `error` (errors only), `info` (verbosity 0), `debug` (verbosity 1), or a verbosity number. */
export type LogLevel = 'error' | 'info' | 'debug' | number;

/**
 * The level from which entries carry a stack trace (`--zap-stacktrace-level`): `info` (info and
 * error entries, not debug or v(n) ones), `error`, or `panic` (never: nothing logs at panic).
 */
export type StacktraceLevel = 'info' | 'error' | 'panic';

export interface SinkOptions {
  /** Default `info`, or `debug` in development mode. */
  level?: LogLevel;
  /**
   * Default `error`. (controller-runtime's development default is zap's warn, which logr never
   * logs at: errors carry stacks in both modes.)
   */
  stacktraceLevel?: StacktraceLevel;
  /** How `ts` is written; default `rfc3339` (controller-runtime's, in both modes). */
  timeEncoding?: TimeEncoding;
  /** Where lines are written; stderr by default. */
  output?: { write(line: string): unknown };
}

function maxVerbosity(level: LogLevel): number {
  if (typeof level === 'number') return level;
  return level === 'error' ? -1 : level === 'info' ? 0 : 1;
}

/** Whether an entry of `level` is at or above `threshold`, in zap's order debug < info < error < panic. */
function stackWanted(threshold: StacktraceLevel, level: LogEntry['level']): boolean {
  if (threshold === 'panic') return false;
  if (threshold === 'error') return level === 'error';
  return level !== 'debug';
}

/** What both encoders share: the verbosity threshold, the stack-trace level, the time encoding and the output. */
abstract class EncodingSink implements LogSink {
  readonly #max: number;
  readonly #stacktraceLevel: StacktraceLevel;
  protected readonly timeEncoding: TimeEncoding;
  protected readonly output: { write(line: string): unknown };

  constructor(options: SinkOptions, defaultLevel: LogLevel) {
    this.#max = maxVerbosity(options.level ?? defaultLevel);
    this.#stacktraceLevel = options.stacktraceLevel ?? 'error';
    this.timeEncoding = options.timeEncoding ?? 'rfc3339';
    this.output = options.output ?? process.stderr;
  }

  enabled(verbosity: number): boolean {
    return verbosity <= this.#max;
  }

  stackEnabled(level: LogEntry['level']): boolean {
    return stackWanted(this.#stacktraceLevel, level);
  }

  abstract write(entry: LogEntry): void;
}

/** Writes one JSON object per line: `{"level","ts","logger","msg",...values,"error"}` (zap's production layout). */
export class JsonSink extends EncodingSink {
  constructor(options: SinkOptions = {}) {
    super(options, 'info');
  }

  write(entry: LogEntry): void {
    const level = entry.verbosity > 1 && entry.level === 'debug' ? `Level(-${entry.verbosity})` : entry.level;
    // level and ts are written by hand: an epoch time is a JSON number, nanoseconds beyond 2^53.
    const record: Record<string, unknown> = { level: 0, ts: 0 };
    if (entry.name !== '') record.logger = entry.name;
    record.msg = entry.msg;
    for (const [key, value] of Object.entries(entry.values)) {
      if (!(key in record)) record[key] = toLoggable(value);
    }
    if (entry.error !== undefined) record.error = errorMessage(entry.error);
    if (entry.stack !== undefined && this.stackEnabled(entry.level)) record.stacktrace = entry.stack;
    delete record.level;
    delete record.ts;
    const rest = JSON.stringify(record).slice(1);
    const head = `{"level":${JSON.stringify(level)},"ts":${encodeTime(entry.time, this.timeEncoding).json}`;
    this.output.write(`${head}${rest === '}' ? '' : ','}${rest}\n`);
  }
}

/**
 * Writes readable lines for a terminal (zap's development layout):
 * `2026-01-02T03:04:05Z  INFO  setup  starting manager  {"version": "1.0"}`,
 * followed by the stack trace of entries at or above the stacktrace level (errors by default).
 */
export class ConsoleSink extends EncodingSink {
  constructor(options: SinkOptions = {}) {
    super(options, 'debug');
  }

  write(entry: LogEntry): void {
    const parts = [
      encodeTime(entry.time, this.timeEncoding).text,
      entry.level === 'debug' && entry.verbosity > 1 ? `DEBUG(${entry.verbosity})` : entry.level.toUpperCase(),
    ];
    if (entry.name !== '') parts.push(entry.name);
    parts.push(entry.msg);
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entry.values)) values[key] = toLoggable(value);
    if (entry.error !== undefined) values.error = errorMessage(entry.error);
    if (Object.keys(values).length > 0) parts.push(JSON.stringify(values));
    let line = parts.join('\t');
    if (entry.stack !== undefined && this.stackEnabled(entry.level)) line += `\n${entry.stack}`;
    this.output.write(`${line}\n`);
  }
}

/** Forwards to a sink chosen later, so loggers taken at import time follow `setLogger`. */
export class DelegatingSink implements LogSink {
  #target: LogSink;

  constructor(target: LogSink) {
    this.#target = target;
  }

  setTarget(target: LogSink): void {
    this.#target = target;
  }

  enabled(verbosity: number): boolean {
    return this.#target.enabled(verbosity);
  }

  write(entry: LogEntry): void {
    this.#target.write(entry);
  }

  stackEnabled(level: LogEntry['level'], verbosity: number): boolean {
    return this.#target.stackEnabled?.(level, verbosity) ?? false;
  }
}
