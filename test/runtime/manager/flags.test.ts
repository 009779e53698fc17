import { describe, expect, expectTypeOf, it } from 'vitest';
import { parseManagerFlags } from '../../../src/runtime/index.js';

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
    // Still accepted without effect: HTTP/2 stays off, and the stack trace level and time format are fixed.
    expect(parseManagerFlags(['--enable-http2', '--zap-stacktrace-level=error', '--zap-time-encoding', 'iso8601'])).toEqual(parseManagerFlags([]));
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
