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
// stream configuration lives. They are parseManagerFlags' `extra` flags, so the manager parses them
// with its own (one usage message, unknown flags still refused); streamTargets turns their values
// into the objects the controller edits.
import type { ExtraFlagValues, ExtraFlags } from 'kubescaffolder/runtime';

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

/** This operator's flags, for `parseManagerFlags(argv, { extra: streamFlags })`; the defaults are ingress-nginx's. */
export const streamFlags = {
  'ingress-namespace': { type: 'string', default: 'ingress-nginx', help: 'namespace of the three objects below when they name none' },
  'tcp-configmap': { type: 'string', default: 'tcp-services', help: '[namespace/]name of the TCP services ConfigMap' },
  'udp-configmap': { type: 'string', default: 'udp-services', help: '[namespace/]name of the UDP services ConfigMap' },
  'ingress-service': { type: 'string', default: 'ingress-nginx-controller', help: '[namespace/]name of the ingress controller Service' },
} as const satisfies ExtraFlags;

function toRef(value: string, defaultNamespace: string, flag: string): ObjectRef {
  const parts = value.split('/');
  if (parts.length > 2 || parts.some((p) => p === '')) throw new Error(`flag --${flag}: "${value}" is not [namespace/]name`);
  return parts.length === 2 ? { namespace: parts[0], name: parts[1] } : { namespace: defaultNamespace, name: parts[0] };
}

/** The objects named by the `extra` values of `parseManagerFlags(argv, { extra: streamFlags })`. */
export function streamTargets(values: ExtraFlagValues<typeof streamFlags>): StreamTargets {
  const namespace = values['ingress-namespace'];
  return {
    tcpConfigMap: toRef(values['tcp-configmap'], namespace, 'tcp-configmap'),
    udpConfigMap: toRef(values['udp-configmap'], namespace, 'udp-configmap'),
    ingressService: toRef(values['ingress-service'], namespace, 'ingress-service'),
  };
}
