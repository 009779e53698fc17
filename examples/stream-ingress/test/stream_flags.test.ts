/*
Copyright 2026 The stream-ingress Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

import { describe, expect, it } from 'vitest';
import { parseManagerFlags } from 'kubescaffolder/runtime';
import { streamFlags, streamTargets } from '../src/stream_flags.js';

/** What src/main.ts does with the command line, throwing where the process would print the usage and exit 2. */
function parse(argv: string[]) {
  const { extra, ...flags } = parseManagerFlags(argv, { extra: streamFlags, errorHandling: 'throw' });
  return { flags, targets: streamTargets(extra) };
}

describe('stream flags', () => {
  it("defaults to ingress-nginx's objects", () => {
    expect(parse([]).targets).toEqual({
      tcpConfigMap: { namespace: 'ingress-nginx', name: 'tcp-services' },
      udpConfigMap: { namespace: 'ingress-nginx', name: 'udp-services' },
      ingressService: { namespace: 'ingress-nginx', name: 'ingress-nginx-controller' },
    });
  });

  it('are parsed by parseManagerFlags along with the manager flags', () => {
    const { targets, flags } = parse(['--leader-elect', '--tcp-configmap=edge/tcp', '--ingress-namespace', 'nginx', '--udp-configmap', 'udp', '--health-probe-bind-address=:9090']);
    expect(targets.tcpConfigMap).toEqual({ namespace: 'edge', name: 'tcp' });
    expect(targets.udpConfigMap).toEqual({ namespace: 'nginx', name: 'udp' });
    expect(targets.ingressService).toEqual({ namespace: 'nginx', name: 'ingress-nginx-controller' });
    expect(flags).toMatchObject({ leaderElection: true, healthProbeBindAddress: ':9090' });
    expect(flags).not.toHaveProperty('extra');
  });

  it('refuses a value that is not [namespace/]name, or a missing value', () => {
    expect(() => parse(['--ingress-service=a/b/c'])).toThrow(/--ingress-service: "a\/b\/c" is not \[namespace\/\]name/);
    expect(() => parse(['--tcp-configmap'])).toThrow(/--tcp-configmap needs a value/);
  });

  it('still refuses unknown flags, listing these with the manager flags', () => {
    expect(() => parse(['--tcp-configmaps=x'])).toThrow(/unknown flag --tcp-configmaps[\s\S]*--leader-elect[\s\S]*--tcp-configmap <string>.*\(default "tcp-services"\)/);
  });
});
