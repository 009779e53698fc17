import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { CRONJOB_GROUP, credentials, cronjobCRDDir, patchAs, projectV4CRDDir, statusOf } from './support.js';
import { hasShared, itShared } from '../support/shared.js';

let env: TestEnvironment;
let apps: k8s.AppsV1Api;
let core: k8s.CoreV1Api;
let custom: k8s.CustomObjectsApi;

beforeAll(async () => {
  // Without ../shared the built-ins are still served; the custom-resource tests skip.
  env = await startTestEnvironment({ crdDirectoryPaths: [cronjobCRDDir, projectV4CRDDir].filter((dir) => hasShared(dir)) });
  apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
  core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
  custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
});
afterAll(() => env.stop());

function deployment(name: string): k8s.V1Deployment {
  return {
    metadata: { name },
    spec: {
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'web', image: 'nginx:1', env: [{ name: 'A', value: '1' }], ports: [{ containerPort: 80 }] }, { name: 'side', image: 'busybox' }] },
      },
    },
  };
}

describe('strategic merge patch', () => {
  it('merges containers and env by name instead of replacing the lists', async () => {
    await apps.createNamespacedDeployment({ namespace: 'default', body: deployment('smp') });
    const patched = await apps.patchNamespacedDeployment(
      { namespace: 'default', name: 'smp', body: { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:2', env: [{ name: 'B', value: '2' }] }] } } } } },
      patchAs(k8s.PatchStrategy.StrategicMergePatch),
    );
    const containers = patched.spec!.template.spec!.containers;
    expect(containers.map((c) => [c.name, c.image])).toEqual([['web', 'nginx:2'], ['side', 'busybox']]);
    // The patch's elements come first, then those only the server had (kube-apiserver's order).
    expect(containers[0].env).toEqual([{ name: 'B', value: '2' }, { name: 'A', value: '1' }]);
    expect(containers[0].ports).toEqual([{ containerPort: 80, protocol: 'TCP' }]);
  });

  it('deletes list elements with $patch: delete', async () => {
    await apps.createNamespacedDeployment({ namespace: 'default', body: deployment('smp-del') });
    const patched = await apps.patchNamespacedDeployment(
      { namespace: 'default', name: 'smp-del', body: { spec: { template: { spec: { containers: [{ name: 'side', $patch: 'delete' }] } } } } },
      patchAs(k8s.PatchStrategy.StrategicMergePatch),
    );
    expect(patched.spec!.template.spec!.containers.map((c) => c.name)).toEqual(['web']);
  });

  itShared(cronjobCRDDir, 'is refused for custom resources with 415', async () => {
    await custom.createNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', body: { apiVersion: `${CRONJOB_GROUP}/v1`, kind: 'CronJob', metadata: { name: 'smp' }, spec: { schedule: '* * * * *', jobTemplate: {} } } });
    const { code, body } = await statusOf(custom.patchNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', name: 'smp', body: { spec: { suspend: true } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch)));
    expect(code).toBe(415);
    expect(body.reason).toBe('UnsupportedMediaType');
  });
});

describe('JSON merge patch and JSON patch', () => {
  it('merge patch replaces lists and deletes with null', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'mp', labels: { a: '1', b: '2' } }, data: { x: '1' } } });
    const patched = await core.patchNamespacedConfigMap({ namespace: 'default', name: 'mp', body: { metadata: { labels: { a: null } }, data: { y: '2' } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(patched.metadata?.labels).toEqual({ b: '2' });
    expect(patched.data).toEqual({ x: '1', y: '2' });
  });

  it('applies JSON patch operations and answers 422 when a test fails', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'jp' }, data: { x: '1' } } });
    const patched = await core.patchNamespacedConfigMap({ namespace: 'default', name: 'jp', body: [{ op: 'add', path: '/data/y', value: '2' }, { op: 'remove', path: '/data/x' }] }, patchAs(k8s.PatchStrategy.JsonPatch));
    expect(patched.data).toEqual({ y: '2' });
    const { code } = await statusOf(core.patchNamespacedConfigMap({ namespace: 'default', name: 'jp', body: [{ op: 'test', path: '/data/y', value: 'nope' }] }, patchAs(k8s.PatchStrategy.JsonPatch)));
    expect(code).toBe(422);
  });

  it('still copies values with JSON patch copy operations', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'jp-copy' }, data: { x: 'v'.repeat(1000) } } });
    const patched = await core.patchNamespacedConfigMap(
      { namespace: 'default', name: 'jp-copy', body: [{ op: 'copy', from: '/data/x', path: '/data/y' }, { op: 'copy', from: '/data', path: '/metadata/annotations' }] },
      patchAs(k8s.PatchStrategy.JsonPatch),
    );
    expect(patched.data).toEqual({ x: 'v'.repeat(1000), y: 'v'.repeat(1000) });
    expect(patched.metadata?.annotations).toEqual(patched.data);
  });

  it('refuses a patch whose copies pass 3 MiB with kube-apiserver\'s 422, before the object grows', async () => {
    // Each copy doubles data.d: 13 of them copy 8 MiB in all (36 would copy 64 GiB); the limit stops the 12th.
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'jp-bomb' }, data: { a: 'x'.repeat(64) } } });
    const bomb: object[] = [{ op: 'add', path: '/data/d', value: ['x'.repeat(1024)] }];
    for (let i = 0; i < 13; i++) bomb.push({ op: 'copy', from: '/data/d', path: '/data/d/-' });
    const { code, body } = await statusOf(core.patchNamespacedConfigMap({ namespace: 'default', name: 'jp-bomb', body: bomb }, patchAs(k8s.PatchStrategy.JsonPatch)));
    expect(code).toBe(422);
    expect(body.reason).toBe('Invalid');
    const cause = (body.details as { causes: { message: string }[] }).causes[0].message;
    expect(cause).toMatch(/^Unable to complete the copy, the accumulated size increase of copy is \d+, exceeding the limit 3145728$/);
    expect((await core.readNamespacedConfigMap({ namespace: 'default', name: 'jp-bomb' })).data).toEqual({ a: 'x'.repeat(64) });
  });

  it('refuses a JSON patch of more than 10,000 operations with 413', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'jp-ops' }, data: { a: '1' } } });
    const ops = Array.from({ length: 10_001 }, () => ({ op: 'test', path: '/data/a', value: '1' }));
    const { code, body } = await statusOf(core.patchNamespacedConfigMap({ namespace: 'default', name: 'jp-ops', body: ops }, patchAs(k8s.PatchStrategy.JsonPatch)));
    expect(code).toBe(413);
    expect(body.message).toBe('Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001');
  });

  it('does not persist dry-run writes', async () => {
    const cm = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'dry' }, data: { x: '1' } }, dryRun: 'All' });
    expect(cm.metadata?.name).toBe('dry');
    const { code } = await statusOf(core.readNamespacedConfigMap({ namespace: 'default', name: 'dry' }));
    expect(code).toBe(404);
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'dry' }, data: { x: '1' } } });
    const patched = await core.patchNamespacedConfigMap({ namespace: 'default', name: 'dry', body: { data: { x: '2' } }, dryRun: 'All' }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(patched.data).toEqual({ x: '2' });
    expect((await core.readNamespacedConfigMap({ namespace: 'default', name: 'dry' })).data).toEqual({ x: '1' });
  });

  it('treats a resourceVersion in a patch as a precondition', async () => {
    const cm = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'pre' }, data: { x: '1' } } });
    await core.patchNamespacedConfigMap({ namespace: 'default', name: 'pre', body: { data: { x: '2' } } }, patchAs(k8s.PatchStrategy.MergePatch));
    const { code } = await statusOf(core.patchNamespacedConfigMap({ namespace: 'default', name: 'pre', body: { metadata: { resourceVersion: cm.metadata!.resourceVersion }, data: { x: '3' } } }, patchAs(k8s.PatchStrategy.MergePatch)));
    expect(code).toBe(409);
  });
});

