/**
 * The command-line flags of a generated main.ts, with kubebuilder v4's names and defaults:
 *
 *   --metrics-bind-address        "0" (metrics server off, as kubebuilder v4's main.go); ":8080" to serve /metrics
 *   --health-probe-bind-address   ":8081"
 *   --leader-elect                false
 *   --leader-election-namespace   the pod's namespace in a cluster
 *   --kubeconfig                  path; otherwise $KUBECONFIG, in-cluster, ~/.kube/config
 *   --zap-devel                   readable development logs (JSON lines otherwise)
 *   --zap-log-level               debug, info, error or a verbosity > 0 (default info; debug with --zap-devel)
 *   --zap-encoder                 json or console (default json; console with --zap-devel)
 *   --metrics-secure              true: /metrics over HTTPS, callers checked with TokenReview and SubjectAccessReview
 *                                 (kubebuilder v4's default; --metrics-secure=false serves plain HTTP)
 *   --metrics-cert-path, --metrics-cert-name, --metrics-cert-key   the metrics serving certificate
 *                                 (a self-signed one is made in memory without a path)
 *   --webhook-cert-path           directory of the webhook server's certificate
 *   --webhook-cert-name, --webhook-cert-key   its file names (tls.crt, tls.key)
 *   --local-webhooks              <host>[:<port>]: serve the webhooks from this machine to the cluster (make run)
 *   --zap-stacktrace-level        info, error or panic: entries from that level on carry a stack trace (default error)
 *   --zap-time-encoding           epoch, millis, nanos, iso8601, rfc3339 or rfc3339nano: how ts is written (default rfc3339)
 *   --enable-http2                false: the webhook and metrics HTTPS servers speak HTTP/1.1 only (ALPN offers
 *                                 just http/1.1), as kubebuilder v4 keeps HTTP/2 off for the Rapid Reset and
 *                                 Stream Cancellation CVEs; true serves HTTP/2 as well
 *
 * A project adds its own flags with `parseManagerFlags(argv, { extra: { 'tcp-configmap': { type: 'string', default: '' } } })`;
 * their values come back typed under `extra`.
 *
 * As a Go binary built with the flag package: `-h`, `-help` or `--help` writes `Usage of <program>:` and the
 * flags to stderr and exits 0; an unknown flag, a missing value or a bad one writes the problem and the usage
 * to stderr and exits 2. With `errorHandling: 'throw'` the caller gets a FlagError instead.
 */

import { basename } from 'node:path';

import { parseLogLevel, parseStacktraceLevel, parseTimeEncoding } from '../log/flags.js';
import type { LogLevel, StacktraceLevel } from '../log/sinks.js';
import type { TimeEncoding } from '../log/time.js';

export interface ManagerFlags {
  metricsBindAddress: string;
  healthProbeBindAddress: string;
  leaderElection: boolean;
  leaderElectionNamespace?: string;
  kubeconfigPath?: string;
  /** Development logging (console lines, debug level). */
  development: boolean;
  /** kubebuilder's --metrics-secure (default true): HTTPS with authentication and authorization. */
  metricsSecure: boolean;
  /** kubebuilder's --metrics-cert-path: directory of the metrics serving certificate. */
  metricsCertPath?: string;
  /** --metrics-cert-name, file name of the certificate in metricsCertPath (tls.crt). */
  metricsCertName?: string;
  /** --metrics-cert-key, file name of the key in metricsCertPath (tls.key). */
  metricsCertKey?: string;
  /** kubebuilder's --webhook-cert-path (directory with tls.crt and tls.key). */
  webhookCertPath?: string;
  /** --webhook-cert-name, file name of the certificate in webhookCertPath (tls.crt). */
  webhookCertName?: string;
  /** --webhook-cert-key, file name of the key in webhookCertPath (tls.key). */
  webhookCertKey?: string;
  /** --local-webhooks: where the cluster calls this machine's webhook server (`make run`); see ManagerOptions.localWebhooks. */
  localWebhooks?: string;
  /** --zap-log-level: debug, info, error, or a verbosity above 0. */
  logLevel?: LogLevel;
  /** --zap-encoder: json or console. */
  logEncoder?: 'json' | 'console';
  /** --zap-stacktrace-level: info, error or panic. */
  logStacktraceLevel?: StacktraceLevel;
  /** --zap-time-encoding: epoch, millis, nanos, iso8601, rfc3339 or rfc3339nano. */
  logTimeEncoding?: TimeEncoding;
  /** kubebuilder's --enable-http2 (default false): serve HTTP/2 besides HTTP/1.1 on the webhook and secure metrics servers. */
  enableHTTP2: boolean;
}

