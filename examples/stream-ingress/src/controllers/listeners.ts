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

// What a StreamIngress means for the ingress controller's objects, as pure functions: the keys of
// the cache indexes, the ConfigMap line, and the port on the ingress Service.
import type { V1Service, V1ServicePort } from '@kubernetes/client-node';
import type { Wire } from 'kubescaffolder/runtime';
import type { StreamIngress, StreamProtocol } from '../../api/v1beta1/index.js';

/** spec.protocol with the CRD's default. */
export function protocolOf(ingress: StreamIngress): StreamProtocol {
  return ingress.spec.protocol ?? 'TCP';
}

/** `TCP/8080`: the value of the listener index; two live StreamIngresses with one value conflict. */
export function listenerKey(protocol: StreamProtocol, port: number): string {
  return `${protocol}/${port}`;
}

/** The upstream Service, in the StreamIngress's namespace unless it names another. */
export function upstreamOf(ingress: StreamIngress): { namespace: string; name: string; port: number } {
  const { upstream } = ingress.spec;
  return { namespace: upstream.namespace || ingress.metadata!.namespace!, name: upstream.service, port: upstream.port };
}

/** `<namespace>/<service>`: the value of the upstream index. */
export function upstreamKey(ingress: StreamIngress): string {
  const u = upstreamOf(ingress);
  return `${u.namespace}/${u.name}`;
}

/** `<namespace>/<service>:<port>`: ingress-nginx's format for a line of tcp-services and udp-services. */
export function forwardTarget(ingress: StreamIngress): string {
  const u = upstreamOf(ingress);
  return `${u.namespace}/${u.name}:${u.port}`;
}

/** `tcp-8080`: a Service with several ports must name each. */
export function servicePortName(protocol: StreamProtocol, port: number): string {
  return `${protocol.toLowerCase()}-${port}`;
}

const sameListener = (p: V1ServicePort, protocol: StreamProtocol, port: number) => (p.protocol ?? 'TCP') === protocol && p.port === port;

/** Whether the Service has a port of this protocol and number. */
export function exposesPort(service: Wire<V1Service>, protocol: StreamProtocol, port: number): boolean {
  return (service.spec?.ports ?? []).some((p) => sameListener(p, protocol, port));
}

/** Opens `protocol/port` on the ingress Service, forwarded to the same container port. Returns whether it changed. */
export function openPort(service: Wire<V1Service>, protocol: StreamProtocol, port: number): boolean {
  const ports = (service.spec!.ports ??= []);
  const existing = ports.find((p) => sameListener(p, protocol, port));
  if (existing) {
    if (existing.targetPort === port) return false;
    existing.targetPort = port;
    return true;
  }
  ports.push({ name: servicePortName(protocol, port), protocol, port, targetPort: port });
  return true;
}

/** Closes `protocol/port` on the ingress Service. Returns whether it changed. */
export function closePort(service: Wire<V1Service>, protocol: StreamProtocol, port: number): boolean {
  const ports = service.spec?.ports ?? [];
  const kept = ports.filter((p) => !sameListener(p, protocol, port));
  if (kept.length === ports.length) return false;
  service.spec!.ports = kept;
  return true;
}
