import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Manager, builtinScheme, log } from 'scaffolder/runtime';
import { startTestEnvironment, type TestEnvironment } from 'scaffolder/testing';
import * as cachev1alpha1 from '../../api/v1alpha1/index.js';
import { MemcachedReconciler } from '../../src/controllers/memcached_controller.js';

describe('Memcached controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;

  beforeAll(async () => {
    // An in-process API server with the project's CRDs installed (run `make manifests` first).
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'] });
    const scheme = builtinScheme();
    cachev1alpha1.addToScheme(scheme);
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
  });

  afterAll(async () => {
    await env?.stop();
  });

  it('reconciles a Memcached without error', async () => {
    const key = { namespace: 'default', name: 'test-resource' };
    // Create the object the reconcile is about, through the API server as a user would.
    await mgr.getClient().create(cachev1alpha1.Memcached, {
      apiVersion: 'cache.example.com/v1alpha1',
      kind: 'Memcached',
      metadata: { name: key.name, namespace: key.namespace },
      spec: {},
    });
    const stored = await mgr.getAPIReader().get(cachev1alpha1.Memcached, key);
    expect(stored.metadata?.name).toBe(key.name);

    const reconciler = new MemcachedReconciler(mgr.getClient(), mgr.getScheme());
    const result = await reconciler.reconcile(key, { log: log.withName('test'), signal: new AbortController().signal, reconcileID: 'test' });
    // TODO(user): check what the reconcile did to the cluster, e.g. the status it wrote.
    expect(result).toEqual({});
  });
});
