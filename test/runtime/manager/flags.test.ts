import { describe, expect, expectTypeOf, it } from 'vitest';
import { managerFlagsUsage, newLogger, parseManagerFlags } from '../../../src/runtime/index.js';

describe('parseManagerFlags', () => {
  it('has kubebuilder v4 defaults', () => {
    expect(parseManagerFlags([])).toEqual({
      metricsBindAddress: '0',
      healthProbeBindAddress: ':8081',
      leaderElection: false,
      development: false,
      metricsSecure: true,
    });
  });

  it('reads --flag=value, --flag value, bare booleans and explicit booleans', () => {
    const f = parseManagerFlags([
      '--metrics-bind-address=:8443',
      '--health-probe-bind-address', ':9090',
      '--leader-elect',
      '--leader-election-namespace=system',
      '--zap-devel=false',
      '--metrics-secure=true',
      '--enable-http2=false',
    ]);
    expect(f).toMatchObject({
      metricsBindAddress: ':8443',
      healthProbeBindAddress: ':9090',
      leaderElection: true,
      leaderElectionNamespace: 'system',
      development: false,
      metricsSecure: true,
    });
  });

  it('reads the zap log level and encoder and the webhook certificate file names, which kubebuilder scaffolds', () => {
    const f = parseManagerFlags(['--zap-log-level=debug', '--zap-encoder', 'console', '--webhook-cert-name=cert.pem', '--webhook-cert-key', 'key.pem']);
    expect(f).toMatchObject({ logLevel: 'debug', logEncoder: 'console', webhookCertName: 'cert.pem', webhookCertKey: 'key.pem' });
    expect(parseManagerFlags(['--zap-log-level', '3']).logLevel).toBe(3);
    expect(parseManagerFlags(['--zap-log-level=error']).logLevel).toBe('error');
    expect(() => parseManagerFlags(['--zap-log-level=loud'])).toThrow(/--zap-log-level/);
    expect(() => parseManagerFlags(['--zap-encoder=xml'])).toThrow(/--zap-encoder/);
    // Still accepted without effect: HTTP/2 stays off.
    expect(parseManagerFlags(['--enable-http2'])).toEqual(parseManagerFlags([]));
  });

  it('reads --zap-stacktrace-level and --zap-time-encoding, in any case, as controller-runtime; a bad value names the flag and the accepted ones', () => {
    expect(parseManagerFlags(['--zap-stacktrace-level=info', '--zap-time-encoding', 'iso8601'])).toMatchObject({ logStacktraceLevel: 'info', logTimeEncoding: 'iso8601' });
    expect(parseManagerFlags(['--zap-stacktrace-level', 'PANIC', '--zap-time-encoding=RFC3339Nano'])).toMatchObject({ logStacktraceLevel: 'panic', logTimeEncoding: 'rfc3339nano' });
    for (const encoding of ['epoch', 'millis', 'nanos', 'iso8601', 'rfc3339', 'rfc3339nano']) {
      expect(parseManagerFlags([`--zap-time-encoding=${encoding}`]).logTimeEncoding).toBe(encoding);
    }
    expect(() => parseManagerFlags(['--zap-stacktrace-level=warn'])).toThrow(/invalid value "warn" for flag --zap-stacktrace-level: expected info, error or panic/);
    expect(() => parseManagerFlags(['--zap-time-encoding=unix'])).toThrow(
      /invalid value "unix" for flag --zap-time-encoding: expected epoch, millis, nanos, iso8601, rfc3339 or rfc3339nano/,
    );
    expect(() => parseManagerFlags(['--zap-time-encoding'])).toThrow(/--zap-time-encoding needs a value/);
    expect(managerFlagsUsage()).toMatch(/--zap-stacktrace-level <value>.*info, error or panic/);
    expect(managerFlagsUsage()).toMatch(/--zap-time-encoding <value>.*epoch, millis, nanos, iso8601, rfc3339 or rfc3339nano/);
  });

  describe('the zap flags, applied to a logger writing to a captured stream', () => {
    /** A logger set up from the parsed flags as Manager.create sets up the root logger. */
    function loggerFrom(argv: string[]) {
      const f = parseManagerFlags(argv);
      const lines: string[] = [];
      const logger = newLogger({
        development: f.development,
        level: f.logLevel,
        encoder: f.logEncoder,
        stacktraceLevel: f.logStacktraceLevel,
        timeEncoding: f.logTimeEncoding,
        output: { write: (line: string) => lines.push(line) },
      });
      return { logger, lines, json: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
    }
    const thisFile = /flags\.test\.ts:\d+:\d+/;

    it('by default (production), errors carry a stacktrace and info does not; ts is RFC 3339', () => {
      const { logger, json } = loggerFrom([]);
      logger.info('started');
      logger.error('a string, no stack of its own', 'failed');
      const [info, error] = json();
      expect(info).not.toHaveProperty('stacktrace');
      expect(error!.stacktrace).toMatch(/^\s+at /);
      expect(error!.stacktrace).toMatch(thisFile); // the call site
      expect(String(info!.ts)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
    });

    it('--zap-stacktrace-level=info: info entries carry the call site\'s stack too, debug ones do not; an error carries its own stack', () => {
      const { logger, json } = loggerFrom(['--zap-stacktrace-level=info', '--zap-log-level=debug']);
      const thrown = new Error('boom');
      logger.withName('setup').info('started');
      logger.debug('details');
      logger.error(thrown, 'failed');
      const [info, debug, error] = json();
      expect(info!.stacktrace).toMatch(thisFile);
      expect(String(info!.stacktrace)).not.toMatch(/logger\.ts/); // the logger's own frames are left out
      expect(debug).not.toHaveProperty('stacktrace');
      expect(error!.stacktrace).toBe(thrown.stack!.split('\n').slice(1).join('\n'));
      expect(Object.keys(error!).at(-1)).toBe('stacktrace'); // last, after the values, as zap
    });

    it('--zap-stacktrace-level=panic: no entry carries a stack, not even errors in development mode', () => {
      const { logger, lines } = loggerFrom(['--zap-devel', '--zap-stacktrace-level=panic']);
      logger.error(new Error('boom'), 'failed');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/\tERROR\tfailed\t\{"error":"boom"\}\n$/);
    });

    it('console encoding writes the stack after the line, from the stacktrace level on', () => {
      const { logger, lines } = loggerFrom(['--zap-encoder=console', '--zap-stacktrace-level', 'info']);
      logger.info('started');
      expect(lines[0]).toMatch(/\tINFO\tstarted\n\s+at .*flags\.test\.ts:\d+:\d+/);
    });

    it('--zap-time-encoding formats ts in JSON and console lines', () => {
      const before = Date.now();
      const epoch = loggerFrom(['--zap-time-encoding=epoch']);
      epoch.logger.info('x');
      const millis = loggerFrom(['--zap-time-encoding', 'millis']);
      millis.logger.info('x');
      const nanos = loggerFrom(['--zap-time-encoding=nanos']);
      nanos.logger.info('x');
      const after = Date.now();
      const seconds = epoch.json()[0]!.ts as number;
      expect(typeof seconds).toBe('number');
      expect(seconds * 1000).toBeGreaterThanOrEqual(before);
      expect(seconds * 1000).toBeLessThanOrEqual(after);
      const ms = millis.json()[0]!.ts as number;
      expect(typeof ms).toBe('number');
      expect(ms).toBeGreaterThanOrEqual(before);
      expect(ms).toBeLessThanOrEqual(after);
      // Nanoseconds exceed 2^53: a JSON integer, read here from the text.
      const ns = /"ts":(\d+),/.exec(nanos.lines[0]!)![1]!;
      expect(BigInt(ns)).toBeGreaterThanOrEqual(BigInt(before) * 1_000_000n);
      expect(BigInt(ns)).toBeLessThanOrEqual(BigInt(after) * 1_000_000n);

      const iso = loggerFrom(['--zap-time-encoding=iso8601']);
      iso.logger.info('x');
      expect(iso.json()[0]!.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d{4})$/);
      const nano = loggerFrom(['--zap-time-encoding=rfc3339nano']);
      nano.logger.info('x');
      expect(nano.json()[0]!.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?(Z|[+-]\d\d:\d\d)$/);

      // Console lines write float seconds as Go prints a float64: 1.7...e+09.
      const console = loggerFrom(['--zap-devel', '--zap-time-encoding=epoch']);
      console.logger.info('x');
      expect(console.lines[0]).toMatch(/^1\.\d+e\+09\tINFO\tx\n$/);
    });
  });

  it('names unknown flags, missing values and bad booleans', () => {
    expect(() => parseManagerFlags(['--metrics-addr=:8080'])).toThrow(/unknown flag --metrics-addr/);
    expect(() => parseManagerFlags(['--health-probe-bind-address'])).toThrow(/--health-probe-bind-address needs a value/);
    expect(() => parseManagerFlags(['--leader-elect=yes'])).toThrow(/"yes" is not a boolean/);
  });

  describe('with the project\'s own flags (extra)', () => {
    const extra = {
      'tcp-configmap': { type: 'string', default: 'tcp-services', help: '[namespace/]name of the TCP services ConfigMap' },
      'ingress-namespace': { type: 'string' },
      'max-ports': { type: 'number', default: 100 },
      'dry-run': { type: 'boolean' },
    } as const;

    it('returns their values typed under extra, defaults for those not given, next to the manager flags', () => {
      const f = parseManagerFlags(['--tcp-configmap=infra/tcp', '--leader-elect', '--max-ports', '8', '--dry-run'], { extra });
      expect(f.extra).toEqual({ 'tcp-configmap': 'infra/tcp', 'ingress-namespace': undefined, 'max-ports': 8, 'dry-run': true });
      expect(f.leaderElection).toBe(true);
      expectTypeOf(f.extra['tcp-configmap']).toEqualTypeOf<string>();
      expectTypeOf(f.extra['ingress-namespace']).toEqualTypeOf<string | undefined>();
      expectTypeOf(f.extra['max-ports']).toEqualTypeOf<number>();
      expectTypeOf(f.extra['dry-run']).toEqualTypeOf<boolean>();
      expect(parseManagerFlags([], { extra }).extra).toEqual({ 'tcp-configmap': 'tcp-services', 'ingress-namespace': undefined, 'max-ports': 100, 'dry-run': false });
      expect(parseManagerFlags(['--ingress-namespace', 'edge', '--dry-run=false'], { extra }).extra).toMatchObject({ 'ingress-namespace': 'edge', 'dry-run': false });
    });

    it('still refuses flags nobody defined, naming the flag and listing the extra ones', () => {
      const err = (() => {
        try {
          parseManagerFlags(['--tcp-configmap=x', '--udp-configmap=y'], { extra });
        } catch (e) {
          return e as Error;
        }
        return undefined;
      })();
      expect(err?.message).toMatch(/^unknown flag --udp-configmap\n/);
      expect(err?.message).toMatch(/--tcp-configmap <string>\t\[namespace\/\]name of the TCP services ConfigMap \(default "tcp-services"\)/);
      expect(err?.message).toMatch(/--metrics-bind-address <value>/);
    });

    it('names bad values and missing values of extra flags', () => {
      expect(() => parseManagerFlags(['--max-ports=many'], { extra })).toThrow(/flag --max-ports: "many" is not a number/);
      expect(() => parseManagerFlags(['--tcp-configmap'], { extra })).toThrow(/flag --tcp-configmap needs a value/);
      expect(() => parseManagerFlags(['--dry-run=maybe'], { extra })).toThrow(/flag --dry-run: "maybe" is not a boolean/);
    });

    it('refuses extra definitions that clash with the manager\'s flags', () => {
      expect(() => parseManagerFlags([], { extra: { 'leader-elect': { type: 'boolean' } } })).toThrow(/extra flag --leader-elect is already a manager flag/);
      expect(() => parseManagerFlags([], { extra: { 'Bad_Name': { type: 'string' } } })).toThrow(/extra flag "Bad_Name"/);
    });
  });
});
