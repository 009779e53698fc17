/*
Copyright 2026 The sample-controller Authors.

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

// The controller runs in a manager against the in-process test API server. That server has no
// Deployment controller, so the tests play its part where it matters: they write the Deployment
// status that says how many replicas are available.
import type { V1Deployment } from '@kubernetes/client-node';
import { Deployment, Event, Manager, builtinScheme, type Client, type Reader, type Wire } from 'kubescaffolder/runtime';
import { eventually, startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as samplecontrollerv1alpha1 from '../../api/v1alpha1/index.js';
import { Foo, type FooSpec } from '../../api/v1alpha1/index.js';
import { FooReconciler, ignoreResyncs } from '../../src/controllers/foo_controller.js';

const namespace = 'default';

describe('Foo controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;
  let running: Promise<void>;
  let client: Client;
  let reader: Reader;

  beforeAll(async () => {
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], errorIfCRDPathMissing: true });
    const scheme = builtinScheme();
    samplecontrollerv1alpha1.addToScheme(scheme);
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
    await new FooReconciler(mgr.getClient(), mgr.getScheme(), mgr.getEventRecorderFor('sample-controller')).setupWithManager(mgr);
    running = mgr.start();
    client = mgr.getClient();
    reader = mgr.getAPIReader();
  });

  afterAll(async () => {
    mgr?.stop();
    await running;
    await env?.stop();
  });

  const getFoo = (name: string) => reader.get(Foo, { namespace, name });
  const getDeployment = (name: string) => reader.get(Deployment, { namespace, name });

  function createFoo(name: string, spec: FooSpec): Promise<Foo> {
    return client.create(Foo, { apiVersion: 'samplecontroller.k8s.io/v1alpha1', kind: 'Foo', metadata: { name, namespace }, spec });
  }

  /** The Deployment with `replicas`, once the controller has set them. */
  function deploymentWithReplicas(name: string, replicas: number): Promise<Wire<V1Deployment>> {
    return eventually(async () => {
      const d = await getDeployment(name);
      return d.spec?.replicas === replicas && d;
    }, `Deployment ${name} with ${replicas} replicas`);
  }

  /** Plays the Deployment controller: `available` pods are up. */
  async function reportAvailable(name: string, available: number): Promise<void> {
    const d = await getDeployment(name);
    await client.status().patch(Deployment, d, { status: { replicas: d.spec?.replicas, readyReplicas: available, availableReplicas: available } }, { type: 'merge' });
  }

  function availableReplicas(name: string, expected: number): Promise<unknown> {
    return eventually(async () => (await getFoo(name)).status?.availableReplicas === expected, `Foo ${name} to report ${expected} available replicas`);
  }

  async function events(name: string): Promise<{ type?: string; reason?: string; message?: string }[]> {
    const all = await reader.list(Event, { namespace });
    return all.filter((e) => e.involvedObject.kind === 'Foo' && e.involvedObject.name === name);
  }

  it('creates the Deployment, controlled by the Foo, as sample-controller does', async () => {
    const foo = await createFoo('example-foo', { deploymentName: 'example-foo', replicas: 1 });

    const deployment = await eventually(() => getDeployment('example-foo'), 'the Deployment');
    const labels = { app: 'nginx', controller: 'example-foo' };
    expect(deployment.spec?.replicas).toBe(1);
    expect(deployment.spec?.selector).toEqual({ matchLabels: labels });
    expect(deployment.spec?.template.metadata?.labels).toEqual(labels);
    expect(deployment.spec?.template.spec?.containers.map((c) => ({ name: c.name, image: c.image }))).toEqual([{ name: 'nginx', image: 'nginx:latest' }]);
    expect(deployment.metadata?.ownerReferences).toEqual([
      { apiVersion: 'samplecontroller.k8s.io/v1alpha1', kind: 'Foo', name: 'example-foo', uid: foo.metadata?.uid, controller: true, blockOwnerDeletion: true },
    ]);

    await eventually(async () => (await events('example-foo')).some((e) => e.type === 'Normal' && e.reason === 'Synced' && e.message === 'Foo synced successfully'), 'a Synced event');
    // The status follows the Deployment's, which changes through the Deployment watch alone.
    await reportAvailable('example-foo', 1);
    await availableReplicas('example-foo', 1);
  });

  it('scales the Deployment up and down with spec.replicas and reports the available replicas', async () => {
    await createFoo('scaled', { deploymentName: 'scaled-nginx', replicas: 1 });
    await deploymentWithReplicas('scaled-nginx', 1);
    await reportAvailable('scaled-nginx', 1);
    await availableReplicas('scaled', 1);

    await client.patch(Foo, await getFoo('scaled'), { spec: { replicas: 3 } }, { type: 'merge' });
    await deploymentWithReplicas('scaled-nginx', 3);
    await reportAvailable('scaled-nginx', 3);
    await availableReplicas('scaled', 3);

    await client.patch(Foo, await getFoo('scaled'), { spec: { replicas: 0 } }, { type: 'merge' });
    await deploymentWithReplicas('scaled-nginx', 0);
    await reportAvailable('scaled-nginx', 0);
    await availableReplicas('scaled', 0);
  });

  it('puts back replicas changed on the Deployment behind its back', async () => {
    await createFoo('drift', { deploymentName: 'drift-nginx', replicas: 2 });
    const d = await deploymentWithReplicas('drift-nginx', 2);
    await client.patch(Deployment, d, { spec: { replicas: 5 } }, { type: 'merge' });
    // The Deployment's own update event brings the Foo back to reconcile.
    await eventually(async () => {
      const current = await getDeployment('drift-nginx');
      return current.metadata?.resourceVersion !== d.metadata?.resourceVersion && current.spec?.replicas === 2;
    }, 'the replicas to go back to 2');
  });

  it('leaves a Deployment of the same name that it does not control, with an ErrResourceExists warning', async () => {
    const foreign = await client.create(Deployment, {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'taken', namespace },
      spec: {
        replicas: 4,
        selector: { matchLabels: { app: 'other' } },
        template: { metadata: { labels: { app: 'other' } }, spec: { containers: [{ name: 'main', image: 'busybox' }] } },
      },
    });
    await createFoo('wants-taken', { deploymentName: 'taken', replicas: 1 });

    const warning = await eventually(async () => (await events('wants-taken')).find((e) => e.reason === 'ErrResourceExists') ?? false, 'an ErrResourceExists event');
    expect(warning.type).toBe('Warning');
    expect(warning.message).toBe('Resource "taken" already exists and is not managed by Foo');

    const after = await getDeployment('taken');
    expect(after.metadata?.ownerReferences ?? []).toEqual([]);
    expect(after.spec?.replicas).toBe(4);
    expect(after.metadata?.resourceVersion).toBe(foreign.metadata?.resourceVersion);
    expect((await events('wants-taken')).some((e) => e.reason === 'Synced')).toBe(false);
    expect((await getFoo('wants-taken')).status?.availableReplicas).toBeUndefined();
  });

  it('takes the name once the foreign Deployment is gone (the failed sync is retried)', async () => {
    await client.create(Deployment, {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'freed', namespace },
      spec: {
        selector: { matchLabels: { app: 'other' } },
        template: { metadata: { labels: { app: 'other' } }, spec: { containers: [{ name: 'main', image: 'busybox' }] } },
      },
    });
    const foo = await createFoo('wants-freed', { deploymentName: 'freed', replicas: 2 });
    await eventually(async () => (await events('wants-freed')).some((e) => e.reason === 'ErrResourceExists'), 'an ErrResourceExists event');

    await client.delete(Deployment, await getDeployment('freed'));
    const ours = await eventually(async () => {
      const d = await getDeployment('freed');
      return d.metadata?.ownerReferences?.[0]?.uid === foo.metadata?.uid && d;
    }, { description: 'a Deployment controlled by the Foo', timeout: 30_000 });
    expect(ours.spec?.replicas).toBe(2);
  });

  it('deletes the Deployment with its Foo through owner garbage collection', async () => {
    await createFoo('doomed', { deploymentName: 'doomed-nginx', replicas: 1 });
    await eventually(() => getDeployment('doomed-nginx'), 'the Deployment');

    await client.delete(Foo, await getFoo('doomed'));
    await eventually(() => expect(getFoo('doomed')).rejects.toMatchObject({ reason: 'NotFound' }), 'the Foo to be gone');
    await eventually(() => expect(getDeployment('doomed-nginx')).rejects.toMatchObject({ reason: 'NotFound' }), 'the Deployment to be collected');
  });

  it('rejects a Foo without deploymentName or with negative replicas (CRD validation)', async () => {
    await expect(client.create(Foo, { apiVersion: 'samplecontroller.k8s.io/v1alpha1', kind: 'Foo', metadata: { name: 'no-name', namespace }, spec: {} as FooSpec })).rejects.toThrow(/deploymentName/);
    await expect(createFoo('negative', { deploymentName: 'negative', replicas: -1 })).rejects.toThrow(/replicas/);
  });
});

describe('ignoreResyncs', () => {
  const deployment = (resourceVersion: string): Wire<V1Deployment> => ({ metadata: { name: 'd', namespace, resourceVersion } });

  it('drops updates that carry the same resourceVersion (periodic resyncs) and keeps real changes', () => {
    expect(ignoreResyncs.update?.(deployment('7'), deployment('7'))).toBe(false);
    expect(ignoreResyncs.update?.(deployment('7'), deployment('8'))).toBe(true);
    // Creations and deletions always pass.
    expect('create' in ignoreResyncs).toBe(false);
    expect('delete' in ignoreResyncs).toBe(false);
  });
});
