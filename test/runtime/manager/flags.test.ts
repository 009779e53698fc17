import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { FlagError, managerFlagsUsage, newLogger, parseManagerFlags } from '../../../src/runtime/index.js';

/** Library use: problems with the command line are thrown, not turned into an exit of the test process. */
const strict = { errorHandling: 'throw' } as const;

/** The FlagError a command line gives with errorHandling 'throw'. */
function flagError(argv: string[], extra?: Parameters<typeof managerFlagsUsage>[0]): FlagError {
  try {
    if (extra) parseManagerFlags(argv, { extra, ...strict });
    else parseManagerFlags(argv, strict);
  } catch (err) {
    expect(err).toBeInstanceOf(FlagError);
    return err as FlagError;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('parseManagerFlags', () => {
  it('has kubebuilder v4 defaults', () => {
    expect(parseManagerFlags([])).toEqual({
      metricsBindAddress: '0',
      healthProbeBindAddress: ':8081',
      leaderElection: false,
      development: false,
      metricsSecure: true,
      enableHTTP2: false,
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
      enableHTTP2: false,
    });
  });

  it('reads the zap log level and encoder and the webhook certificate file names, which kubebuilder scaffolds', () => {
    const f = parseManagerFlags(['--zap-log-level=debug', '--zap-encoder', 'console', '--webhook-cert-name=cert.pem', '--webhook-cert-key', 'key.pem']);
    expect(f).toMatchObject({ logLevel: 'debug', logEncoder: 'console', webhookCertName: 'cert.pem', webhookCertKey: 'key.pem' });
    expect(parseManagerFlags(['--zap-log-level', '3']).logLevel).toBe(3);
    expect(parseManagerFlags(['--zap-log-level=error']).logLevel).toBe('error');
    expect(() => parseManagerFlags(['--zap-log-level=loud'], strict)).toThrow(/--zap-log-level/);
    expect(() => parseManagerFlags(['--zap-encoder=xml'], strict)).toThrow(/--zap-encoder/);
  });

  it('reads --enable-http2 (off by default, as kubebuilder v4), a boolean like the others', () => {
    expect(parseManagerFlags([]).enableHTTP2).toBe(false);
    expect(parseManagerFlags(['--enable-http2']).enableHTTP2).toBe(true);
    expect(parseManagerFlags(['-enable-http2=true']).enableHTTP2).toBe(true);
    expect(parseManagerFlags(['--enable-http2=false']).enableHTTP2).toBe(false);
    // A bare boolean does not take the next argument as its value.
    expect(parseManagerFlags(['--enable-http2', '--leader-elect'])).toMatchObject({ enableHTTP2: true, leaderElection: true });
    expect(flagError(['--enable-http2=on']).reason).toMatch(/flag --enable-http2: "on" is not a boolean/);
    expect(managerFlagsUsage()).toMatch(/\n {2}--enable-http2\t.*HTTP\/2/);
  });

  it('reads --zap-stacktrace-level and --zap-time-encoding, in any case, as controller-runtime; a bad value names the flag and the accepted ones', () => {
    expect(parseManagerFlags(['--zap-stacktrace-level=info', '--zap-time-encoding', 'iso8601'])).toMatchObject({ logStacktraceLevel: 'info', logTimeEncoding: 'iso8601' });
    expect(parseManagerFlags(['--zap-stacktrace-level', 'PANIC', '--zap-time-encoding=RFC3339Nano'])).toMatchObject({ logStacktraceLevel: 'panic', logTimeEncoding: 'rfc3339nano' });
    for (const encoding of ['epoch', 'millis', 'nanos', 'iso8601', 'rfc3339', 'rfc3339nano']) {
      expect(parseManagerFlags([`--zap-time-encoding=${encoding}`]).logTimeEncoding).toBe(encoding);
    }
    expect(() => parseManagerFlags(['--zap-stacktrace-level=warn'], strict)).toThrow(/invalid value "warn" for flag --zap-stacktrace-level: expected info, error or panic/);
    expect(() => parseManagerFlags(['--zap-time-encoding=unix'], strict)).toThrow(
      /invalid value "unix" for flag --zap-time-encoding: expected epoch, millis, nanos, iso8601, rfc3339 or rfc3339nano/,
    );
    expect(() => parseManagerFlags(['--zap-time-encoding'], strict)).toThrow(/--zap-time-encoding needs a value/);
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
      expect(error.stacktrace).toMatch(/^\s+at /);
      expect(error.stacktrace).toMatch(thisFile); // the call site
      expect(String(info.ts)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
    });

    it('--zap-stacktrace-level=info: info entries carry the call site\'s stack too, debug ones do not; an error carries its own stack', () => {
      const { logger, json } = loggerFrom(['--zap-stacktrace-level=info', '--zap-log-level=debug']);
      const thrown = new Error('boom');
      logger.withName('setup').info('started');
      logger.debug('details');
      logger.error(thrown, 'failed');
      const [info, debug, error] = json();
      expect(info.stacktrace).toMatch(thisFile);
      expect(String(info.stacktrace)).not.toMatch(/logger\.ts/); // the logger's own frames are left out
      expect(debug).not.toHaveProperty('stacktrace');
      expect(error.stacktrace).toBe(thrown.stack!.split('\n').slice(1).join('\n'));
      expect(Object.keys(error).at(-1)).toBe('stacktrace'); // last, after the values, as zap
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
      const seconds = epoch.json()[0].ts as number;
      expect(typeof seconds).toBe('number');
      expect(seconds * 1000).toBeGreaterThanOrEqual(before);
      expect(seconds * 1000).toBeLessThanOrEqual(after);
      const ms = millis.json()[0].ts as number;
      expect(typeof ms).toBe('number');
      expect(ms).toBeGreaterThanOrEqual(before);
      expect(ms).toBeLessThanOrEqual(after);
      // Nanoseconds exceed 2^53: a JSON integer, read here from the text.
      const ns = /"ts":(\d+),/.exec(nanos.lines[0])![1];
      expect(BigInt(ns)).toBeGreaterThanOrEqual(BigInt(before) * 1_000_000n);
      expect(BigInt(ns)).toBeLessThanOrEqual(BigInt(after) * 1_000_000n);

      const iso = loggerFrom(['--zap-time-encoding=iso8601']);
      iso.logger.info('x');
      expect(iso.json()[0].ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d{4})$/);
      const nano = loggerFrom(['--zap-time-encoding=rfc3339nano']);
      nano.logger.info('x');
      expect(nano.json()[0].ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?(Z|[+-]\d\d:\d\d)$/);

      // Console lines write float seconds as Go prints a float64: 1.7...e+09.
      const console = loggerFrom(['--zap-devel', '--zap-time-encoding=epoch']);
      console.logger.info('x');
      expect(console.lines[0]).toMatch(/^1\.\d+e\+09\tINFO\tx\n$/);
    });
  });

  it('names unknown flags, missing values and bad booleans', () => {
    expect(() => parseManagerFlags(['--metrics-addr=:8080'], strict)).toThrow(/unknown flag --metrics-addr/);
    expect(() => parseManagerFlags(['--health-probe-bind-address'], strict)).toThrow(/--health-probe-bind-address needs a value/);
    expect(() => parseManagerFlags(['--leader-elect=yes'], strict)).toThrow(/"yes" is not a boolean/);
    expect(() => parseManagerFlags(['--constructor'], strict)).toThrow(/unknown flag --constructor/); // not Object.prototype's
  });

  it('throws FlagErrors that carry the reason, the usage and the exit code a Go binary would use', () => {
    const unknown = flagError(['--metrics-addr=:8080']);
    expect(unknown).toMatchObject({ reason: 'unknown flag --metrics-addr', usage: managerFlagsUsage(), help: false, exitCode: 2 });
    expect(unknown.message).toBe(`unknown flag --metrics-addr\nflags:\n${managerFlagsUsage()}`);
    expect(flagError(['--zap-encoder=xml'])).toMatchObject({ help: false, exitCode: 2, message: expect.stringMatching(/^invalid value "xml" for flag --zap-encoder/) });
    expect(flagError(['--kubeconfig'])).toMatchObject({ reason: 'flag --kubeconfig needs a value', exitCode: 2 });
    expect(flagError(['positional'])).toMatchObject({ reason: 'unexpected argument "positional"', exitCode: 2 });
  });

  it('asks for the usage on -h, -help and --help (as Go\'s flag package), also after other flags', () => {
    for (const argv of [['-h'], ['--h'], ['-help'], ['--help'], ['--leader-elect', '--help'], ['--help=true']]) {
      expect(flagError(argv), argv.join(' ')).toMatchObject({ help: true, exitCode: 0, reason: 'flag: help requested', usage: managerFlagsUsage() });
    }
    // A project flag named help is the project's.
    expect(parseManagerFlags(['--help'], { extra: { help: { type: 'boolean' } } }).extra.help).toBe(true);
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
          parseManagerFlags(['--tcp-configmap=x', '--udp-configmap=y'], { extra, ...strict });
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
      expect(() => parseManagerFlags(['--max-ports=many'], { extra, ...strict })).toThrow(/flag --max-ports: "many" is not a number/);
      expect(() => parseManagerFlags(['--tcp-configmap'], { extra, ...strict })).toThrow(/flag --tcp-configmap needs a value/);
      expect(() => parseManagerFlags(['--dry-run=maybe'], { extra, ...strict })).toThrow(/flag --dry-run: "maybe" is not a boolean/);
      expect(flagError(['--help'], extra).usage).toBe(managerFlagsUsage(extra));
    });

    it('refuses extra definitions that clash with the manager\'s flags', () => {
      expect(() => parseManagerFlags([], { extra: { 'leader-elect': { type: 'boolean' } } })).toThrow(/extra flag --leader-elect is already a manager flag/);
      expect(() => parseManagerFlags([], { extra: { 'Bad_Name': { type: 'string' } } })).toThrow(/extra flag "Bad_Name"/);
      expect(() => parseManagerFlags([], { extra: { 'enable-http2': { type: 'boolean' } } })).toThrow(/extra flag --enable-http2 is already a manager flag/);
      // A programming error, not a command-line one: thrown even where a bad command line exits.
      expect(() => parseManagerFlags([], { extra: { 'leader-elect': { type: 'boolean' } }, errorHandling: 'exit' })).toThrow(/already a manager flag/);
    });
  });

  describe('in a real process, as a generated main.ts calls it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flags-'));
    // The compiled package, as a generated project runs it (vitest's global setup compiles dist/
    // when it is older than src/); plain JavaScript, so no TypeScript loader in each process.
    // .mjs: the temporary directory has no package.json saying "type": "module".
    const script = path.join(dir, 'main.mjs');
    writeFileSync(
      script,
      `import { parseManagerFlags } from ${JSON.stringify(pathToFileURL(path.resolve('dist/src/runtime/index.js')).href)};
const flags = parseManagerFlags(process.argv.slice(2), {
  extra: { 'tcp-configmap': { type: 'string', default: 'tcp-services', help: 'name of the TCP services ConfigMap' }, 'max-ports': { type: 'number' } },
});
console.log('PARSED ' + JSON.stringify(flags));
`,
    );

    function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
        child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    }
    const usage = `Usage of main.mjs:\n${managerFlagsUsage({
      'tcp-configmap': { type: 'string', default: 'tcp-services', help: 'name of the TCP services ConfigMap' },
      'max-ports': { type: 'number' },
    })}\n`;

    it('-h, -help and --help print the usage with the project\'s flags to stderr and exit 0, without a stack trace', async () => {
      const results = await Promise.all([run('--help'), run('-h'), run('-help'), run('--leader-elect', '--help')]);
      for (const r of results) {
        expect(r).toEqual({ code: 0, stdout: '', stderr: usage });
      }
      expect(usage).toMatch(/\n {2}--tcp-configmap <string>\tname of the TCP services ConfigMap \(default "tcp-services"\)\n/);
      expect(usage).toMatch(/\n {2}--max-ports <number>\n/);
      expect(usage).toMatch(/\n {2}--metrics-bind-address <value>\t/);
    }, 60_000);

    it('an unknown flag, a missing value or a bad value prints the problem and the usage to stderr and exits 2, without a stack trace', async () => {
      const [unknown, missing, bad, badExtra] = await Promise.all([
        run('--leader-elect', '--metrics-addr=:8080'),
        run('--kubeconfig'),
        run('--leader-elect=yes'),
        run('--max-ports', 'many'),
      ]);
      expect(unknown).toEqual({ code: 2, stdout: '', stderr: `unknown flag --metrics-addr\n${usage}` });
      expect(missing).toEqual({ code: 2, stdout: '', stderr: `flag --kubeconfig needs a value\n${usage}` });
      expect(bad).toEqual({ code: 2, stdout: '', stderr: `flag --leader-elect: "yes" is not a boolean (true or false)\n${usage}` });
      expect(badExtra).toEqual({ code: 2, stdout: '', stderr: `flag --max-ports: "many" is not a number\n${usage}` });
    }, 60_000);

    it('a good command line runs on', async () => {
      const r = await run('--enable-http2', '--tcp-configmap=infra/tcp', '--max-ports', '8');
      expect(r.code).toBe(0);
      const parsed = JSON.parse(/^PARSED (.*)$/m.exec(r.stdout)![1]) as Record<string, unknown>;
      expect(parsed).toMatchObject({ enableHTTP2: true, extra: { 'tcp-configmap': 'infra/tcp', 'max-ports': 8 } });
    }, 60_000);
  });
});
