import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Manager, builtinScheme, log } from 'scaffolder/runtime';
import { startTestEnvironment, type TestEnvironment } from 'scaffolder/testing';
import { CronJobReconciler } from '../../src/controllers/cronjob_controller.js';

describe('CronJob controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;

  beforeAll(async () => {
    // An in-process API server with the project's CRDs installed (run `make manifests` first).
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'] });
    const scheme = builtinScheme();
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
  });

  afterAll(async () => {
    await env?.stop();
  });

  it('reconciles a CronJob without error', async () => {
    const key = { namespace: 'default', name: 'test-resource' };

    const reconciler = new CronJobReconciler(mgr.getClient(), mgr.getScheme());
    const result = await reconciler.reconcile(key, { log: log.withName('test'), signal: new AbortController().signal, reconcileID: 'test' });
    // TODO(user): check what the reconcile did to the cluster, e.g. the status it wrote.
    expect(result).toEqual({});
  });
});
