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

// The controller runs in a manager against the in-process test API server, with the ingress
// controller's objects as ingress-nginx installs them: the Service ingress-nginx-controller and
// the ConfigMaps tcp-services and udp-services in the ingress-nginx namespace. Each test uses its
// own listen ports, since they all share these objects.
import type { V1Service, V1ServicePort } from '@kubernetes/client-node';
import { ConfigMap, Manager, Namespace, Service, builtinScheme, parseManagerFlags, type Client, type Reader, type Wire } from 'kubescaffolder/runtime';
import { eventually, startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as nginxstreamv1beta1 from '../../api/v1beta1/index.js';
import { StreamIngress, type StreamIngressSpec } from '../../api/v1beta1/index.js';
import { StreamIngressReconciler, finalizerName } from '../../src/controllers/streamingress_controller.js';
import { streamFlags, streamTargets } from '../../src/stream_flags.js';

const namespace = 'default';
const ingressNamespace = 'ingress-nginx';

describe('StreamIngress controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;
  let running: Promise<void>;
  let client: Client;
  let reader: Reader;

  beforeAll(async () => {
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], errorIfCRDPathMissing: true });
    const scheme = builtinScheme();
    nginxstreamv1beta1.addToScheme(scheme);
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
    client = mgr.getClient();
    reader = mgr.getAPIReader();

    await client.create(Namespace, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ingressNamespace } });
    await client.create(Service, {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'ingress-nginx-controller', namespace: ingressNamespace },
      spec: {
        selector: { 'app.kubernetes.io/name': 'ingress-nginx' },
        ports: [
          { name: 'http', protocol: 'TCP', port: 80, targetPort: 'http' },
          { name: 'https', protocol: 'TCP', port: 443, targetPort: 'https' },
        ],
      },
    });
    for (const name of ['tcp-services', 'udp-services']) {
      await client.create(ConfigMap, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ingressNamespace } });
    }
    await upstream('echo', [{ name: 'echo', protocol: 'TCP', port: 1234 }]);
    await upstream('dns', [{ name: 'dns', protocol: 'UDP', port: 53 }, { name: 'dns-tcp', protocol: 'TCP', port: 53 }]);

    // The same flags a deployment would pass; here ingress-nginx's defaults, spelled out.
    const { extra } = parseManagerFlags(['--ingress-namespace', ingressNamespace, '--tcp-configmap', 'tcp-services', '--udp-configmap', 'udp-services', '--ingress-service', 'ingress-nginx-controller'], { extra: streamFlags });
    const targets = streamTargets(extra);
    await new StreamIngressReconciler(client, mgr.getScheme(), targets).setupWithManager(mgr);
    running = mgr.start();
  });

  afterAll(async () => {
    mgr?.stop();
    await running;
    await env?.stop();
  });

  function upstream(name: string, ports: V1ServicePort[]): Promise<Wire<V1Service>> {
    return client.create(Service, { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace }, spec: { selector: { app: name }, ports } });
  }

  function createIngress(name: string, spec: StreamIngressSpec): Promise<StreamIngress> {
    return client.create(StreamIngress, { apiVersion: 'nginx-stream.jeffthecoder.xyz/v1beta1', kind: 'StreamIngress', metadata: { name, namespace }, spec });
  }

  const getIngress = (name: string) => reader.get(StreamIngress, { namespace, name });
  const condition = (i: StreamIngress, type: string) => i.status?.conditions?.find((c) => c.type === type);
  const ingressPorts = async () => (await reader.get(Service, { namespace: ingressNamespace, name: 'ingress-nginx-controller' })).spec?.ports ?? [];
  const portsOn = async (port: number) => (await ingressPorts()).filter((p) => p.port === port);
  const lines = async (configMap: 'tcp-services' | 'udp-services') => (await reader.get(ConfigMap, { namespace: ingressNamespace, name: configMap })).data ?? {};

  /** The StreamIngress once its Ready condition has `status` (and `reason`, if given). */
  function readyIs(name: string, status: 'True' | 'False', reason?: string): Promise<StreamIngress> {
    return eventually(async () => {
      const i = await getIngress(name);
      const ready = condition(i, 'Ready');
      return ready?.status === status && (!reason || ready.reason === reason) && ready.observedGeneration === i.metadata?.generation && i;
    }, `StreamIngress ${name} Ready=${status}${reason ? ` (${reason})` : ''}`);
  }

  it('opens the port on the ingress Service and forwards it in tcp-services (protocol defaults to TCP)', async () => {
    const created = await createIngress('tcp-echo', { listen: 8080, upstream: { service: 'echo', port: 1234 } });
    // The CRD's defaults.
    expect(created.spec.protocol).toBe('TCP');
    expect(created.spec.isService).toBe(true);

    const ready = await readyIs('tcp-echo', 'True', 'Configured');
    expect(condition(ready, 'Ready')?.message).toBe('TCP/8080 is forwarded to default/echo:1234');
    expect(condition(ready, 'PortAvailable')).toMatchObject({ status: 'True', reason: 'PortFree' });
    expect(condition(ready, 'UpstreamAvailable')).toMatchObject({ status: 'True', reason: 'ServiceFound' });
    expect(ready.status?.listener).toEqual({ protocol: 'TCP', port: 8080 });
    expect(ready.metadata?.finalizers).toEqual([finalizerName]);

    expect(await portsOn(8080)).toEqual([{ name: 'tcp-8080', protocol: 'TCP', port: 8080, targetPort: 8080 }]);
    expect((await lines('tcp-services'))['8080']).toBe('default/echo:1234');
    expect((await lines('udp-services'))['8080']).toBeUndefined();
    // The ports it did not open are untouched.
    expect((await ingressPorts()).map((p) => p.name)).toEqual(expect.arrayContaining(['http', 'https']));
  });

  it('closes the port and removes the line when the StreamIngress is deleted', async () => {
    await createIngress('short-lived', { listen: 8081, upstream: { service: 'echo', port: 1234 } });
    await readyIs('short-lived', 'True');
    expect((await lines('tcp-services'))['8081']).toBe('default/echo:1234');

    await client.delete(StreamIngress, await getIngress('short-lived'));
    await eventually(() => expect(getIngress('short-lived')).rejects.toMatchObject({ reason: 'NotFound' }), 'the StreamIngress to be gone');
    expect(await portsOn(8081)).toEqual([]);
    expect((await lines('tcp-services'))['8081']).toBeUndefined();
  });

  it('moves the port when spec.listen changes', async () => {
    await createIngress('mover', { listen: 8082, upstream: { service: 'echo', port: 1234 } });
    await readyIs('mover', 'True');
    await client.patch(StreamIngress, await getIngress('mover'), { spec: { listen: 8083 } }, { type: 'merge' });
    const moved = await eventually(async () => {
      const i = await readyIs('mover', 'True');
      return i.status?.listener?.port === 8083 && i;
    }, 'the listener to move to 8083');
    expect(moved.status?.listener).toEqual({ protocol: 'TCP', port: 8083 });
    expect(await portsOn(8082)).toEqual([]);
    expect((await lines('tcp-services'))['8082']).toBeUndefined();
    expect((await lines('tcp-services'))['8083']).toBe('default/echo:1234');
  });

  it('reports a port conflict on the younger of two StreamIngresses on one port, which takes over when the older goes', async () => {
    await upstream('echo-b', [{ name: 'echo', protocol: 'TCP', port: 4321 }]);
    await createIngress('first', { listen: 9000, upstream: { service: 'echo', port: 1234 } });
    await readyIs('first', 'True');
    await createIngress('second', { listen: 9000, upstream: { service: 'echo-b', port: 4321 } });

    const refused = await readyIs('second', 'False', 'PortConflict');
    expect(condition(refused, 'PortAvailable')).toMatchObject({ status: 'False', reason: 'PortConflict', message: 'TCP/9000 is taken by StreamIngress default/first' });
    expect(refused.status?.listener).toBeUndefined();
    expect((await lines('tcp-services'))['9000']).toBe('default/echo:1234');
    expect(condition(await getIngress('first'), 'PortAvailable')?.status).toBe('True');

    await client.delete(StreamIngress, await getIngress('first'));
    const takenOver = await readyIs('second', 'True', 'Configured');
    expect(condition(takenOver, 'PortAvailable')?.status).toBe('True');
    await eventually(async () => (await lines('tcp-services'))['9000'] === 'default/echo-b:4321', 'the line to forward to echo-b');
    expect(await portsOn(9000)).toEqual([{ name: 'tcp-9000', protocol: 'TCP', port: 9000, targetPort: 9000 }]);
  });

  it('waits for a missing upstream Service, and opens the port once it exists', async () => {
    await createIngress('early', { listen: 9100, upstream: { service: 'late', port: 7000 } });
    const waiting = await readyIs('early', 'False', 'ServiceNotFound');
    expect(condition(waiting, 'UpstreamAvailable')).toMatchObject({ status: 'False', reason: 'ServiceNotFound', message: 'Service default/late does not exist' });
    expect(await portsOn(9100)).toEqual([]);
    expect((await lines('tcp-services'))['9100']).toBeUndefined();

    // The Service watch brings the StreamIngress back: first without the port, then with it.
    const late = await upstream('late', [{ name: 'other', protocol: 'TCP', port: 7001 }]);
    const wrongPort = await readyIs('early', 'False', 'PortNotExposed');
    expect(condition(wrongPort, 'UpstreamAvailable')?.message).toBe('Service default/late has no TCP port 7000');

    await client.patch(Service, late, { spec: { ports: [{ name: 'other', protocol: 'TCP', port: 7001 }, { name: 'main', protocol: 'TCP', port: 7000 }] } }, { type: 'merge' });
    await readyIs('early', 'True', 'Configured');
    expect((await lines('tcp-services'))['9100']).toBe('default/late:7000');
  });

  it('closes the port when the upstream Service goes away', async () => {
    const doomed = await upstream('doomed', [{ name: 'main', protocol: 'TCP', port: 6000 }]);
    await createIngress('orphan', { listen: 9200, upstream: { service: 'doomed', port: 6000 } });
    await readyIs('orphan', 'True');

    await client.delete(Service, doomed);
    const lost = await readyIs('orphan', 'False', 'ServiceNotFound');
    expect(lost.status?.listener).toBeUndefined();
    expect(await portsOn(9200)).toEqual([]);
    expect((await lines('tcp-services'))['9200']).toBeUndefined();
  });

  it('forwards UDP through udp-services, beside a TCP StreamIngress on the same port number', async () => {
    await createIngress('dns-udp', { protocol: 'UDP', listen: 5353, upstream: { service: 'dns', port: 53 } });
    await createIngress('dns-tcp', { protocol: 'TCP', listen: 5353, upstream: { service: 'dns', port: 53 } });
    await readyIs('dns-udp', 'True', 'Configured');
    await readyIs('dns-tcp', 'True', 'Configured');

    expect((await lines('udp-services'))['5353']).toBe('default/dns:53');
    expect((await lines('tcp-services'))['5353']).toBe('default/dns:53');
    expect(await portsOn(5353)).toEqual(
      expect.arrayContaining([
        { name: 'udp-5353', protocol: 'UDP', port: 5353, targetPort: 5353 },
        { name: 'tcp-5353', protocol: 'TCP', port: 5353, targetPort: 5353 },
      ]),
    );
    expect(await portsOn(5353)).toHaveLength(2);
  });

  it('checks the upstream port with the StreamIngress protocol: a TCP-only port does not serve UDP', async () => {
    await createIngress('udp-to-tcp', { protocol: 'UDP', listen: 5400, upstream: { service: 'echo', port: 1234 } });
    const refused = await readyIs('udp-to-tcp', 'False', 'PortNotExposed');
    expect(condition(refused, 'UpstreamAvailable')?.message).toBe('Service default/echo has no UDP port 1234');
  });

  it('does not check the upstream when isService is false', async () => {
    await createIngress('external', { listen: 9300, isService: false, upstream: { namespace: 'elsewhere', service: 'db', port: 5432 } });
    const ready = await readyIs('external', 'True', 'Configured');
    expect(condition(ready, 'UpstreamAvailable')).toMatchObject({ status: 'True', reason: 'NotChecked' });
    expect((await lines('tcp-services'))['9300']).toBe('elsewhere/db:5432');
  });

  it('rejects an unknown protocol and out-of-range ports (CRD validation)', async () => {
    await expect(createIngress('sctp', { protocol: 'SCTP' as 'TCP', listen: 9400, upstream: { service: 'echo', port: 1234 } })).rejects.toThrow(/protocol/);
    await expect(createIngress('too-high', { listen: 70000, upstream: { service: 'echo', port: 1234 } })).rejects.toThrow(/listen/);
    await expect(createIngress('no-port', { listen: 9401, upstream: { service: 'echo', port: 0 } })).rejects.toThrow(/upstream.port/);
  });
});
