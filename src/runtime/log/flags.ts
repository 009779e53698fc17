import type { LoggerOptions } from './root.js';
import type { LogLevel, StacktraceLevel } from './sinks.js';
import { timeEncodings, type TimeEncoding } from './time.js';

/**
 * Reads controller-runtime's zap flags, as a kubebuilder main binds them:
 * `--zap-devel`, `--zap-encoder=json|console`, `--zap-log-level=debug|info|error|<verbosity>`,
 * `--zap-stacktrace-level=info|error|panic`, `--zap-time-encoding=epoch|millis|nanos|iso8601|rfc3339|rfc3339nano`.
 * Other arguments are ignored; `defaults` (kubebuilder scaffolds `development: true`) apply
 * where no flag is given. Throws on a bad value, naming the flag.
 */
export function parseLogFlags(argv: readonly string[], defaults: LoggerOptions = {}): LoggerOptions {
  const options: LoggerOptions = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--?(zap-devel|zap-encoder|zap-log-level|zap-stacktrace-level|zap-time-encoding)(?:=(.*))?$/.exec(arg);
    if (!match) continue;
    const flag = match[1];
    let value = match[2];
    if (flag === 'zap-devel') {
      if (value === undefined) options.development = true;
      else if (value === 'true' || value === 'false') options.development = value === 'true';
      else throw new Error(`invalid value "${value}" for flag --zap-devel: expected true or false`);
      continue;
    }
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('-')) throw new Error(`flag --${flag} needs a value`);
      i++;
    }
    if (flag === 'zap-encoder') {
      if (value !== 'json' && value !== 'console') throw new Error(`invalid value "${value}" for flag --zap-encoder: expected json or console`);
      options.encoder = value;
    } else if (flag === 'zap-stacktrace-level') {
      options.stacktraceLevel = parseStacktraceLevel(value);
    } else if (flag === 'zap-time-encoding') {
      options.timeEncoding = parseTimeEncoding(value);
    } else {
      options.level = parseLevel(value);
    }
  }
  return options;
}

/** The level of `--zap-log-level`: debug, info, error, or a verbosity above 0; throws naming the flag. */
export function parseLogLevel(value: string): LogLevel {
  return parseLevel(value);
}

function parseLevel(value: string): LogLevel {
  if (value === 'debug' || value === 'info' || value === 'error') return value;
  if (/^\d+$/.test(value) && Number(value) > 0) return Number(value);
  throw new Error(`invalid value "${value}" for flag --zap-log-level: expected debug, info, error, or an integer greater than 0`);
}

/** `--zap-stacktrace-level`: info, error or panic, in any case (as controller-runtime); throws naming the flag. */
export function parseStacktraceLevel(value: string): StacktraceLevel {
  const level = value.toLowerCase();
  if (level === 'info' || level === 'error' || level === 'panic') return level;
  throw new Error(`invalid value "${value}" for flag --zap-stacktrace-level: expected info, error or panic`);
}

/** `--zap-time-encoding`: one of zap's time encodings, in any case (as controller-runtime); throws naming the flag. */
export function parseTimeEncoding(value: string): TimeEncoding {
  const encoding = timeEncodings.find((e) => e === value.toLowerCase());
  if (encoding) return encoding;
  throw new Error(`invalid value "${value}" for flag --zap-time-encoding: expected ${timeEncodings.slice(0, -1).join(', ')} or ${timeEncodings.at(-1)}`);
}
