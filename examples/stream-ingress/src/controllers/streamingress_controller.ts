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

import type { V1ConfigMap, V1Service } from '@kubernetes/client-node';
import {
  type Client,
  type Kind,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  type Scheme,
  ConfigMap,
  Service,
  addFinalizer,
  controllerManagedBy,
  handler,
  ignoreNotFound,
  isConflict,
  isNotFound,
  jsonEqual,
  predicate,
  removeFinalizer,
  setStatusCondition,
  type Wire,
} from 'kubescaffolder/runtime';
import { StreamIngress, type StreamListener, type StreamIngressStatus } from '../../api/v1beta1/index.js';
import type { ObjectRef, StreamTargets } from '../stream_flags.js';
import { closePort, exposesPort, forwardTarget, listenerKey, openPort, protocolOf, upstreamKey, upstreamOf } from './listeners.js';

/** Cache index of StreamIngresses by `<protocol>/<listen>` (the write-up's "listen" index). */
export const listenerIndex = 'spec.listener';
/** Cache index of StreamIngresses by the `<namespace>/<name>` of the upstream Service they check. */
export const upstreamIndex = 'spec.upstream';

/** Held until the port is closed and its ConfigMap line removed. */
export const finalizerName = 'nginx-stream.jeffthecoder.xyz/release-port';

export const conditionPortAvailable = 'PortAvailable';
export const conditionUpstreamAvailable = 'UpstreamAvailable';
export const conditionReady = 'Ready';

// StreamIngresses (and their status and finalizer); the ingress controller's Services and
// ConfigMaps, which it reads and updates; upstream Services, which it reads.
// +kubebuilder:rbac:groups=nginx-stream.jeffthecoder.xyz,resources=streamingresses,verbs=get;list;watch;update
// +kubebuilder:rbac:groups=nginx-stream.jeffthecoder.xyz,resources=streamingresses/status,verbs=update
// +kubebuilder:rbac:groups=nginx-stream.jeffthecoder.xyz,resources=streamingresses/finalizers,verbs=update
// +kubebuilder:rbac:groups="",resources=services;configmaps,verbs=get;list;watch;update

/** The outcome of one check: a condition without its type. */
type Check = { status: 'True' | 'False'; reason: string; message: string };

/**
 * StreamIngressReconciler opens one port of the ingress controller per StreamIngress: it checks
 * that no older StreamIngress listens on the same protocol and port and that the upstream Service
 * exists and exposes the upstream port, then adds the port to the ingress Service and the line
 * `<listen>: <namespace>/<service>:<port>` to the TCP or UDP ConfigMap, and reports each outcome
 * as a status condition. When the StreamIngress goes (or moves to another port, or fails a
 * check), the port it held is released.
 */
