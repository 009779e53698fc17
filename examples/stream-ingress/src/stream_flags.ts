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

// The manager flags this operator adds to the scaffolded ones: where the ingress controller's
// stream configuration lives. parseManagerFlags refuses flags it does not know, so these are taken
// out of the command line first and the rest is handed on.

/** A namespaced object the controller edits. */
export interface ObjectRef {
  namespace: string;
  name: string;
}

/** The three objects of the ingress controller that StreamIngresses configure. */
export interface StreamTargets {
  /** The ConfigMap of TCP servers (ingress-nginx's --tcp-services-configmap). */
  tcpConfigMap: ObjectRef;
  /** The ConfigMap of UDP servers (ingress-nginx's --udp-services-configmap). */
  udpConfigMap: ObjectRef;
  /** The ingress controller's Service, which gets one port per StreamIngress. */
  ingressService: ObjectRef;
}

const flagNames = {
  'ingress-namespace': 'namespace of the three objects below when they name none (default "ingress-nginx")',
  'tcp-configmap': '[namespace/]name of the TCP services ConfigMap (default "tcp-services")',
  'udp-configmap': '[namespace/]name of the UDP services ConfigMap (default "udp-services")',
  'ingress-service': '[namespace/]name of the ingress controller Service (default "ingress-nginx-controller")',
} as const;

type FlagName = keyof typeof flagNames;

export function streamFlagsUsage(): string {
  return Object.entries(flagNames).map(([name, help]) => `  --${name} <value>\t${help}`).join('\n');
}

function toRef(value: string, defaultNamespace: string, flag: string): ObjectRef {
  const parts = value.split('/');
  if (parts.length > 2 || parts.some((p) => p === '')) throw new Error(`flag --${flag}: "${value}" is not [namespace/]name`);
  return parts.length === 2 ? { namespace: parts[0]!, name: parts[1]! } : { namespace: defaultNamespace, name: parts[0]! };
}

/** Takes this operator's flags (`--name value` or `--name=value`) out of `argv`; `rest` holds the others. */
export function parseStreamFlags(argv: readonly string[]): { targets: StreamTargets; rest: string[] } {
  const values: Partial<Record<FlagName, string>> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const m = /^--?([a-z0-9-]+)(?:=(.*))?$/.exec(arg);
    if (!m || !(m[1]! in flagNames)) {
      rest.push(arg);
      continue;
    }
    const name = m[1] as FlagName;
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`flag --${name} needs a value\n${streamFlagsUsage()}`);
    values[name] = value;
  }
  const namespace = values['ingress-namespace'] ?? 'ingress-nginx';
  return {
    targets: {
      tcpConfigMap: toRef(values['tcp-configmap'] ?? 'tcp-services', namespace, 'tcp-configmap'),
      udpConfigMap: toRef(values['udp-configmap'] ?? 'udp-services', namespace, 'udp-configmap'),
      ingressService: toRef(values['ingress-service'] ?? 'ingress-nginx-controller', namespace, 'ingress-service'),
    },
    rest,
  };
}
