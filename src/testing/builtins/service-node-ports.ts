/**
 * The node ports kube-apiserver's Service registry allocates (not scheme defaults, so a writer's
 * managedFields do not own them): each port of a NodePort Service, or of a LoadBalancer one that
 * allocates node ports, gets one from 30000-32767, and a LoadBalancer with externalTrafficPolicy
 * Local a healthCheckNodePort. An update that leaves a port's node port out keeps the one its
 * name had (patchAllocatedValues).
 */
import { childObject, isPlainObject, type KubeObject } from '../model/object.js';

type Obj = Record<string, unknown>;

const FIRST_NODE_PORT = 30000;
const LAST_NODE_PORT = 32767;

/** Ports handed out or asked for, in this process (no release, as with cluster IPs). */
const taken = new Set<number>();
let next = FIRST_NODE_PORT;

function allocate(): number {
  for (let tries = 0; tries <= LAST_NODE_PORT - FIRST_NODE_PORT; tries++) {
    const port = next;
    next = next === LAST_NODE_PORT ? FIRST_NODE_PORT : next + 1;
    if (!taken.has(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('no node port left in 30000-32767');
}

function needsNodePorts(spec: Obj): boolean {
  return spec.type === 'NodePort' || (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts !== false);
}

const portsOf = (spec: Obj): Obj[] => (Array.isArray(spec.ports) ? spec.ports.filter(isPlainObject) : []);

/** Node ports (and the health check port) for the ports of `service` that lack them. */
export function allocateNodePorts(service: KubeObject): void {
  const spec = childObject(service, 'spec');
  if (needsNodePorts(spec)) {
    for (const port of portsOf(spec)) {
      if (typeof port.nodePort === 'number' && port.nodePort !== 0) taken.add(port.nodePort);
      else port.nodePort = allocate();
    }
  }
  if (spec.type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local') {
    if (typeof spec.healthCheckNodePort === 'number' && spec.healthCheckNodePort !== 0) taken.add(spec.healthCheckNodePort);
    else spec.healthCheckNodePort = allocate();
  }
}

/** An update's ports without a node port take the one the stored port of their name had, when no other port uses it. */
export function keepNodePorts(current: KubeObject, next: KubeObject): void {
  const before = isPlainObject(current.spec) ? current.spec : {};
  const after = childObject(next, 'spec');
  if (!needsNodePorts(before) || !needsNodePorts(after)) return;
  const byName = new Map(portsOf(before).map((p) => [typeof p.name === 'string' ? p.name : '', p.nodePort]));
  const used = new Set(portsOf(after).map((p) => p.nodePort).filter((n) => typeof n === 'number' && n !== 0));
  for (const port of portsOf(after)) {
    if (typeof port.nodePort === 'number' && port.nodePort !== 0) continue;
    const old = byName.get(typeof port.name === 'string' ? port.name : '');
    if (typeof old === 'number' && old !== 0 && !used.has(old)) port.nodePort = old;
  }
  if (after.healthCheckNodePort === undefined && before.healthCheckNodePort !== undefined && after.externalTrafficPolicy === 'Local') after.healthCheckNodePort = before.healthCheckNodePort;
}
