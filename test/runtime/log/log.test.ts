import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReconcileContext } from '../../../src/runtime/controller/types.js';
import {
  ConsoleSink,
  JsonSink,
  Logger,
  log,
  newLogger,
  parseLogFlags,
  reconcileLogger,
  setLogger,
  type LogEntry,
  type LogSink,
  type TimeEncoding,
} from '../../../src/runtime/log/index.js';

function capture(options: { development?: boolean; level?: 'error' | 'info' | 'debug' | number } = {}) {
  const lines: string[] = [];
  const logger = newLogger({ ...options, output: { write: (line: string) => lines.push(line) } });
  return { logger, lines, json: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('JSON logger', () => {
  it('writes one JSON object per line with level, ts, logger, msg, values and error', () => {
    const { logger, json } = capture();
    const named = logger.withName('controller-runtime').withName('metrics').withValues({ a: 1 });
    named.info('Starting metrics server', { bindAddress: ':8080' });
    named.error(new Error('boom'), 'failed', { attempt: 2 });
    const [info, error] = json();
    expect(info).toMatchObject({
      level: 'info',
      logger: 'controller-runtime.metrics',
      msg: 'Starting metrics server',
      a: 1,
      bindAddress: ':8080',
    });
    expect(Date.parse(String(info.ts))).not.toBeNaN();
    expect(error).toMatchObject({ level: 'error', msg: 'failed', a: 1, attempt: 2, error: 'boom' });
  });

  it('filters by level: info hides debug and v(1); debug shows them; errors always show', () => {
    const info = capture();
    info.logger.debug('hidden');
    info.logger.v(1).info('hidden too');
    info.logger.info('shown');
    expect(info.json().map((e) => e.msg)).toEqual(['shown']);
    expect(info.logger.v(1).enabled()).toBe(false);

    const debug = capture({ level: 'debug' });
    debug.logger.debug('d');
    debug.logger.v(1).info('v1');
    debug.logger.v(2).info('v2 hidden');
    expect(debug.json().map((e) => [e.level, e.msg])).toEqual([['debug', 'd'], ['debug', 'v1']]);

    const errorsOnly = capture({ level: 'error' });
    errorsOnly.logger.info('hidden');
    errorsOnly.logger.error('plain string thrown', 'still shown');
    expect(errorsOnly.json()).toMatchObject([{ level: 'error', msg: 'still shown', error: 'plain string thrown' }]);
  });

  it('does not let withValues change the parent, and survives cycles and bigints', () => {
    const { logger, json } = capture();
    const child = logger.withValues({ k: 'child' });
    logger.info('parent');
    const cyclic: Record<string, unknown> = { n: 10n };
    cyclic.self = cyclic;
    child.info('child', { cyclic });
    const [parent, c] = json();
    expect(parent).not.toHaveProperty('k');
    expect(c).toMatchObject({ k: 'child', cyclic: { n: '10', self: '[Circular]' } });
  });
});

describe('development logger', () => {
  it('writes tab-separated readable lines with the stack of errors, at debug level', () => {
    const { logger, lines } = capture({ development: true });
    logger.withName('setup').debug('details', { x: 'y' });
    logger.error(new Error('bad thing'), 'unable to start manager');
    expect(lines[0]).toMatch(/^\S+Z\tDEBUG\tsetup\tdetails\t\{"x":"y"\}\n$/);
    expect(lines[1]).toMatch(/^\S+Z\tERROR\tunable to start manager\t\{"error":"bad thing"\}\n\s+at /);
  });
});

describe('reconcile context and the root logger', () => {
  it('carries controller-runtime reconcile keys and a reconcile ID', () => {
    const { logger, json } = capture();
    const { log: rlog, reconcileID } = reconcileLogger(logger, {
      controller: 'cronjob',
      group: 'batch.my.domain',
      kind: 'CronJob',
      namespace: 'default',
      name: 'nightly',
    });
    const asReconcileLogger: ReconcileContext['log'] = rlog;
    asReconcileLogger.info('reconciling');
    expect(reconcileID).toMatch(/^[0-9a-f-]{36}$/);
    expect(json()[0]).toEqual({
      level: 'info',
      ts: expect.any(String),
      msg: 'reconciling',
      controller: 'cronjob',
      controllerGroup: 'batch.my.domain',
      controllerKind: 'CronJob',
      CronJob: { name: 'nightly', namespace: 'default' },
      namespace: 'default',
      name: 'nightly',
      reconcileID,
    });
  });

  it('makes a deferred logger once, at its first use, and then logs and derives as the made one', () => {
    const { logger, json } = capture({ level: 'info' });
    let made = 0;
    const deferred = Logger.deferred(() => {
      made++;
      return logger.withName('ctl').withValues({ reconcileID: 'r-1' });
    });
    expect(made).toBe(0);
    expect(deferred.enabled()).toBe(true);
    expect(made).toBe(1);
    deferred.info('first');
    deferred.v(1).info('hidden at info level');
    deferred.withName('sub').withValues({ step: 2 }).error(new Error('boom'), 'second');
    expect(made).toBe(1);
    expect(json()).toEqual([
      expect.objectContaining({ level: 'info', logger: 'ctl', msg: 'first', reconcileID: 'r-1' }),
      expect.objectContaining({ level: 'error', logger: 'ctl.sub', msg: 'second', reconcileID: 'r-1', step: 2, error: 'boom' }),
    ]);
    // Each use path makes it: a deferred logger first used by error() or withValues() logs the same.
    const viaError = Logger.deferred(() => logger.withValues({ reconcileID: 'r-2' }));
    viaError.error(new Error('bad'), 'third');
    const viaDerive = Logger.deferred(() => logger.withValues({ reconcileID: 'r-3' })).withValues({ x: 1 });
    viaDerive.info('fourth');
    expect(json().slice(2)).toEqual([
      expect.objectContaining({ msg: 'third', reconcileID: 'r-2' }),
      expect.objectContaining({ msg: 'fourth', reconcileID: 'r-3', x: 1 }),
    ]);
  });

  it('builds the reconcile context of a reconcile logger only when the logger is used', () => {
    const { logger, json } = capture();
    const built = vi.spyOn(Logger.prototype, 'withValues');
    try {
      const { log: rlog, reconcileID } = reconcileLogger(logger, { controller: 'c', namespace: '', name: 'n' });
      expect(built).not.toHaveBeenCalled();
      rlog.info('now');
      expect(built).toHaveBeenCalledTimes(1);
      expect(json()[0]).toMatchObject({ msg: 'now', controller: 'c', namespace: '', name: 'n', reconcileID });
    } finally {
      built.mockRestore();
    }
  });

  it('routes loggers taken before setLogger to the sink chosen later', () => {
    const early: Logger = log.withName('early');
    const entries: LogEntry[] = [];
    const sink: LogSink = { enabled: () => true, write: (e) => entries.push(e) };
    setLogger(sink);
    try {
      early.withValues({ a: 1 }).v(3).info('hello');
      expect(entries).toMatchObject([{ name: 'early', msg: 'hello', level: 'debug', verbosity: 3, values: { a: 1 } }]);
    } finally {
      setLogger({ level: 'error', output: { write: () => true } });
    }
  });
});

describe('parseLogFlags', () => {
  it('reads the zap flags kubebuilder binds, over defaults', () => {
    expect(parseLogFlags(['--leader-elect', '--zap-log-level=debug'], { development: true })).toEqual({ development: true, level: 'debug' });
    expect(parseLogFlags(['--zap-devel=false', '--zap-encoder', 'console', '--zap-log-level', '3'])).toEqual({
      development: false,
      encoder: 'console',
      level: 3,
    });
    expect(() => parseLogFlags(['--zap-log-level=loud'])).toThrow(/invalid value "loud" for flag --zap-log-level/);
    expect(() => parseLogFlags(['--zap-encoder'])).toThrow(/flag --zap-encoder needs a value/);
  });

  it('reads --zap-stacktrace-level and --zap-time-encoding, naming the flag and the accepted values when wrong', () => {
    expect(parseLogFlags(['--zap-stacktrace-level', 'info', '--zap-time-encoding=Millis'])).toEqual({ stacktraceLevel: 'info', timeEncoding: 'millis' });
    expect(() => parseLogFlags(['--zap-stacktrace-level=debug'])).toThrow(/invalid value "debug" for flag --zap-stacktrace-level: expected info, error or panic/);
    expect(() => parseLogFlags(['--zap-time-encoding=nano'])).toThrow(/for flag --zap-time-encoding: expected epoch, millis, nanos, iso8601, rfc3339 or rfc3339nano/);
  });

  it('chooses the format by encoder and the level by development mode', () => {
    const lines: string[] = [];
    const output = { write: (line: string) => lines.push(line) };
    newLogger({ development: true, encoder: 'json', output }).debug('dev json');
    newLogger({ encoder: 'console', output }).debug('hidden at info');
    newLogger({ encoder: 'console', output }).info('console at info');
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'debug', msg: 'dev json' });
    expect(lines[1]).toMatch(/\tINFO\tconsole at info\n$/);
    expect(lines).toHaveLength(2);
  });
});