interface FlagSpec {
  key: keyof ManagerFlags;
  kind: 'string' | 'boolean';
  help: string;
  /** Turns the text into the flag's value, throwing (naming the flag) when it is not one. */
  parse?: (value: string) => unknown;
}

const specs: Record<string, FlagSpec> = {
  'metrics-bind-address': { key: 'metricsBindAddress', kind: 'string', help: 'address the metrics endpoint binds to ("0" disables)' },
  'health-probe-bind-address': { key: 'healthProbeBindAddress', kind: 'string', help: 'address the probe endpoint binds to' },
  'leader-elect': { key: 'leaderElection', kind: 'boolean', help: 'enable leader election' },
  'leader-election-namespace': { key: 'leaderElectionNamespace', kind: 'string', help: 'namespace of the leader election Lease' },
  kubeconfig: { key: 'kubeconfigPath', kind: 'string', help: 'path to a kubeconfig' },
  'zap-devel': { key: 'development', kind: 'boolean', help: 'development mode logging' },
  'metrics-secure': { key: 'metricsSecure', kind: 'boolean', help: 'serve metrics over HTTPS with authentication and authorization (default true; =false for HTTP)' },
  'metrics-cert-path': { key: 'metricsCertPath', kind: 'string', help: 'directory of the metrics server certificate (self-signed when empty)' },
  'metrics-cert-name': { key: 'metricsCertName', kind: 'string', help: 'metrics server certificate file name (tls.crt)' },
  'metrics-cert-key': { key: 'metricsCertKey', kind: 'string', help: 'metrics server key file name (tls.key)' },
  'webhook-cert-path': { key: 'webhookCertPath', kind: 'string', help: 'directory holding the webhook certificate' },
  'webhook-cert-name': { key: 'webhookCertName', kind: 'string', help: 'webhook server certificate file name (tls.crt)' },
  'webhook-cert-key': { key: 'webhookCertKey', kind: 'string', help: 'webhook server key file name (tls.key)' },
  'local-webhooks': {
    key: 'localWebhooks',
    kind: 'string',
    help: '<host>[:<port>] at which the cluster calls this machine: serve the webhooks here with a generated certificate, their configurations installed until exit (make run)',
  },
  'zap-log-level': { key: 'logLevel', kind: 'string', help: 'log level: debug, info, error or a verbosity > 0', parse: parseLogLevel },
  'zap-encoder': {
    key: 'logEncoder',
    kind: 'string',
    help: 'log format: json or console',
    parse: (value) => {
      if (value !== 'json' && value !== 'console') throw new Error(`invalid value "${value}" for flag --zap-encoder: expected json or console`);
      return value;
    },
  },
  'zap-stacktrace-level': {
    key: 'logStacktraceLevel',
    kind: 'string',
    help: 'level from which log entries carry a stack trace: info, error or panic (default error)',
    parse: parseStacktraceLevel,
  },
  'zap-time-encoding': {
    key: 'logTimeEncoding',
    kind: 'string',
    help: 'log time format: epoch, millis, nanos, iso8601, rfc3339 or rfc3339nano (default rfc3339)',
    parse: parseTimeEncoding,
  },
  'enable-http2': {
    key: 'enableHTTP2',
    kind: 'boolean',
    help: 'serve HTTP/2 as well on the webhook and metrics servers (off by default: HTTP/2 Rapid Reset and Stream Cancellation CVEs)',
  },
};

