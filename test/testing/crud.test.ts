import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { CRONJOB_GROUP, cronjobCRDDir, patchAs, statusOf } from './support.js';
import { describeShared, hasShared } from '../support/shared.js';

let env: TestEnvironment;
let core: k8s.CoreV1Api;
let apps: k8s.AppsV1Api;
let custom: k8s.CustomObjectsApi;

beforeAll(async () => {
  // Without ../shared the built-in resources are still served; the custom-resource tests skip.
  env = await startTestEnvironment({ crdDirectoryPaths: hasShared(cronjobCRDDir) ? [cronjobCRDDir] : [], errorIfCRDPathMissing: true });
  core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
  apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
  custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
});
afterAll(() => env.stop());

describe('create', () => {
  it('fills uid, creationTimestamp, resourceVersion, and namespace from the URL', async () => {
    const cm = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'fill' }, data: { a: '1' } } });
    expect(cm.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(cm.metadata?.namespace).toBe('default');
    expect(Number(cm.metadata?.resourceVersion)).toBeGreaterThan(0);
    expect(cm.metadata?.creationTimestamp).toBeInstanceOf(Date);
  });

  it('generates a name from generateName', async () => {
    const cm = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { generateName: 'gen-' } } });
    expect(cm.metadata?.name).toMatch(/^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('answers 409 AlreadyExists with the API server Status', async () => {
    await core.createNamespacedSecret({ namespace: 'default', body: { metadata: { name: 'dup' } } });
    const { code, body } = await statusOf(core.createNamespacedSecret({ namespace: 'default', body: { metadata: { name: 'dup' } } }));
    expect(code).toBe(409);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'secrets "dup" already exists',
      reason: 'AlreadyExists',
      details: { name: 'dup', kind: 'secrets' },
      code: 409,
    });
  });

  it('refuses objects in a namespace that does not exist', async () => {
    const { code, body } = await statusOf(core.createNamespacedConfigMap({ namespace: 'nowhere', body: { metadata: { name: 'x' } } }));
    expect(code).toBe(404);
    expect(body.message).toBe('namespaces "nowhere" not found');
  });

  it('refuses a body over 3 MiB with 413, as kube-apiserver\'s MaxRequestBodyBytes', async () => {
    const { code, body } = await statusOf(core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'huge' }, data: { a: 'x'.repeat(3 * 1024 * 1024) } } }));
    expect(code).toBe(413);
    expect(body).toMatchObject({ reason: 'RequestEntityTooLarge', message: 'Request entity too large: limit is 3145728' });
  });

  it('answers 422 when neither name nor generateName is given', async () => {
    const { code, body } = await statusOf(core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: {} } }));
    expect(code).toBe(422);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required',
      reason: 'Invalid',
      // An empty name is omitted from details, as Go's omitempty does.
      details: { kind: 'ConfigMap', causes: [{ reason: 'FieldValueRequired', message: 'Required value: name or generateName is required', field: 'metadata.name' }] },
      code: 422,
    });
  });
});

describe('get', () => {
  it('answers 404 with the group-qualified resource for grouped kinds', async () => {
    const { code, body } = await statusOf(apps.readNamespacedDeployment({ namespace: 'default', name: 'missing' }));
    expect(code).toBe(404);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'deployments.apps "missing" not found',
      reason: 'NotFound',
      details: { name: 'missing', group: 'apps', kind: 'deployments' },
      code: 404,
    });
  });

  it('answers 404 without a group for core kinds', async () => {
    const { body } = await statusOf(core.readNamespacedPod({ namespace: 'default', name: 'missing' }));
    expect(body.message).toBe('pods "missing" not found');
    expect(body.details).toEqual({ name: 'missing', kind: 'pods' });
  });

  it('has the default and kube-system namespaces', async () => {
    const names = (await core.listNamespace()).items.map((n) => n.metadata?.name);
    expect(names).toEqual(expect.arrayContaining(['default', 'kube-system']));
    const ns = await core.readNamespace({ name: 'default' });
    expect(ns.status?.phase).toBe('Active');
  });
});

