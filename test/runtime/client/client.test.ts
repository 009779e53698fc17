import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import {
  ConfigMap,
  Deployment,
  isAlreadyExists,
  isConflict,
  isNotFound,
  ignoreNotFound,
  ApiError,
  type Wire,
} from '../../../src/runtime/index.js';
import type { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import { describeBackends } from '../../support/backends.js';
import { clientAndCache, createNamespace } from '../../support/runtime.js';

describeBackends('client', (backend) => {
  let env: TestEnvironment;
  let h: ReturnType<typeof clientAndCache>;
  let ns: string;

  beforeAll(async () => {
    env = await backend.start();
    h = clientAndCache(env);
    h.start();
    ns = await createNamespace(h.client, 'client');
  });
  afterAll(async () => {
    await h?.stop();
    await env?.stop();
  });

  const cm = (name: string, data: Record<string, string> = {}, labels?: Record<string, string>): Wire<V1ConfigMap> => ({
    metadata: { namespace: ns, name, labels },
    data,
  });

  const deployment = (name: string): Wire<V1Deployment> => ({
    metadata: { namespace: ns, name },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'main', image: 'nginx:1', env: [{ name: 'A', value: '1' }] }] },
      },
    },
  });

  describe('client writes', () => {
    it('creates, reads back through the API and the cache, and reports AlreadyExists', async () => {
      const created = await h.client.create(ConfigMap, cm('a', { k: 'v' }));
      expect(created.metadata?.uid).toBeTruthy();
      expect(created.apiVersion).toBe('v1');
      expect(created.kind).toBe('ConfigMap');
      expect((await h.client.apiReader.get(ConfigMap, { namespace: ns, name: 'a' })).data).toEqual({ k: 'v' });
      const cached = await eventually(() => h.client.get(ConfigMap, { namespace: ns, name: 'a' }), 'cache to see a');
      expect(cached.data).toEqual({ k: 'v' });
      const dup = await h.client.create(ConfigMap, cm('a')).catch((e: unknown) => e);
      expect(isAlreadyExists(dup)).toBe(true);
    });

    it('updates with optimistic concurrency: a stale resourceVersion is a conflict', async () => {
      const created = await h.client.create(ConfigMap, cm('b', { n: '1' }));
      const updated = await h.client.update(ConfigMap, { ...created, data: { n: '2' } });
      expect(updated.data).toEqual({ n: '2' });
      expect(updated.metadata?.resourceVersion).not.toBe(created.metadata?.resourceVersion);
      const stale = await h.client.update(ConfigMap, { ...created, data: { n: '3' } }).catch((e: unknown) => e);
      expect(isConflict(stale)).toBe(true);
      expect((stale as ApiError).code).toBe(409);
    });

    it('patches with merge, JSON patch, strategic merge and server-side apply', async () => {
      const created = await h.client.create(ConfigMap, cm('c', { a: '1', b: '2' }));
      const merged = await h.client.patch(ConfigMap, created, { data: { b: null, c: '3' } });
      expect(merged.data).toEqual({ a: '1', c: '3' });
      const jsonPatched = await h.client.patch(ConfigMap, created, [{ op: 'replace', path: '/data/a', value: 'x' }], { type: 'json' });
      expect(jsonPatched.data).toEqual({ a: 'x', c: '3' });

      const d = await h.client.create(Deployment, deployment('web'));
      // Strategic merge merges the containers list by name instead of replacing it.
      const sm = await h.client.patch(
        Deployment,
        d,
        { spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:2' }] } } } },
        { type: 'strategic' },
      );
      const container = sm.spec?.template.spec?.containers[0];
      expect(container?.image).toBe('nginx:2');
      expect(container?.env).toEqual([{ name: 'A', value: '1' }]);

      const applied = await h.client.patch(ConfigMap, { metadata: { namespace: ns, name: 'applied' } }, {
        metadata: { namespace: ns, name: 'applied' },
        data: { owner: 'me' },
      }, { type: 'apply', fieldManager: 'tester', force: true });
      expect(applied.data).toEqual({ owner: 'me' });
      expect(applied.metadata?.managedFields?.some((f) => f.manager === 'tester' && f.operation === 'Apply')).toBe(true);
    });

    it('refuses a JSON patch that is not a list and a strategic patch of a custom kind, naming the problem', async () => {
      await expect(h.client.patch(ConfigMap, cm('c'), { data: {} }, { type: 'json' })).rejects.toThrow(/JSON patch must be a list/);
      const { defineKind } = await import('../../../src/runtime/index.js');
      const Thing = defineKind({ group: 'example.com', version: 'v1', kind: 'Thing', plural: 'things', namespaced: true });
      await expect(h.client.patch(Thing, { metadata: { namespace: ns, name: 'x' } }, {}, { type: 'strategic' })).rejects.toThrow(/built-in kinds only/);
    });

    it('deletes one object and all that match a selector; not-found is recognisable and ignorable', async () => {
      const created = await h.client.create(ConfigMap, cm('d'));
      await h.client.delete(ConfigMap, created, { propagationPolicy: 'Background' });
      const gone = await h.client.apiReader.get(ConfigMap, { namespace: ns, name: 'd' }).catch((e: unknown) => e);
      expect(isNotFound(gone)).toBe(true);
      expect(await h.client.apiReader.get(ConfigMap, { namespace: ns, name: 'd' }).catch(ignoreNotFound)).toBeUndefined();

      for (const n of ['e1', 'e2', 'e3']) await h.client.create(ConfigMap, cm(n, {}, { group: n === 'e3' ? 'keep' : 'drop' }));
      await h.client.deleteAllOf(ConfigMap, { namespace: ns, labelSelector: { group: 'drop' } });
      const left = await h.client.apiReader.list(ConfigMap, { namespace: ns, labelSelector: 'group' });
      expect(left.map((o) => o.metadata?.name)).toEqual(['e3']);
      await expect(h.client.deleteAllOf(ConfigMap, {})).rejects.toThrow(/namespace is required/);
    });

    it('writes the status subresource separately from the main resource', async () => {
      const d = await h.client.create(Deployment, deployment('status-test'));
      const withStatus = await h.client.status().update(Deployment, { ...d, status: { replicas: 7, observedGeneration: 1 } });
      expect(withStatus.status?.replicas).toBe(7);
      // A main-resource update does not touch status.
      const after = await h.client.update(Deployment, { ...withStatus, status: { replicas: 0 } });
      expect(after.status?.replicas).toBe(7);
      const patched = await h.client.status().patch(Deployment, after, { status: { readyReplicas: 3 } });
      expect(patched.status?.readyReplicas).toBe(3);
      const scale = await h.client.subResource('scale').get<Wire<V1Deployment>, { spec?: { replicas?: number } }>(Deployment, after);
      expect(scale.spec?.replicas).toBe(1);
    });
  });
});