/**
 * A command line parseManagerFlags cannot take (`exitCode` 2), or a request for the usage with
 * `-h`/`--help` (`help`, `exitCode` 0), thrown with `errorHandling: 'throw'`.
 */
export class FlagError extends Error {
  override readonly name = 'FlagError';
  /** What went wrong, on one line ("flag: help requested" for -h/--help). */
  readonly reason: string;
  /** managerFlagsUsage() with the project's extra flags. */
  readonly usage: string;
  /** True for -h, -help or --help. */
  readonly help: boolean;
  /** What a Go program exits with: 0 after help, 2 otherwise. */
  readonly exitCode: 0 | 2;

  constructor(reason: string, usage: string, options: { help?: boolean; withUsage?: boolean } = {}) {
    super(options.withUsage ? `${reason}\nflags:\n${usage}` : reason);
    this.reason = reason;
    this.usage = usage;
    this.help = options.help === true;
    this.exitCode = this.help ? 0 : 2;
  }
}

/** A flag a project adds to the manager's (`extra` of parseManagerFlags). */
export type ExtraFlag =
  | { type: 'string'; default?: string; help?: string }
  | { type: 'number'; default?: number; help?: string }
  | { type: 'boolean'; default?: boolean; help?: string };

export type ExtraFlags = Readonly<Record<string, ExtraFlag>>;

/** The parsed value of one extra flag: booleans default to false; strings and numbers without a default may be undefined. */
export type ExtraFlagValue<F extends ExtraFlag> = F extends { type: 'boolean' }
  ? boolean
  : F extends { type: 'number' }
    ? F extends { default: number } ? number : number | undefined
    : F extends { default: string } ? string : string | undefined;

export type ExtraFlagValues<E extends ExtraFlags> = { -readonly [K in keyof E]: ExtraFlagValue<E[K]> };

export interface ParseManagerFlagsOptions<E extends ExtraFlags = ExtraFlags> {
  /** The project's own flags, by name without the dashes. */
  extra?: E;
  /**
   * What -h/--help or a bad command line does. `'exit'` (the default, Go's flag.ExitOnError): write the
   * problem and `Usage of <program>:` with the flags to stderr and exit the process, 0 after help and 2
   * otherwise. `'throw'`: throw a FlagError.
   */
  errorHandling?: 'exit' | 'throw';
}

export function managerFlagsUsage(extra: ExtraFlags = {}): string {
  const lines = Object.entries(specs).map(([name, s]) => `  --${name}${s.kind === 'string' ? ' <value>' : ''}\t${s.help}`);
  for (const [name, f] of Object.entries(extra)) {
    const dflt = f.default === undefined ? '' : ` (default ${JSON.stringify(f.default)})`;
    lines.push(`  --${name}${f.type === 'boolean' ? '' : ` <${f.type}>`}\t${f.help ?? ''}${dflt}`.trimEnd());
  }
  return lines.join('\n');
}

function parseBoolean(name: string, value: string): boolean {
  if (/^(true|1)$/i.test(value)) return true;
  if (/^(false|0)$/i.test(value)) return false;
  throw new Error(`flag --${name}: "${value}" is not a boolean (true or false)`);
}

/**
 * Parses `process.argv.slice(2)`. With `extra`, the project's own flags are accepted too and
 * returned under `extra`. `-h`/`--help`, an unknown flag, a missing value or a bad one exit the
 * process as a Go binary does (usage on stderr; 0 after help, 2 otherwise), or throw a FlagError
 * with `errorHandling: 'throw'`. Bad `extra` definitions are programming errors and always throw.
 */
