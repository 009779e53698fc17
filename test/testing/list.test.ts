import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { statusOf } from './support.js';

let env: TestEnvironment;
let core: k8s.CoreV1Api;

beforeAll(async () => {
  env = await startTestEnvironment({ server: { watchHistoryLimit: 50 } });
  core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: 'other' } } });
  const pods: [string, string, Record<string, string>, string?][] = [
    ['default', 'p1', { app: 'web', tier: 'front' }, 'node-a'],
    ['default', 'p2', { app: 'web', tier: 'back' }, 'node-b'],
    ['default', 'p3', { app: 'db' }],
    ['other', 'p4', { app: 'web' }, 'node-a'],
  ];
  for (const [namespace, name, labels, nodeName] of pods) {
    await core.createNamespacedPod({ namespace, body: { metadata: { name, labels }, spec: { nodeName, containers: [{ name: 'c', image: 'i' }] } } });
  }
});
afterAll(() => env.stop());

const names = (list: { items: { metadata?: { name?: string } }[] }) => list.items.map((i) => i.metadata?.name);

describe('list', () => {
  it('lists across namespaces in namespace/name order', async () => {
    const list = await core.listPodForAllNamespaces();
    expect(names(list)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(list.kind).toBe('PodList');
    expect(list.apiVersion).toBe('v1');
  });

  it('selects by equality and set-based label selectors', async () => {
    expect(names(await core.listNamespacedPod({ namespace: 'default', labelSelector: 'app=web' }))).toEqual(['p1', 'p2']);
    expect(names(await core.listNamespacedPod({ namespace: 'default', labelSelector: 'app in (web,db),tier notin (back)' }))).toEqual(['p1', 'p3']);
    expect(names(await core.listNamespacedPod({ namespace: 'default', labelSelector: '!tier' }))).toEqual(['p3']);
    expect(names(await core.listNamespacedPod({ namespace: 'default', labelSelector: 'tier,app!=db' }))).toEqual(['p1', 'p2']);
  });

  it('selects by metadata fields and pod fields', async () => {
    expect(names(await core.listPodForAllNamespaces({ fieldSelector: 'metadata.namespace=other' }))).toEqual(['p4']);
    expect(names(await core.listPodForAllNamespaces({ fieldSelector: 'spec.nodeName=node-a' }))).toEqual(['p1', 'p4']);
    expect(names(await core.listPodForAllNamespaces({ fieldSelector: 'metadata.name!=p1,status.phase=Pending' }))).toEqual(['p2', 'p3', 'p4']);
  });

  it('rejects unsupported field labels with 400', async () => {
    const { code, body } = await statusOf(core.listNamespacedPod({ namespace: 'default', fieldSelector: 'spec.unknown=x' }));
    expect(code).toBe(400);
    expect(body).toMatchObject({ reason: 'BadRequest', message: 'field label not supported: spec.unknown' });
  });

  it('pages with limit and continue, consistently at the first page resourceVersion', async () => {
    const first = await core.listPodForAllNamespaces({ limit: 3 });
    expect(names(first)).toEqual(['p1', 'p2', 'p3']);
    expect(first.metadata?._continue).toBeTruthy();
    expect(first.metadata?.remainingItemCount).toBe(1);
    // Changes after the first page do not show in later pages.
    await core.createNamespacedPod({ namespace: 'other', body: { metadata: { name: 'p5' }, spec: { containers: [{ name: 'c', image: 'i' }] } } });
    // p4 is scheduled: without a grace period of 0 it would stay, marked, for its kubelet.
    await core.deleteNamespacedPod({ namespace: 'other', name: 'p4', gracePeriodSeconds: 0 });
    const second = await core.listPodForAllNamespaces({ limit: 3, _continue: first.metadata!._continue! });
    expect(names(second)).toEqual(['p4']);
    expect(second.metadata?._continue).toBeFalsy();
    expect(second.metadata?.resourceVersion).toBe(first.metadata?.resourceVersion);
    const now = await core.listPodForAllNamespaces();
    expect(names(now)).toEqual(['p1', 'p2', 'p3', 'p5']);
  });

  it('answers 410 for a continue token older than the history', async () => {
    const first = await core.listNamespacedPod({ namespace: 'default', limit: 1 });
    env.server.setWatchHistoryLimit(1);
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'tick1' } } });
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'tick2' } } });
    const { code, body } = await statusOf(core.listNamespacedPod({ namespace: 'default', limit: 1, _continue: first.metadata!._continue! }));
    env.server.setWatchHistoryLimit(50);
    expect(code).toBe(410);
    expect(body.reason).toBe('Expired');
  });

  it('lists at an exact past resourceVersion', async () => {
    const before = await core.listNamespacedPod({ namespace: 'default' });
    await core.createNamespacedPod({ namespace: 'default', body: { metadata: { name: 'later' }, spec: { containers: [{ name: 'c', image: 'i' }] } } });
    const past = await core.listNamespacedPod({ namespace: 'default', resourceVersion: before.metadata!.resourceVersion!, resourceVersionMatch: 'Exact' });
    expect(names(past)).toEqual(names(before));
    expect(past.metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);
    const now = await core.listNamespacedPod({ namespace: 'default', resourceVersion: before.metadata!.resourceVersion!, resourceVersionMatch: 'NotOlderThan' });
    expect(names(now)).toContain('later');
  });

  it('answers 504 for a resourceVersion from the future', async () => {
    const { code, body } = await statusOf(core.listNamespacedPod({ namespace: 'default', resourceVersion: '999999', resourceVersionMatch: 'NotOlderThan' }));
    expect(code).toBe(504);
    expect(body).toMatchObject({ reason: 'Timeout', details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 } });
  });

  it('ignores limit for resourceVersion=0, as the watch cache does', async () => {
    const list = await core.listPodForAllNamespaces({ limit: 1, resourceVersion: '0' });
    expect(list.items.length).toBeGreaterThan(1);
    expect(list.metadata?._continue).toBeFalsy();
  });
});
