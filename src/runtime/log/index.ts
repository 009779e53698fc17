/**
 * Structured logging: JSON lines by default, readable lines in development mode.
 * ```ts
 * setLogger({ development: true });
 * const setupLog = log.withName('setup');
 * setupLog.info('starting manager', { version });
 * setupLog.error(err, 'unable to start manager');
 * ```
 */
export { Logger } from './logger.js';
export { type LogEntry, type LogSink } from './entry.js';
export { JsonSink, ConsoleSink, DelegatingSink, type LogLevel, type SinkOptions, type StacktraceLevel } from './sinks.js';
export { type TimeEncoding } from './time.js';
export { log, newLogger, setLogger, type LoggerOptions } from './root.js';
export { parseLogFlags } from './flags.js';
export { reconcileLogger, type ReconcileLogContext } from './reconcile.js';
export { errorMessage } from './format.js';