export class StreamIngressReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme, readonly targets: StreamTargets) {}

  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    try {
      return await this.sync(req, ctx);
    } catch (err) {
      // Someone else wrote one of the objects since the cache saw it: read again and start over.
      if (isConflict(err)) return { requeue: true };
      throw err;
    }
  }

  private async sync(req: Request, ctx: ReconcileContext): Promise<Result> {
    let ingress: StreamIngress;
    try {
      ingress = await this.client.get(StreamIngress, req);
    } catch (err) {
      if (isNotFound(err)) return {};
      throw err;
    }

    if (ingress.metadata?.deletionTimestamp) {
      if (ingress.status?.listener) await this.release(ingress, ingress.status.listener, ctx);
      // NotFound: an earlier pass released it already and the cache had not seen it go.
      if (removeFinalizer(ingress, finalizerName)) await this.client.update(StreamIngress, ingress).catch(ignoreNotFound);
      return {};
    }
    if (addFinalizer(ingress, finalizerName)) ingress = await this.client.update(StreamIngress, ingress);
    const before: StreamIngressStatus = structuredClone(ingress.status ?? {});

    const protocol = protocolOf(ingress);
    const wanted: StreamListener = { protocol, port: ingress.spec.listen };
    const port = await this.checkPort(ingress);
    const upstream = await this.checkUpstream(ingress);
    const conditions: Record<string, Check> = { [conditionPortAvailable]: port, [conditionUpstreamAvailable]: upstream };

    // A port held for an older spec, or one this StreamIngress may no longer hold, is released first.
    const held = ingress.status?.listener;
    const mayHold = port.status === 'True' && upstream.status === 'True';
    if (held && (!mayHold || held.protocol !== wanted.protocol || held.port !== wanted.port)) {
      await this.release(ingress, held, ctx);
      ingress.status = { ...ingress.status, listener: undefined };
    }
    if (!mayHold) {
      const failed = port.status === 'False' ? port : upstream;
      return this.report(ingress, before, { ...conditions, [conditionReady]: { status: 'False', reason: failed.reason, message: failed.message } });
    }

    const configMapRef = protocol === 'UDP' ? this.targets.udpConfigMap : this.targets.tcpConfigMap;
    const service = await this.getOptional(Service, this.targets.ingressService);
    const configMap = await this.getOptional(ConfigMap, configMapRef);
    if (!service || !configMap) {
      const { ingressService } = this.targets;
      const missing: Check = !service
        ? { status: 'False', reason: 'IngressServiceNotFound', message: `Service ${ingressService.namespace}/${ingressService.name} of the ingress controller does not exist` }
        : { status: 'False', reason: 'ConfigMapNotFound', message: `ConfigMap ${configMapRef.namespace}/${configMapRef.name} of the ingress controller does not exist` };
      // The watches on Services and ConfigMaps bring it back here when it is created.
      return this.report(ingress, before, { ...conditions, [conditionReady]: missing });
    }

    if (openPort(service, protocol, wanted.port)) {
      await this.client.update(Service, service);
      ctx.log.info('opened port on the ingress Service', { listener: listenerKey(protocol, wanted.port) });
    }
    const target = forwardTarget(ingress);
    const key = String(wanted.port);
    if (configMap.data?.[key] !== target) {
      configMap.data = { ...configMap.data, [key]: target };
      await this.client.update(ConfigMap, configMap);
      ctx.log.info('forwarding', { listener: listenerKey(protocol, wanted.port), upstream: target });
    }

    ingress.status = { ...ingress.status, listener: wanted };
    return this.report(ingress, before, {
      ...conditions,
      [conditionReady]: { status: 'True', reason: 'Configured', message: `${listenerKey(protocol, wanted.port)} is forwarded to ${target}` },
    });
  }

  /** PortAvailable: the oldest live StreamIngress on a protocol and port holds it; the others wait. */
  private async checkPort(ingress: StreamIngress): Promise<Check> {
    const key = listenerKey(protocolOf(ingress), ingress.spec.listen);
    const holder = await this.holderOf(key, ingress);
    if (holder && holder.metadata?.uid !== ingress.metadata?.uid) {
      return { status: 'False', reason: 'PortConflict', message: `${key} is taken by StreamIngress ${holder.metadata?.namespace}/${holder.metadata?.name}` };
    }
    return { status: 'True', reason: 'PortFree', message: `no other StreamIngress listens on ${key}` };
  }

  /** The StreamIngress that holds `key`: the oldest one not being deleted, `candidate` included. */
  private async holderOf(key: string, candidate?: StreamIngress): Promise<StreamIngress | undefined> {
    const claims = await this.client.list(StreamIngress, { matchingFields: { [listenerIndex]: key } });
    const live = claims.filter((i) => !i.metadata?.deletionTimestamp && i.metadata?.uid !== candidate?.metadata?.uid);
    if (candidate) live.push(candidate);
    return live.sort(olderFirst)[0];
  }

  /** UpstreamAvailable: the Service exists and has the port (unless spec.isService is false). */
  private async checkUpstream(ingress: StreamIngress): Promise<Check> {
    const u = upstreamOf(ingress);
    if (ingress.spec.isService === false) {
      return { status: 'True', reason: 'NotChecked', message: 'spec.isService is false: the upstream is not checked' };
    }
    const service = await this.getOptional(Service, u);
    if (!service) return { status: 'False', reason: 'ServiceNotFound', message: `Service ${u.namespace}/${u.name} does not exist` };
    // The upstream's protocol is the StreamIngress's: nginx forwards TCP to TCP and UDP to UDP.
    if (!exposesPort(service, protocolOf(ingress), u.port)) {
      return { status: 'False', reason: 'PortNotExposed', message: `Service ${u.namespace}/${u.name} has no ${protocolOf(ingress)} port ${u.port}` };
    }
    return { status: 'True', reason: 'ServiceFound', message: `Service ${u.namespace}/${u.name} exposes ${protocolOf(ingress)} port ${u.port}` };
  }

  /**
   * Closes a port this StreamIngress held and removes its ConfigMap line, unless another live
   * StreamIngress holds that port now (it has rewritten both for itself).
   */
  private async release(ingress: StreamIngress, listener: StreamListener, ctx: ReconcileContext): Promise<void> {
    const key = listenerKey(listener.protocol, listener.port);
    const holder = await this.holderOf(key);
    if (holder && holder.metadata?.uid !== ingress.metadata?.uid) return;

    const service = await this.getOptional(Service, this.targets.ingressService);
    if (service && closePort(service, listener.protocol, listener.port)) await this.client.update(Service, service);
    const configMap = await this.getOptional(ConfigMap, listener.protocol === 'UDP' ? this.targets.udpConfigMap : this.targets.tcpConfigMap);
    const line = String(listener.port);
    if (configMap?.data && line in configMap.data) {
      const data = { ...configMap.data };
      delete data[line];
      configMap.data = data;
      await this.client.update(ConfigMap, configMap);
    }
    ctx.log.info('released port', { listener: key });
  }

  /** Writes the conditions (and any status change made before) when they differ from the stored status. */
  private async report(ingress: StreamIngress, before: StreamIngressStatus, checks: Record<string, Check>): Promise<Result> {
    const status: StreamIngressStatus = structuredClone({ ...ingress.status });
    if (status.listener === undefined) delete status.listener;
    status.conditions ??= [];
    for (const [type, check] of Object.entries(checks)) {
      // lastTransitionTime is filled in by setStatusCondition (a string, as the API serves it).
      setStatusCondition(status.conditions, { type, observedGeneration: ingress.metadata?.generation, ...check });
    }
    if (jsonEqual(status, before)) return {};
    ingress.status = status;
    await this.client.status().update(StreamIngress, ingress);
    return {};
  }

  private async getOptional<T>(kind: Kind<T>, ref: ObjectRef): Promise<T | undefined> {
    try {
      return await this.client.get(kind, ref);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** StreamIngresses whose port may have been freed or taken by a change of `changed`. */
  private async rivalsOf(changed: StreamIngress): Promise<Request[]> {
    const claims = await this.client.list(StreamIngress, { matchingFields: { [listenerIndex]: listenerKey(protocolOf(changed), changed.spec.listen) } });
    return claims.filter((i) => i.metadata?.uid !== changed.metadata?.uid).map(requestFor);
  }

  /** StreamIngresses to check again when a Service changes: all of them for the ingress Service, else those forwarding to it. */
  private async usersOf(service: Wire<V1Service>): Promise<Request[]> {
    const ref = { namespace: service.metadata!.namespace!, name: service.metadata!.name! };
    if (sameRef(ref, this.targets.ingressService)) return (await this.client.list(StreamIngress)).map(requestFor);
    return (await this.client.list(StreamIngress, { matchingFields: { [upstreamIndex]: `${ref.namespace}/${ref.name}` } })).map(requestFor);
  }

  /** StreamIngresses of the protocol whose ConfigMap changed. */
  private async readersOf(configMap: Wire<V1ConfigMap>): Promise<Request[]> {
    const ref = { namespace: configMap.metadata!.namespace!, name: configMap.metadata!.name! };
    const protocol = sameRef(ref, this.targets.tcpConfigMap) ? 'TCP' : sameRef(ref, this.targets.udpConfigMap) ? 'UDP' : undefined;
    if (!protocol) return [];
    return (await this.client.list(StreamIngress)).filter((i) => protocolOf(i) === protocol).map(requestFor);
  }

  /**
   * Registers the two cache indexes and watches StreamIngresses, their rivals on a port, Services
   * (upstreams and the ingress Service) and the two ConfigMaps.
   */
  async setupWithManager(mgr: Manager) {
    mgr.getFieldIndexer().indexField(StreamIngress, listenerIndex, (i) => listenerKey(protocolOf(i), i.spec.listen));
    mgr.getFieldIndexer().indexField(StreamIngress, upstreamIndex, (i) => (i.spec.isService === false ? undefined : upstreamKey(i)));
    return controllerManagedBy(mgr)
      .for(StreamIngress)
      .watches(StreamIngress, handler.enqueueRequestsFromMapFunc((i: StreamIngress) => this.rivalsOf(i)), { predicates: [predicate.generationChanged<StreamIngress>()] })
      .watches(Service, handler.enqueueRequestsFromMapFunc((s: Wire<V1Service>) => this.usersOf(s)))
      .watches(ConfigMap, handler.enqueueRequestsFromMapFunc((c: Wire<V1ConfigMap>) => this.readersOf(c)))
      .named('streamingress')
      .complete(this);
  }
}

function olderFirst(a: StreamIngress, b: StreamIngress): number {
  const created = (i: StreamIngress) => new Date(i.metadata?.creationTimestamp ?? 0).getTime();
  return created(a) - created(b) || `${a.metadata?.namespace}/${a.metadata?.name}`.localeCompare(`${b.metadata?.namespace}/${b.metadata?.name}`);
}

function requestFor(ingress: StreamIngress): Request {
  return { namespace: ingress.metadata!.namespace!, name: ingress.metadata!.name! };
}

function sameRef(a: ObjectRef, b: ObjectRef): boolean {
  return a.namespace === b.namespace && a.name === b.name;
}
