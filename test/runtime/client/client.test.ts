import { describe, expect, it } from 'vitest';
import { eventually } from '../../../src/testing/index.js';
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
import { clientEnvironment } from '../../support/runtime.js';

describeBackends('client', (backend) => {
  const t = clientEnvironment(backend, 'client');

  const cm = (name: string, data: Record<string, string> = {}, labels?: Record<string, string>): Wire<V1ConfigMap> => ({
    metadata: { namespace: t.ns, name, labels },
    data,
  });

  const deployment = (name: string): Wire<V1Deployment> => ({
    metadata: { namespace: t.ns, name },
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
      const created = await t.h.client.create(ConfigMap, cm('a', { k: 'v' }));
      expect(created.metadata?.uid).toBeTruthy();
      expect(created.apiVersion).toBe('v1');
      expect(created.kind).toBe('ConfigMap');
      expect((await t.h.client.apiReader.get(ConfigMap, { namespace: t.ns, name: 'a' })).data).toEqual({ k: 'v' });
      const cached = await eventually(() => t.h.client.get(ConfigMap, { namespace: t.ns, name: 'a' }), 'cache to see a');
      expect(cached.data).toEqual({ k: 'v' });
      const dup = await t.h.client.create(ConfigMap, cm('a')).catch((e: unknown) => e);
      expect(isAlreadyExists(dup)).toBe(true);
    });

    it('updates with optimistic concurrency: a stale resourceVersion is a conflict', async () => {
      const created = await t.h.client.create(ConfigMap, cm('b', { n: '1' }));
      const updated = await t.h.client.update(ConfigMap, { ...created, data: { n: '2' } });
      expect(updated.data).toEqual({ n: '2' });
      expect(updated.metadata?.resourceVersion).not.toBe(created.metadata?.resourceVersion);
      const stale = await t.h.client.update(ConfigMap, { ...created, data: { n: '3' } }).catch((e: unknown) => e);
      expect(isConflict(stale)).toBe(true);
      expect((stale as ApiError).code).toBe(409);
    });

    it('patches with merge, JSON patch, strategic merge and server-side apply', async () => {
      const created = await t.h.client.create(ConfigMap, cm('c', { a: '1', b: '2' }));
      const merged = await t.h.client.patch(ConfigMap, created, { data: { b: null, c: '3' } });
      expect(merged.data).toEqual({ a: '1', c: '3' });
      const jsonPatched = await t.h.client.patch(ConfigMap, created, [{ op: 'replace', path: '/data/a', value: 'x' }], { type: 'json' });
      expect(jsonPatched.data).toEqual({ a: 'x', c: '3' });

      const d = await t.h.client.create(Deployment, deployment('web'));
      // Strategic merge merges the containers list by name instead of replacing it.
      const sm = await t.h.client.patch(
        Deployment,
        d,
        { spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:2' }] } } } },
        { type: 'strategic' },
      );
      const container = sm.spec?.template.spec?.containers[0];
      expect(container?.image).toBe('nginx:2');
      expect(container?.env).toEqual([{ name: 'A', value: '1' }]);

      const applied = await t.h.client.patch(ConfigMap, { metadata: { namespace: t.ns, name: 'applied' } }, {
        metadata: { namespace: t.ns, name: 'applied' },
        data: { owner: 'me' },
      }, { type: 'apply', fieldManager: 'tester', force: true });
      expect(applied.data).toEqual({ owner: 'me' });
      expect(applied.metadata?.managedFields?.some((f) => f.manager === 'tester' && f.operation === 'Apply')).toBe(true);
    });

    it('refuses a JSON patch that is not a list and a strategic patch of a custom kind, naming the problem', async () => {
      await expect(t.h.client.patch(ConfigMap, cm('c'), { data: {} }, { type: 'json' })).rejects.toThrow(/JSON patch must be a list/);
      const { defineKind } = await import('../../../src/runtime/index.js');
      const Thing = defineKind({ group: 'example.com', version: 'v1', kind: 'Thing', plural: 'things', namespaced: true });
      await expect(t.h.client.patch(Thing, { metadata: { namespace: t.ns, name: 'x' } }, {}, { type: 'strategic' })).rejects.toThrow(/built-in kinds only/);
    });

    it('deletes one object and all that match a selector; not-found is recognisable and ignorable', async () => {
      const created = await t.h.client.create(ConfigMap, cm('d'));
      await t.h.client.delete(ConfigMap, created, { propagationPolicy: 'Background' });
      const gone = await t.h.client.apiReader.get(ConfigMap, { namespace: t.ns, name: 'd' }).catch((e: unknown) => e);
      expect(isNotFound(gone)).toBe(true);
      expect(await t.h.client.apiReader.get(ConfigMap, { namespace: t.ns, name: 'd' }).catch(ignoreNotFound)).toBeUndefined();

      for (const n of ['e1', 'e2', 'e3']) await t.h.client.create(ConfigMap, cm(n, {}, { group: n === 'e3' ? 'keep' : 'drop' }));
      await t.h.client.deleteAllOf(ConfigMap, { namespace: t.ns, labelSelector: { group: 'drop' } });
      const left = await t.h.client.apiReader.list(ConfigMap, { namespace: t.ns, labelSelector: 'group' });
      expect(left.map((o) => o.metadata?.name)).toEqual(['e3']);
      await expect(t.h.client.deleteAllOf(ConfigMap, {})).rejects.toThrow(/namespace is required/);
    });

    it('writes the status subresource separately from the main resource', async () => {
      const d = await t.h.client.create(Deployment, deployment('status-test'));
      const withStatus = await t.h.client.status().update(Deployment, { ...d, status: { replicas: 7, observedGeneration: 1 } });
      expect(withStatus.status?.replicas).toBe(7);
      // A main-resource update does not touch status.
      const after = await t.h.client.update(Deployment, { ...withStatus, status: { replicas: 0 } });
      expect(after.status?.replicas).toBe(7);
      const patched = await t.h.client.status().patch(Deployment, after, { status: { readyReplicas: 3 } });
      expect(patched.status?.readyReplicas).toBe(3);
      const scale = await t.h.client.subResource('scale').get<Wire<V1Deployment>, { spec?: { replicas?: number } }>(Deployment, after);
      expect(scale.spec?.replicas).toBe(1);
    });
  });
});
