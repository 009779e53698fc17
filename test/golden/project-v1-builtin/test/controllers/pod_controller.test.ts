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
import { Manager, builtinScheme, log } from 'scaffolder/runtime';
import { startTestEnvironment, type TestEnvironment } from 'scaffolder/testing';
import { PodReconciler } from '../../src/controllers/pod_controller.js';

describe('Pod controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;

  beforeAll(async () => {
    // An in-process API server. The project has no CRDs: once it has (`create api` with a
    // resource, then `make manifests`), pass crdDirectoryPaths: ['config/crd/bases'] to install them.
    env = await startTestEnvironment();
    const scheme = builtinScheme();
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
  });

  afterAll(async () => {
    await env?.stop();
  });

  it('reconciles a Pod without error', async () => {
    const key = { namespace: 'default', name: 'test-resource' };

    const reconciler = new PodReconciler(mgr.getClient(), mgr.getScheme());
    const result = await reconciler.reconcile(key, { log: log.withName('test'), signal: new AbortController().signal, reconcileID: 'test' });
    // TODO(user): check what the reconcile did to the cluster, e.g. the status it wrote.
    expect(result).toEqual({});
  });
});