describe('update', () => {
  it('bumps resourceVersion and answers 409 Conflict on a stale one', async () => {
    const cm = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'occ' }, data: { v: '1' } } });
    const updated = await core.replaceNamespacedConfigMap({ namespace: 'default', name: 'occ', body: { ...cm, data: { v: '2' } } });
    expect(Number(updated.metadata?.resourceVersion)).toBeGreaterThan(Number(cm.metadata?.resourceVersion));
    const { code, body } = await statusOf(core.replaceNamespacedConfigMap({ namespace: 'default', name: 'occ', body: { ...cm, data: { v: '3' } } }));
    expect(code).toBe(409);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Operation cannot be fulfilled on configmaps "occ": the object has been modified; please apply your changes to the latest version and try again',
      reason: 'Conflict',
      details: { name: 'occ', kind: 'configmaps' },
      code: 409,
    });
  });

  it('groups the resource in a Conflict for grouped kinds', async () => {
    const body = { metadata: { name: 'occ' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } };
    const d = await apps.createNamespacedDeployment({ namespace: 'default', body });
    await apps.replaceNamespacedDeployment({ namespace: 'default', name: 'occ', body: { ...d, spec: { ...d.spec!, replicas: 4 } } });
    const { body: status } = await statusOf(apps.replaceNamespacedDeployment({ namespace: 'default', name: 'occ', body: { ...d, spec: { ...d.spec!, replicas: 5 } } }));
    expect(status.message).toBe('Operation cannot be fulfilled on deployments.apps "occ": the object has been modified; please apply your changes to the latest version and try again');
    expect(status.details).toEqual({ name: 'occ', group: 'apps', kind: 'deployments' });
  });

  it('lets exactly one of many concurrent updates from the same version win', async () => {
    const cm = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'race' }, data: { v: '0' } } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        core.replaceNamespacedConfigMap({ namespace: 'default', name: 'race', body: { ...cm, data: { v: String(i + 1) } } }).then(
          () => 'ok',
          (e: k8s.ApiException<string>) => e.code,
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 409)).toHaveLength(19);
    // Concurrent patches, by contrast, all apply: each is applied to the latest version.
    await Promise.all(Array.from({ length: 20 }, (_, i) => core.patchNamespacedConfigMap({ namespace: 'default', name: 'race', body: { data: { [`k${i}`]: 'x' } } }, patchAs(k8s.PatchStrategy.MergePatch))));
    const final = await core.readNamespacedConfigMap({ namespace: 'default', name: 'race' });
    expect(Object.keys(final.data ?? {}).filter((k) => k.startsWith('k'))).toHaveLength(20);
  });

  it('does not write when nothing changes', async () => {
    const cm = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'same' }, data: { v: '1' } } });
    const again = await core.replaceNamespacedConfigMap({ namespace: 'default', name: 'same', body: cm });
    expect(again.metadata?.resourceVersion).toBe(cm.metadata?.resourceVersion);
  });

  it('bumps generation on spec changes only', async () => {
    const body = { metadata: { name: 'gen' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } };
    const d = await apps.createNamespacedDeployment({ namespace: 'default', body });
    expect(d.metadata?.generation).toBe(1);
    const labelled = await apps.patchNamespacedDeployment({ namespace: 'default', name: 'gen', body: { metadata: { labels: { x: 'y' } } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(labelled.metadata?.generation).toBe(1);
    const scaled = await apps.patchNamespacedDeployment({ namespace: 'default', name: 'gen', body: { spec: { replicas: 3 } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(scaled.metadata?.generation).toBe(2);
  });
});

describeShared(cronjobCRDDir, 'custom resources', () => {
  const cronjob = (name: string) => ({
    apiVersion: `${CRONJOB_GROUP}/v1`,
    kind: 'CronJob',
    metadata: { name },
    spec: { schedule: '*/1 * * * *', jobTemplate: { spec: { template: { spec: { containers: [{ name: 'c', image: 'i' }], restartPolicy: 'Never' } } } } },
  });

  it('serves create, get, list and delete for a loaded CRD', async () => {
    const created = (await custom.createNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', body: cronjob('cj') })) as k8s.KubernetesObject;
    expect(created.metadata?.generation).toBe(1);
    const got = (await custom.getNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', name: 'cj' })) as k8s.KubernetesObject;
    expect(got.metadata?.uid).toBe(created.metadata?.uid);
    const list = (await custom.listNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs' })) as { kind: string; items: k8s.KubernetesObject[] };
    expect(list.kind).toBe('CronJobList');
    expect(list.items.map((i) => i.metadata?.name)).toContain('cj');
    await custom.deleteNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', name: 'cj' });
    const { code, body } = await statusOf(custom.getNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', name: 'cj' }));
    expect(code).toBe(404);
    expect(body.message).toBe(`cronjobs.${CRONJOB_GROUP} "cj" not found`);
  });

  it('requires a resourceVersion on a custom resource update', async () => {
    await custom.createNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', body: cronjob('norv') });
    const { code, body } = await statusOf(custom.replaceNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', name: 'norv', body: cronjob('norv') }));
    expect(code).toBe(422);
    // The registry names the resource, not the kind (kube-apiserver 1.36, test/scenarios' recording).
    expect(body.message).toBe(`cronjobs.${CRONJOB_GROUP} "norv" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update`);
  });

  it('keeps spec on status updates and status on spec updates', async () => {
    const c = (await custom.createNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', body: { ...cronjob('split'), status: { lastScheduleTime: '2026-01-01T00:00:00Z' } } })) as Record<string, unknown> & k8s.KubernetesObject;
    expect(c.status).toBeUndefined();
    const withStatus = (await custom.replaceNamespacedCustomObjectStatus({
      group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', name: 'split',
      body: { ...c, spec: { ...(c.spec as object), schedule: '0 0 * * *' }, status: { lastScheduleTime: '2026-01-01T00:00:00Z' } },
    })) as Record<string, unknown> & k8s.KubernetesObject;
    expect((withStatus.spec as { schedule: string }).schedule).toBe('*/1 * * * *');
    expect(withStatus.status).toEqual({ lastScheduleTime: '2026-01-01T00:00:00Z' });
    expect(withStatus.metadata?.generation).toBe(1);
    const specChanged = (await custom.replaceNamespacedCustomObject({
      group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', name: 'split',
      body: { ...withStatus, spec: { ...(withStatus.spec as object), schedule: '0 0 * * *' }, status: {} },
    })) as Record<string, unknown> & k8s.KubernetesObject;
    expect(specChanged.status).toEqual({ lastScheduleTime: '2026-01-01T00:00:00Z' });
    expect(specChanged.metadata?.generation).toBe(2);
  });
});
