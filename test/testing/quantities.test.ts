/**
 * Quantities in built-in objects come back as kube-apiserver writes them: resource.Quantity's
 * canonical text, whatever notation was sent. A controller that compares the quantities it sent
 * with those it reads sees here what it sees in a cluster.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnvironment } from '../support/environment.js';

let env: TestEnvironment;
let core: k8s.CoreV1Api;
const namespace = 'default';

beforeAll(async () => {
  env = await startEnv();
  core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
});
afterAll(() => env.stop());

describe('quantities in built-in objects', () => {
  it('are stored and answered in their canonical text', async () => {
    const resources = { requests: { memory: '1024Mi', cpu: '0.5', 'ephemeral-storage': '1000Mi' }, limits: { memory: '2048Mi', cpu: '1500m' } };
    const created = await core.createNamespacedPod({ namespace, body: { metadata: { name: 'sized' }, spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources }] } } });
    const canonical = { requests: { memory: '1Gi', cpu: '500m', 'ephemeral-storage': '1000Mi' }, limits: { memory: '2Gi', cpu: '1500m' } };
    expect(created.spec!.containers[0].resources).toEqual(canonical);
    expect((await core.readNamespacedPod({ namespace, name: 'sized' })).spec!.containers[0].resources).toEqual(canonical);
  });

  it('take numbers, exponents and sub-nano precision as resource.ParseQuantity does', async () => {
    const claim = await core.createNamespacedPersistentVolumeClaim({ namespace, body: {
      metadata: { name: 'data' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1.5e3' }, limits: { storage: 2 as unknown as string } } },
    } });
    expect(claim.spec!.resources!.requests).toEqual({ storage: '1500' });
    expect(claim.spec!.resources!.limits).toEqual({ storage: '2' });
    const quota = await core.createNamespacedResourceQuota({ namespace, body: { metadata: { name: 'tiny' }, spec: { hard: { cpu: '0.0000000001', pods: '10' } } } });
    // Finer than nano units rounds up to 1n.
    expect(quota.spec!.hard).toEqual({ cpu: '1n', pods: '10' });
  });

  it('are canonical after a merge patch too', async () => {
    await core.createNamespacedLimitRange({ namespace, body: { metadata: { name: 'defaults' }, spec: { limits: [{ type: 'Container', _default: { memory: '512Mi' } }] } } });
    const patched = await core.patchNamespacedLimitRange({ namespace, name: 'defaults', body: { spec: { limits: [{ type: 'Container', default: { memory: '1048576Ki' } }] } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch));
    expect(patched.spec!.limits[0]._default).toEqual({ memory: '1Gi' });
  });
});
