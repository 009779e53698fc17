import type { LogEntry, LogSink } from './entry.js';
import { errorMessage, toLoggable } from './format.js';

/** A level threshold: `error` (errors only), `info` (verbosity 0), `debug` (verbosity 1), or a verbosity number. */
export type LogLevel = 'error' | 'info' | 'debug' | number;

export interface SinkOptions {
  /** Default `info`, or `debug` in development mode. */
  level?: LogLevel;
  /** Where lines are written; stderr by default. */
  output?: { write(line: string): unknown };
}

function maxVerbosity(level: LogLevel): number {
  if (typeof level === 'number') return level;
  return level === 'error' ? -1 : level === 'info' ? 0 : 1;
}

/** Writes one JSON object per line: `{"level","ts","logger","msg",...values,"error"}` (zap's production layout). */
export class JsonSink implements LogSink {
  readonly #max: number;
  readonly #output: { write(line: string): unknown };

  constructor(options: SinkOptions = {}) {
    this.#max = maxVerbosity(options.level ?? 'info');
    this.#output = options.output ?? process.stderr;
  }

  enabled(verbosity: number): boolean {
    return verbosity <= this.#max;
  }

  write(entry: LogEntry): void {
    const record: Record<string, unknown> = {
      level: entry.verbosity > 1 && entry.level === 'debug' ? `Level(-${entry.verbosity})` : entry.level,
      ts: entry.time.toISOString(),
    };
    if (entry.name !== '') record.logger = entry.name;
    record.msg = entry.msg;
    for (const [key, value] of Object.entries(entry.values)) {
      if (!(key in record)) record[key] = toLoggable(value);
    }
    if (entry.error !== undefined) record.error = errorMessage(entry.error);
    this.#output.write(`${JSON.stringify(record)}\n`);
  }
}

/**
 * Writes readable lines for a terminal (zap's development layout):
 * `2026-01-02T03:04:05.678Z  INFO  setup  starting manager  {"version": "1.0"}`,
 * followed by the stack of an error.
 */
export class ConsoleSink implements LogSink {
  readonly #max: number;
  readonly #output: { write(line: string): unknown };

  constructor(options: SinkOptions = {}) {
    this.#max = maxVerbosity(options.level ?? 'debug');
    this.#output = options.output ?? process.stderr;
  }

  enabled(verbosity: number): boolean {
    return verbosity <= this.#max;
  }

  write(entry: LogEntry): void {
    const parts = [entry.time.toISOString(), entry.level === 'debug' && entry.verbosity > 1 ? `DEBUG(${entry.verbosity})` : entry.level.toUpperCase()];
    if (entry.name !== '') parts.push(entry.name);
    parts.push(entry.msg);
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entry.values)) values[key] = toLoggable(value);
    if (entry.error !== undefined) values.error = errorMessage(entry.error);
    if (Object.keys(values).length > 0) parts.push(JSON.stringify(values));
    let line = parts.join('\t');
    if (entry.error instanceof Error && entry.error.stack) {
      const stack = entry.error.stack.split('\n').slice(1).join('\n');
      if (stack !== '') line += `\n${stack}`;
    }
    this.#output.write(`${line}\n`);
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
}