describe('server-side apply', () => {
  const applyOpts = (manager: string, force = false) => ({ namespace: 'default', fieldManager: manager, force });

  it('creates with an Apply managedFields entry and updates what the manager applies', async () => {
    const created = await core.patchNamespacedConfigMap(
      { ...applyOpts('alice'), name: 'ssa', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ssa' }, data: { a: '1', b: '2' } } },
      patchAs(k8s.PatchStrategy.ServerSideApply),
    );
    expect(created.data).toEqual({ a: '1', b: '2' });
    expect(created.metadata?.managedFields?.map((m) => [m.manager, m.operation])).toEqual([['alice', 'Apply']]);
    expect(created.metadata?.managedFields?.[0].fieldsV1).toEqual({ 'f:data': { 'f:a': {}, 'f:b': {} } });
    // Applying without b removes b, which alice alone owned.
    const again = await core.patchNamespacedConfigMap(
      { ...applyOpts('alice'), name: 'ssa', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ssa' }, data: { a: '1' } } },
      patchAs(k8s.PatchStrategy.ServerSideApply),
    );
    expect(again.data).toEqual({ a: '1' });
  });

  it('reports conflicts with another manager, and takes the field over with force', async () => {
    await core.patchNamespacedConfigMap(
      { ...applyOpts('alice'), name: 'ssa2', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ssa2' }, data: { a: '1' } } },
      patchAs(k8s.PatchStrategy.ServerSideApply),
    );
    const bobsConfig = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ssa2' }, data: { a: '2' } };
    const { code, body } = await statusOf(core.patchNamespacedConfigMap({ ...applyOpts('bob'), name: 'ssa2', body: bobsConfig }, patchAs(k8s.PatchStrategy.ServerSideApply)));
    expect(code).toBe(409);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Apply failed with 1 conflict: conflict with "alice": .data.a',
      reason: 'Conflict',
      details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.data.a' }] },
      code: 409,
    });
    const forced = await core.patchNamespacedConfigMap({ ...applyOpts('bob', true), name: 'ssa2', body: bobsConfig }, patchAs(k8s.PatchStrategy.ServerSideApply));
    expect(forced.data).toEqual({ a: '2' });
    const owners = Object.fromEntries((forced.metadata?.managedFields ?? []).map((m) => [m.manager, m.fieldsV1]));
    expect(owners).toEqual({ bob: { 'f:data': { 'f:a': {} } } });
  });

  it('merges keyed lists by their keys and records them as k: entries', async () => {
    const body = { apiVersion: 'apps/v1', kind: 'Deployment', ...deployment('ssa-dep') };
    const applied = await apps.patchNamespacedDeployment({ namespace: 'default', name: 'ssa-dep', fieldManager: 'ctrl', body }, patchAs(k8s.PatchStrategy.ServerSideApply));
    const fields = applied.metadata!.managedFields![0].fieldsV1 as Record<string, Record<string, Record<string, Record<string, Record<string, unknown>>>>>;
    expect(Object.keys(fields['f:spec']['f:template']['f:spec']['f:containers'])).toEqual(['k:{"name":"web"}', 'k:{"name":"side"}']);
    const other = await apps.patchNamespacedDeployment(
      { namespace: 'default', name: 'ssa-dep', fieldManager: 'other', body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'ssa-dep' }, spec: { template: { spec: { containers: [{ name: 'extra', image: 'x' }] } } } } },
      patchAs(k8s.PatchStrategy.ServerSideApply),
    );
    expect(other.spec!.template.spec!.containers.map((c) => c.name)).toEqual(['web', 'side', 'extra']);
  });

  it('accepts a YAML apply configuration', async () => {
    const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yaml\ndata:\n  a: "1"\n';
    const res = await fetch(`${env.server.url}/api/v1/namespaces/default/configmaps/from-yaml?fieldManager=yaml-writer`, { method: 'PATCH', body: yaml, headers: { 'content-type': 'application/apply-patch+yaml', ...credentials(env.server) } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ data: { a: '1' }, metadata: { managedFields: [{ manager: 'yaml-writer', operation: 'Apply' }] } });
  });

  it('matches container ports whose protocol was defaulted, without duplicating them', async () => {
    const config = { apiVersion: 'apps/v1', kind: 'Deployment', ...deployment('ssa-ports') };
    await apps.patchNamespacedDeployment({ namespace: 'default', name: 'ssa-ports', fieldManager: 'ctrl', body: config }, patchAs(k8s.PatchStrategy.ServerSideApply));
    const again = await apps.patchNamespacedDeployment({ namespace: 'default', name: 'ssa-ports', fieldManager: 'ctrl', body: config }, patchAs(k8s.PatchStrategy.ServerSideApply));
    expect(again.spec!.template.spec!.containers[0].ports).toEqual([{ containerPort: 80, protocol: 'TCP' }]);
    expect(again.metadata?.generation).toBe(1);
  });

  itShared(projectV4CRDDir, 'merges status conditions of a custom resource by type (x-kubernetes-list-map-keys) through the status subresource', async () => {
    const group = 'crew.testproject.org';
    await custom.createNamespacedCustomObject({ group, version: 'v1', namespace: 'default', plural: 'captains', body: { apiVersion: `${group}/v1`, kind: 'Captain', metadata: { name: 'kirk' }, spec: { foo: 'bar' } } });
    const condition = (type: string, status: string) => ({ type, status, reason: 'Tested', message: type, lastTransitionTime: '2026-01-01T00:00:00Z' });
    const applyStatus = (manager: string, conditions: unknown[]) =>
      custom.patchNamespacedCustomObjectStatus(
        { group, version: 'v1', namespace: 'default', plural: 'captains', name: 'kirk', fieldManager: manager, body: { apiVersion: `${group}/v1`, kind: 'Captain', metadata: { name: 'kirk' }, status: { conditions } } },
        patchAs(k8s.PatchStrategy.ServerSideApply),
      ) as Promise<{ spec: unknown; status: { conditions: { type: string; status: string }[] }; metadata: { generation: number } }>;
    await applyStatus('ready-controller', [condition('Ready', 'True')]);
    const both = await applyStatus('health-controller', [condition('Healthy', 'False')]);
    expect(both.status.conditions.map((c) => [c.type, c.status])).toEqual([['Ready', 'True'], ['Healthy', 'False']]);
    expect(both.spec).toEqual({ foo: 'bar' });
    expect(both.metadata.generation).toBe(1);
    // The health controller stops reporting: only its own condition goes.
    const after = await applyStatus('health-controller', []);
    expect(after.status.conditions.map((c) => c.type)).toEqual(['Ready']);
  });

  it('requires a field manager', async () => {
    const { code, body } = await statusOf(core.patchNamespacedConfigMap({ namespace: 'default', name: 'x', body: { apiVersion: 'v1', kind: 'ConfigMap' } }, patchAs(k8s.PatchStrategy.ServerSideApply)));
    expect(code).toBe(422);
    expect(body.message).toBe('PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch');
  });

  it('records Update operations of other writers', async () => {
    await core.patchNamespacedConfigMap(
      { ...applyOpts('alice'), name: 'mixed', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'mixed' }, data: { a: '1' } } },
      patchAs(k8s.PatchStrategy.ServerSideApply),
    );
    const updated = await core.patchNamespacedConfigMap({ namespace: 'default', name: 'mixed', fieldManager: 'editor', body: { data: { a: '9' } } }, patchAs(k8s.PatchStrategy.MergePatch));
    const entries = (updated.metadata?.managedFields ?? []).map((m) => [m.manager, m.operation, m.fieldsV1]);
    // The editor changed a, so it owns a now and alice no longer does.
    expect(entries).toEqual([['editor', 'Update', { 'f:data': { 'f:a': {} } }]]);
  });
});
