/**
 * The storage-version migrator on both control planes: 1,000 objects written at v1, the storage
 * version moved to v2, the migrator interrupted and resumed; then status.storedVersions is [v2]
 * alone, and on kube-apiserver v1 can be dropped from the CRD with every object still readable
 * (an object still stored as v1 would not decode any more).
 */
import { expect, it } from 'vitest';
import { MIGRATION_PROGRESS_ANNOTATION, StorageVersionMigrator } from '../../../src/runtime/index.js';
import { requestJSON } from '../../../src/testing/environment/api-request.js';
import { eventually } from '../../../src/testing/index.js';
import { describeBackends } from '../../support/backends.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const NAME = 'gizmos.migration.example.com';
const COUNT = 1000;

type Crd = { metadata: { resourceVersion?: string; annotations?: Record<string, string> }; spec: { versions: Array<{ name: string; served: boolean; storage: boolean }> }; status?: { storedVersions?: string[] } };

const schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { n: { type: 'integer' } } } } } };
const gizmos = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: NAME },
  spec: {
    group: 'migration.example.com',
    names: { kind: 'Gizmo', listKind: 'GizmoList', plural: 'gizmos', singular: 'gizmo' },
    scope: 'Namespaced',
    versions: [
      { name: 'v1', served: true, storage: true, schema },
      { name: 'v2', served: true, storage: false, schema },
    ],
  },
};

describeBackends('StorageVersionMigrator', (backend) => {
  it('rewrites 1,000 objects at the new storage version, resumes after an interruption, and leaves storedVersions with it alone', async () => {
    const env = await backend.start({ crds: [gizmos] });
    try {
      const kc = env.kubeConfig;
      const namespace = `migrate-${backend.name}`;
      await requestJSON(kc, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
      const v1 = `/apis/migration.example.com/v1/namespaces/${namespace}/gizmos`;
      for (let start = 0; start < COUNT; start += 50) {
        await Promise.all(Array.from({ length: Math.min(50, COUNT - start) }, (_, k) => requestJSON(kc, 'POST', v1, { apiVersion: 'migration.example.com/v1', kind: 'Gizmo', metadata: { name: `g-${start + k}` }, spec: { n: start + k } })));
      }

      const crd = await requestJSON<Crd>(kc, 'GET', `${CRDS}/${NAME}`);
      crd.spec.versions = crd.spec.versions.map((v) => ({ ...v, storage: v.name === 'v2' }));
      await requestJSON(kc, 'PUT', `${CRDS}/${NAME}`, crd);
      await eventually(async () => expect((await requestJSON<Crd>(kc, 'GET', `${CRDS}/${NAME}`)).status?.storedVersions?.sort()).toEqual(['v1', 'v2']));

      // Interrupted once its progress is recorded (after a page or more) ...
      const interrupted = new AbortController();
      const first = new StorageVersionMigrator({ kubeConfig: kc, crd: NAME, pageSize: 100, qps: 400 }).migrate(interrupted.signal).catch((e: unknown) => e);
      await eventually(async () => {
        const annotations = (await requestJSON<Crd>(kc, 'GET', `${CRDS}/${NAME}`)).metadata.annotations;
        expect(annotations?.[MIGRATION_PROGRESS_ANNOTATION]).toBeDefined();
      }, { timeout: 60_000 });
      interrupted.abort();
      expect(await first).toBeInstanceOf(Error);
      expect((await requestJSON<Crd>(kc, 'GET', `${CRDS}/${NAME}`)).status?.storedVersions?.sort()).toEqual(['v1', 'v2']);

      // ... then started again: it goes on from the recorded page.
      const result = await new StorageVersionMigrator({ kubeConfig: kc, crd: NAME, pageSize: 100, qps: 400 }).migrate();
      expect(result.resumed).toBe(true);
      expect(result.migrated).toBeGreaterThan(0);
      expect(result.migrated).toBeLessThan(COUNT);
      expect(result.storedVersions).toEqual(['v2']);
      const after = await requestJSON<Crd>(kc, 'GET', `${CRDS}/${NAME}`);
      expect(after.status?.storedVersions).toEqual(['v2']);
      expect(after.metadata.annotations?.[MIGRATION_PROGRESS_ANNOTATION]).toBeUndefined();

      // v1 can go now: kube-apiserver accepts the CRD without it, and every object still reads at v2.
      after.spec.versions = after.spec.versions.filter((v) => v.name === 'v2');
      await requestJSON(kc, 'PUT', `${CRDS}/${NAME}`, after);
      const v2 = `/apis/migration.example.com/v2/namespaces/${namespace}/gizmos`;
      await eventually(async () => {
        const list = await requestJSON<{ items: Array<{ spec: { n: number } }> }>(kc, 'GET', v2);
        expect(list.items.map((i) => i.spec.n).sort((a, b) => a - b)).toEqual(Array.from({ length: COUNT }, (_, i) => i));
      }, { timeout: 30_000 });

      // A second run has nothing to do.
      expect((await new StorageVersionMigrator({ kubeConfig: kc, crd: NAME }).migrate()).migrated).toBe(0);
      await requestJSON(kc, 'DELETE', `/api/v1/namespaces/${namespace}`);
    } finally {
      await requestJSON(env.kubeConfig, 'DELETE', `${CRDS}/${NAME}`).catch(() => undefined);
      await env.stop();
    }
  }, 300_000);
});

describeBackends('CRD status.storedVersions', (backend) => {
  it('lists the storage version, and refuses to drop a version objects may still be stored at', async () => {
    const crd = { ...gizmos, metadata: { name: 'doohickeys.migration.example.com' }, spec: { ...gizmos.spec, names: { kind: 'Doohickey', listKind: 'DoohickeyList', plural: 'doohickeys', singular: 'doohickey' } } };
    const env = await backend.start({ crds: [crd] });
    const path = `${CRDS}/doohickeys.migration.example.com`;
    try {
      const kc = env.kubeConfig;
      const current = await requestJSON<Crd>(kc, 'GET', path);
      expect(current.status?.storedVersions).toEqual(['v1']);
      const withoutV1 = { ...current, spec: { ...current.spec, versions: current.spec.versions.filter((v) => v.name === 'v2').map((v) => ({ ...v, storage: true })) } };
      const dropped = await requestJSON(kc, 'PUT', path, withoutV1).catch((e: unknown) => e);
      expect(dropped).toMatchObject({ code: 422 });
      expect((dropped as Error).message).toContain('status.storedVersions[0]');
    } finally {
      await requestJSON(env.kubeConfig, 'DELETE', path).catch(() => undefined);
      await env.stop();
    }
  }, 120_000);
});
