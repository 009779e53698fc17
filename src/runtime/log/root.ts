import type { LogSink } from './entry.js';
import { Logger } from './logger.js';
import { ConsoleSink, DelegatingSink, JsonSink, type SinkOptions } from './sinks.js';

export interface LoggerOptions extends SinkOptions {
  /** Readable console lines at debug level instead of JSON lines at info level. */
  development?: boolean;
  /** The line format regardless of `development`: `json` or `console` (readable). */
  encoder?: 'json' | 'console';
}

/** A logger writing JSON lines, or readable lines in development mode. */
export function newLogger(options: LoggerOptions = {}): Logger {
  return new Logger(sinkFor(options));
}

function sinkFor(options: LoggerOptions): LogSink {
  const level = options.level ?? (options.development ? 'debug' : 'info');
  const encoder = options.encoder ?? (options.development ? 'console' : 'json');
  return encoder === 'console' ? new ConsoleSink({ ...options, level }) : new JsonSink({ ...options, level });
}

const rootSink = new DelegatingSink(new JsonSink());

/**
 * The process-wide root logger (controller-runtime's `ctrl.Log`): JSON lines on stderr until
 * `setLogger` chooses otherwise. Loggers derived from it earlier follow the change.
 */
export const log: Logger = new Logger(rootSink);

/** Chooses where the root logger writes: options for the built-in sinks, or a sink of your own. */
export function setLogger(options: LoggerOptions | LogSink): void {
  rootSink.setTarget('write' in options ? options : sinkFor(options));
}
