/*
Copyright 2026 The cronjob Authors.

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
import * as batchv1 from '../../api/v1/index.js';
import { CronJobReconciler } from '../../src/controllers/cronjob_controller.js';

describe('CronJob controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;

  beforeAll(async () => {
    // An in-process API server with the project's CRDs installed (run `make manifests` first).
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'] });
    const scheme = builtinScheme();
    batchv1.addToScheme(scheme);
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
  });

  afterAll(async () => {
    await env?.stop();
  });

  it('reconciles a CronJob without error', async () => {
    const key = { namespace: 'default', name: 'test-resource' };
    // Create the object the reconcile is about, through the API server as a user would.
    await mgr.getClient().create(batchv1.CronJob, {
      apiVersion: 'batch.tutorial.kubebuilder.io/v1',
      kind: 'CronJob',
      metadata: { name: key.name, namespace: key.namespace },
      spec: {},
    });
    const stored = await mgr.getAPIReader().get(batchv1.CronJob, key);
    expect(stored.metadata?.name).toBe(key.name);

    const reconciler = new CronJobReconciler(mgr.getClient(), mgr.getScheme());
    const result = await reconciler.reconcile(key, { log: log.withName('test'), signal: new AbortController().signal, reconcileID: 'test' });
    // TODO(user): check what the reconcile did to the cluster, e.g. the status it wrote.
    expect(result).toEqual({});
  });
});
