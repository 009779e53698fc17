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
import { Manager, builtinScheme, log } from 'kubescaffolder/runtime';
import { startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import { DeploymentReconciler } from '../../src/controllers/deployment_controller.js';

describe('Deployment controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;
  let running: Promise<void>;
  let reconciler: DeploymentReconciler;

  beforeAll(async () => {
    // An in-process API server. The project has no CRDs: once it has (`create api` with a
    // resource, then `make manifests`), pass crdDirectoryPaths: ['config/crd/bases'] to install them.
    // With KUBEBUILDER_ASSETS, the run's shared kube-apiserver (test/global-setup.ts), where the other
    // files' objects are seen too: drop sharedControlPlane for one of this file's own.
    env = await startTestEnvironment({ sharedControlPlane: true });
    const scheme = builtinScheme();
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
    // The reconciler runs inside the manager as in src/main.ts: its client reads from the
    // manager's cache, and the watches of setupWithManager call it.
    reconciler = new DeploymentReconciler(mgr.getClient(), mgr.getScheme());
    await reconciler.setupWithManager(mgr);
    running = mgr.start();
    await mgr.elected();
  });

  afterAll(async () => {
    mgr?.stop();
    await running;
    await env?.stop();
  });

  it('reconciles a Deployment that does not exist without error', async () => {
    const key = { namespace: 'default', name: 'test-resource' };
    const result = await reconciler.reconcile(key, { log: log.withName('test'), signal: new AbortController().signal, reconcileID: 'test' });
    // TODO(user): create the objects your reconcile reads, and check what it did to the cluster.
    expect(result).toEqual({});
  });
});