export function parseManagerFlags<const E extends ExtraFlags>(
  argv: readonly string[],
  options: ParseManagerFlagsOptions<E> & { extra: E },
): ManagerFlags & { extra: ExtraFlagValues<E> };
export function parseManagerFlags(argv: readonly string[], options?: Omit<ParseManagerFlagsOptions, 'extra'>): ManagerFlags;
export function parseManagerFlags(argv: readonly string[], options?: ParseManagerFlagsOptions): ManagerFlags & { extra?: Record<string, unknown> } {
  const extraSpecs = options?.extra ?? {};
  checkExtraFlags(extraSpecs);
  try {
    const parsed = parseArguments(argv, extraSpecs);
    return options?.extra ? { ...parsed.flags, extra: parsed.extra } : parsed.flags;
  } catch (err) {
    if (!(err instanceof FlagError) || options?.errorHandling === 'throw') throw err;
    return exitWith(err);
  }
}

/** Go's flag.ExitOnError: the problem (none for help) and the usage on stderr, then exit. */
function exitWith(err: FlagError): never {
  const program = process.argv[1] ? basename(process.argv[1]) : process.argv0;
  process.stderr.write(`${err.help ? '' : `${err.reason}\n`}Usage of ${program}:\n${err.usage}\n`);
  return process.exit(err.exitCode);
}

function checkExtraFlags(extraSpecs: ExtraFlags): void {
  for (const [name, f] of Object.entries(extraSpecs)) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`parseManagerFlags: extra flag "${name}" must be lower-case letters, digits and dashes`);
    if (Object.hasOwn(specs, name)) throw new Error(`parseManagerFlags: extra flag --${name} is already a manager flag`);
    if (f.type !== 'string' && f.type !== 'number' && f.type !== 'boolean') {
      throw new Error(`parseManagerFlags: extra flag --${name} has type ${JSON.stringify((f as { type: unknown }).type)}; use string, number or boolean`);
    }
  }
}

/** The parse proper: every problem with the command line is a FlagError. */
function parseArguments(argv: readonly string[], extraSpecs: ExtraFlags): { flags: ManagerFlags; extra: Record<string, unknown> } {
  const usage = managerFlagsUsage(extraSpecs);
  const flags: ManagerFlags = {
    metricsBindAddress: '0',
    healthProbeBindAddress: ':8081',
    leaderElection: false,
    development: false,
    metricsSecure: true,
    enableHTTP2: false,
  };
  const extra: Record<string, string | number | boolean | undefined> = {};
  for (const [name, f] of Object.entries(extraSpecs)) extra[name] = f.default ?? (f.type === 'boolean' ? false : undefined);
  const values = flags as unknown as Record<string, unknown>;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--?([a-z0-9-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new FlagError(`unexpected argument "${arg}"`, usage, { withUsage: true });
    const name = m[1];
    const value = m[2];
    const own = Object.hasOwn(extraSpecs, name) ? extraSpecs[name] : undefined;
    const spec = own || !Object.hasOwn(specs, name) ? undefined : specs[name];
    if (!own && !spec) {
      // As Go's flag package: -h and -help (one dash or two) ask for the usage unless a flag has that name.
      if (name === 'h' || name === 'help') throw new FlagError('flag: help requested', usage, { help: true });
      throw new FlagError(`unknown flag --${name}`, usage, { withUsage: true });
    }
    const takeValue = (): string => {
      if (value !== undefined) return value;
      const next = argv[++i];
      if (next === undefined) throw new FlagError(`flag --${name} needs a value`, usage);
      return next;
    };
    try {
      if (own) {
        if (own.type === 'boolean') extra[name] = value === undefined ? true : parseBoolean(name, value);
        else if (own.type === 'number') {
          const text = takeValue();
          const n = Number(text);
          if (text.trim() === '' || !Number.isFinite(n)) throw new Error(`flag --${name}: "${text}" is not a number`);
          extra[name] = n;
        } else extra[name] = takeValue();
      } else if (spec!.kind === 'boolean') {
        values[spec!.key] = value === undefined ? true : parseBoolean(name, value);
      } else {
        const text = takeValue();
        values[spec!.key] = spec!.parse ? spec!.parse(text) : text;
      }
    } catch (err) {
      if (err instanceof FlagError) throw err;
      // The value parsers name the flag and what it accepts.
      throw new FlagError(err instanceof Error ? err.message : String(err), usage);
    }
  }
  return { flags, extra };
}
