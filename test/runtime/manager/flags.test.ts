import { describe, expect, it } from 'vitest';
import { parseManagerFlags } from '../../../src/runtime/index.js';

describe('parseManagerFlags', () => {
  it('has kubebuilder v4 defaults', () => {
    expect(parseManagerFlags([])).toEqual({
      metricsBindAddress: '0',
      healthProbeBindAddress: ':8081',
      leaderElection: false,
      development: false,
      metricsSecure: false,
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

  it('names unknown flags, missing values and bad booleans', () => {
    expect(() => parseManagerFlags(['--metrics-addr=:8080'])).toThrow(/unknown flag --metrics-addr/);
    expect(() => parseManagerFlags(['--health-probe-bind-address'])).toThrow(/--health-probe-bind-address needs a value/);
    expect(() => parseManagerFlags(['--leader-elect=yes'])).toThrow(/"yes" is not a boolean/);
  });
});
