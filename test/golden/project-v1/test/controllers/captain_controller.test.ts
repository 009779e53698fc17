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

import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Manager, builtinScheme } from 'kubescaffolder/runtime';
import { eventually, startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import * as crewv1 from '../../api/v1/index.js';
import { CaptainReconciler } from '../../src/controllers/captain_controller.js';
import { newCaptain } from '../samples/v1/captain.js';

describe('Captain controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;
  let running: Promise<void>;
  let reconciler: CaptainReconciler;
  let reconcile: MockInstance<CaptainReconciler['reconcile']>;

  beforeAll(async () => {
    // An in-process API server with the project's CRDs installed (run `make manifests` first). With
    // KUBEBUILDER_ASSETS, the run's shared kube-apiserver (test/global-setup.ts), where the other files'
    // objects are seen too: drop sharedControlPlane for one of this file's own.
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], sharedControlPlane: true });
    const scheme = builtinScheme();
    crewv1.addToScheme(scheme);
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
    // The reconciler runs inside the manager as in src/main.ts: its client reads from the
    // manager's cache, and the watches of setupWithManager call it.
    reconciler = new CaptainReconciler(mgr.getClient(), mgr.getScheme());
    reconcile = vi.spyOn(reconciler, 'reconcile');
    await reconciler.setupWithManager(mgr);
    running = mgr.start();
    await mgr.elected();
  });

  afterAll(async () => {
    mgr?.stop();
    await running;
    await env?.stop();
  });

  it('reconciles a Captain once it is created', async () => {
    // Created through the API server as a user would; the controller sees it through its watch.
    const created = await mgr.getClient().create(crewv1.Captain, newCaptain('test-resource'));
    const key = { namespace: created.metadata?.namespace ?? '', name: created.metadata!.name! };
    await eventually(() => {
      // The latest reconcile of the object, which must have finished without throwing.
      const call = reconcile.mock.calls.findLastIndex(([req]) => req.namespace === key.namespace && req.name === key.name);
      if (call < 0) return false;
      const outcome = reconcile.mock.settledResults[call];
      if (outcome?.type === 'rejected') throw outcome.value;
      return outcome?.type === 'fulfilled';
    }, `a reconcile of ${key.name} that does not throw`);
    // TODO(user): wait for what the reconcile does to the cluster, e.g. the status it writes:
    //   await eventually(async () => {
    //     const { status } = await mgr.getAPIReader().get(crewv1.Captain, key);
    //     expect(status?.conditions).toContainEqual(expect.objectContaining({ type: 'Available', status: 'True' }));
    //   }, 'the Available condition');
    expect((await mgr.getAPIReader().get(crewv1.Captain, key)).metadata?.uid).toBe(created.metadata?.uid);
  });
});