describe('time encodings', () => {
  const entry = (time: Date): LogEntry => ({ level: 'info', verbosity: 0, time, name: '', msg: 'm', values: {} });
  function written(encoding: TimeEncoding, time: Date): { json: string; console: string } {
    const lines: string[] = [];
    const output = { write: (line: string) => lines.push(line) };
    new JsonSink({ timeEncoding: encoding, output }).write(entry(time));
    new ConsoleSink({ timeEncoding: encoding, output }).write(entry(time));
    return { json: /^\{"level":"info","ts":(.*),"msg":"m"\}\n$/.exec(lines[0])![1], console: lines[1].split('\t')[0] };
  }
  const savedTZ = process.env.TZ;
  afterEach(() => {
    if (savedTZ === undefined) delete process.env.TZ;
    else process.env.TZ = savedTZ;
  });

  it('writes each of zap\'s encodings, in JSON and console lines, in the local time zone as Go does', () => {
    process.env.TZ = 'UTC';
    const t = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 670));
    expect(written('rfc3339', t)).toEqual({ json: '"2026-01-02T03:04:05Z"', console: '2026-01-02T03:04:05Z' });
    expect(written('rfc3339nano', t)).toEqual({ json: '"2026-01-02T03:04:05.67Z"', console: '2026-01-02T03:04:05.67Z' });
    expect(written('iso8601', t)).toEqual({ json: '"2026-01-02T03:04:05.670Z"', console: '2026-01-02T03:04:05.670Z' });
    expect(written('epoch', t)).toEqual({ json: '1767323045.67', console: '1.76732304567e+09' });
    expect(written('millis', t)).toEqual({ json: '1767323045670', console: '1.76732304567e+12' });
    expect(written('nanos', t)).toEqual({ json: '1767323045670000000', console: '1767323045670000000' });
    // No fraction at a whole second; rfc3339 (controller-runtime's default) in both sinks without an encoding.
    expect(written('rfc3339nano', new Date(Date.UTC(2026, 0, 2, 3, 4, 5))).json).toBe('"2026-01-02T03:04:05Z"');
    const lines: string[] = [];
    new JsonSink({ output: { write: (l: string) => lines.push(l) } }).write(entry(t));
    new ConsoleSink({ output: { write: (l: string) => lines.push(l) } }).write(entry(t));
    expect(lines).toEqual(['{"level":"info","ts":"2026-01-02T03:04:05Z","msg":"m"}\n', '2026-01-02T03:04:05Z\tINFO\tm\n']);

    process.env.TZ = 'Asia/Kolkata'; // +05:30, no daylight saving
    expect(written('rfc3339', t).console).toBe('2026-01-02T08:34:05+05:30');
    expect(written('iso8601', t).console).toBe('2026-01-02T08:34:05.670+0530');
    process.env.TZ = 'America/Sao_Paulo'; // -03:00, no daylight saving since 2019
    expect(written('rfc3339nano', t).console).toBe('2026-01-02T00:04:05.67-03:00');
    expect(written('epoch', t).json).toBe('1767323045.67'); // epochs know no zone
  });
});
