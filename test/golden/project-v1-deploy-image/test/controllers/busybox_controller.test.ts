/*
Copyright 2026 The Kubernetes authors.

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, Event, Manager, builtinScheme, isNotFound } from 'kubescaffolder/runtime';
import { eventually, startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import * as examplecomv1alpha1 from '../../api/v1alpha1/index.js';
import { BusyboxReconciler } from '../../src/controllers/busybox_controller.js';
import { newBusybox } from '../samples/v1alpha1/busybox.js';

describe('Busybox controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;
  let running: Promise<void>;
  // The image the controller deploys: in the cluster, config/manager/manager.yaml sets it.
  const image = 'example.com/image:test';

  beforeAll(async () => {
    process.env.BUSYBOX_IMAGE = image;
    // An in-process API server with the project's CRDs installed (run `make manifests` first). With
    // KUBEBUILDER_ASSETS, the run's shared kube-apiserver (test/global-setup.ts), where the other files'
    // objects are seen too: drop sharedControlPlane for one of this file's own.
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], sharedControlPlane: true });
    const scheme = builtinScheme();
    examplecomv1alpha1.addToScheme(scheme);
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
    // The reconciler runs inside the manager as in src/main.ts.
    await new BusyboxReconciler(mgr.getClient(), mgr.getScheme(), mgr.getEventRecorder('busybox-controller')).setupWithManager(mgr);
    running = mgr.start();
    await mgr.elected();
  });

  afterAll(async () => {
    mgr?.stop();
    await running;
    await env?.stop();
    delete process.env.BUSYBOX_IMAGE;
  });

  it('deploys the image as a Deployment the Busybox owns, and reports it Available', async () => {
    const created = await mgr.getClient().create(examplecomv1alpha1.Busybox, newBusybox('test-busybox'));
    const key = { namespace: created.metadata!.namespace!, name: created.metadata!.name! };
    const reader = mgr.getAPIReader();

    const deployment = await eventually(() => reader.get(Deployment, key), 'the Deployment');
    expect(deployment.spec?.replicas).toBe(created.spec.size);
    // Server-side applied: the fields the controller names are its field manager's.
    expect(deployment.metadata?.managedFields).toContainEqual(expect.objectContaining({ manager: 'busybox-controller', operation: 'Apply' }));
    expect(deployment.metadata?.ownerReferences).toEqual([expect.objectContaining({ kind: 'Busybox', name: key.name, uid: created.metadata?.uid, controller: true })]);
    expect(deployment.spec?.template.spec?.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    const container = deployment.spec?.template.spec?.containers[0];
    expect(container).toMatchObject({
      name: 'busybox',
      image,
      securityContext: { runAsNonRoot: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
    });

    await eventually(async () => {
      const { metadata, status } = await reader.get(examplecomv1alpha1.Busybox, key);
      expect(metadata?.finalizers).toContain('example.com.testproject.org/finalizer');
      expect(status?.conditions).toContainEqual(expect.objectContaining({ type: 'Available', status: 'True', reason: 'Reconciling' }));
    }, 'the Available condition');
  });

  it('resizes the Deployment when spec.size changes', async () => {
    const created = await mgr.getClient().create(examplecomv1alpha1.Busybox, newBusybox('test-busybox-resized'));
    const key = { namespace: created.metadata!.namespace!, name: created.metadata!.name! };
    const reader = mgr.getAPIReader();
    await eventually(() => reader.get(Deployment, key), 'the Deployment');

    await mgr.getClient().patch(examplecomv1alpha1.Busybox, created, { spec: { size: 3 } }, { type: 'merge' });
    await eventually(async () => {
      expect((await reader.get(Deployment, key)).spec?.replicas).toBe(3);
    }, 'the Deployment with 3 replicas');
  });

  it('puts its own fields of the Deployment back when changed, and keeps those others set', async () => {
    const created = await mgr.getClient().create(examplecomv1alpha1.Busybox, newBusybox('test-busybox-changed'));
    const key = { namespace: created.metadata!.namespace!, name: created.metadata!.name! };
    const reader = mgr.getAPIReader();
    const deployment = await eventually(() => reader.get(Deployment, key), 'the Deployment');

    // Someone else scales it and annotates it: the Deployment's change reconciles the Busybox again.
    await mgr.getClient().patch(Deployment, deployment, { metadata: { annotations: { 'example.com/note': 'kept' } }, spec: { replicas: 5 } }, { type: 'merge', fieldManager: 'someone-else' });
    await eventually(async () => {
      const current = await reader.get(Deployment, key);
      expect(current.spec?.replicas).toBe(created.spec.size);
      expect(current.metadata?.annotations).toMatchObject({ 'example.com/note': 'kept' });
    }, 'the replicas of the Busybox again, the annotation kept');
  });

  it('runs its finalizer operations when the Busybox is deleted', async () => {
    const created = await mgr.getClient().create(examplecomv1alpha1.Busybox, newBusybox('test-busybox-deleted'));
    const key = { namespace: created.metadata!.namespace!, name: created.metadata!.name! };
    const reader = mgr.getAPIReader();
    await eventually(async () => {
      expect((await reader.get(examplecomv1alpha1.Busybox, key)).metadata?.finalizers).toContain('example.com.testproject.org/finalizer');
    }, 'the finalizer');

    await mgr.getClient().delete(examplecomv1alpha1.Busybox, created);
    await eventually(async () => {
      try {
        await reader.get(examplecomv1alpha1.Busybox, key);
        return false;
      } catch (err) {
        if (isNotFound(err)) return true;
        throw err;
      }
    }, 'the Busybox to be gone once its finalizer is removed');
    // The finalizer operations recorded a Warning event about it.
    await eventually(async () => {
      const events = await reader.list(Event, { namespace: key.namespace });
      expect(events).toContainEqual(expect.objectContaining({ type: 'Warning', reason: 'Deleting', involvedObject: expect.objectContaining({ kind: 'Busybox', name: key.name }) as unknown }));
    }, 'the Deleting event');
  });
});
