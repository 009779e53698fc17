import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { CRONJOB_GROUP, credentials, cronjobCRDDir, statusOf } from './support.js';
import { describeShared, hasShared, itShared } from '../support/shared.js';
import { NEWEST_KUBERNETES_API_VERSION } from '../../src/kube/kubernetes-api.js';

let env: TestEnvironment;

beforeAll(async () => {
  // Without ../shared the built-in groups are still served; the tests of the CronJob CRD skip.
  env = await startTestEnvironment({ crdDirectoryPaths: hasShared(cronjobCRDDir) ? [cronjobCRDDir] : [] });
});
afterAll(() => env.stop());

async function getJSON(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${env.server.url}${path}`, { headers: credentials(env.server) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('discovery', () => {
  itShared(cronjobCRDDir, 'lists the core version and the groups, with the CRD group', async () => {
    const versions = await env.kubeConfig.makeApiClient(k8s.CoreApi).getAPIVersions();
    expect(versions.versions).toEqual(['v1']);
    const groups = await env.kubeConfig.makeApiClient(k8s.ApisApi).getAPIVersions();
    const names = groups.groups.map((g) => g.name);
    for (const g of ['apps', 'batch', 'coordination.k8s.io', 'events.k8s.io', 'apiextensions.k8s.io', CRONJOB_GROUP]) expect(names).toContain(g);
    expect(groups.groups.find((g) => g.name === 'apps')?.preferredVersion).toEqual({ groupVersion: 'apps/v1', version: 'v1' });
  });

  itShared(cronjobCRDDir, 'describes the resources of a group version with verbs and subresources', async () => {
    const core = await env.kubeConfig.makeApiClient(k8s.CoreV1Api).getAPIResources();
    const pods = core.resources.find((r) => r.name === 'pods')!;
    expect(pods).toMatchObject({ kind: 'Pod', namespaced: true, shortNames: ['po'], singularName: 'pod' });
    expect(pods.verbs.sort()).toEqual(['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
    expect(core.resources.map((r) => r.name)).toEqual(expect.arrayContaining(['namespaces', 'namespaces/status', 'configmaps', 'secrets', 'services', 'events', 'serviceaccounts']));
    const apps = await env.kubeConfig.makeApiClient(k8s.AppsV1Api).getAPIResources();
    expect(apps.resources.find((r) => r.name === 'deployments/scale')).toMatchObject({ group: 'autoscaling', version: 'v1', kind: 'Scale' });
    const crd = await getJSON(`/apis/${CRONJOB_GROUP}/v1`);
    expect((crd.body.resources as { name: string }[]).map((r) => r.name)).toEqual(['cronjobs', 'cronjobs/status']);
  });

  it('serves aggregated discovery (apidiscovery.k8s.io/v2) when asked for it', async () => {
    const accept = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json';
    const res = await fetch(`${env.server.url}/apis`, { headers: { accept, ...credentials(env.server) } });
    expect(res.headers.get('content-type')).toBe('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
    const doc = (await res.json()) as { kind: string; items: { metadata: { name?: string }; versions: { version: string; resources: Record<string, unknown>[] }[] }[] };
    expect(doc.kind).toBe('APIGroupDiscoveryList');
    const apps = doc.items.find((g) => g.metadata.name === 'apps')!;
    expect(apps.versions[0].resources.find((r) => r.resource === 'deployments')).toEqual({
      resource: 'deployments',
      responseKind: { group: 'apps', version: 'v1', kind: 'Deployment' },
      scope: 'Namespaced',
      singularResource: 'deployment',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['deploy'],
      categories: ['all'],
      subresources: [
        { subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get', 'patch', 'update'] },
        { subresource: 'status', responseKind: { group: 'apps', version: 'v1', kind: 'Deployment' }, verbs: ['get', 'patch', 'update'] },
      ],
    });
    const core = (await (await fetch(`${env.server.url}/api`, { headers: { accept, ...credentials(env.server) } })).json()) as typeof doc;
    expect(core.items).toHaveLength(1);
    expect(core.items[0].versions[0].resources.map((r) => r.resource)).toContain('pods');
  });

  it("answers 404 for groups and resources it does not serve, in Go's plain text as kube-apiserver's mux does", async () => {
    for (const path of ['/apis/nothing.example.com', '/apis/nothing.example.com/v1/things', '/api/v1/namespaces/default/nodes']) {
      const res = await fetch(`${env.server.url}${path}`, { headers: credentials(env.server) });
      expect([path, res.status, res.headers.get('content-type'), await res.text()]).toEqual([path, 404, 'text/plain; charset=utf-8', '404 page not found\n']);
    }
    const failed = await env.kubeConfig.makeApiClient(k8s.CustomObjectsApi).listClusterCustomObject({ group: 'nothing.example.com', version: 'v1', plural: 'things' }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(k8s.ApiException);
    expect((failed as k8s.ApiException<unknown>).code).toBe(404);
  });

  itShared(cronjobCRDDir, 'serves OpenAPI v3 documents with the CRD schema', async () => {
    const index = await getJSON('/openapi/v3');
    const paths = index.body.paths as Record<string, { serverRelativeURL: string }>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['api/v1', 'apis/apps/v1', `apis/${CRONJOB_GROUP}/v1`]));
    const doc = await getJSON(paths[`apis/${CRONJOB_GROUP}/v1`].serverRelativeURL);
    const schemas = (doc.body.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    const cronjob = Object.values(schemas).find((s) => JSON.stringify(s['x-kubernetes-group-version-kind']).includes('"CronJob"'))!;
    expect(Object.keys(cronjob.properties as object)).toEqual(expect.arrayContaining(['spec', 'status']));
  });

  it('answers 405 for methods a path does not take', async () => {
    const res = await fetch(`${env.server.url}/api/v1/namespaces/default/configmaps/named`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...credentials(env.server) } });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server does not allow this method on the requested resource', reason: 'MethodNotAllowed', details: {}, code: 405 });
  });

  it('answers /version, /healthz and /readyz', async () => {
    const version = await env.kubeConfig.makeApiClient(k8s.VersionApi).getCode();
    // The release whose built-in schemas objects are checked against.
    expect([version.major, version.minor, version.gitVersion]).toEqual([...NEWEST_KUBERNETES_API_VERSION.split('.'), `v${NEWEST_KUBERNETES_API_VERSION}.0`]);
    const openapi = await getJSON('/openapi/v3/apis/apps/v1');
    expect(openapi.body.info).toEqual({ title: 'Kubernetes', version: version.gitVersion });
    for (const p of ['/healthz', '/readyz', '/livez']) {
      const res = await fetch(`${env.server.url}${p}`, { headers: credentials(env.server) });
      expect([res.status, await res.text()]).toEqual([200, 'ok']);
    }
  });
});

describe("the release's other built-in resources", () => {
  it('are served at their GA version, with the scope, subresources and short names discovery gives them', async () => {
    const storage = (await getJSON('/apis/storage.k8s.io/v1')).body.resources as { name: string; namespaced: boolean; shortNames?: string[] }[];
    expect(storage.find((r) => r.name === 'storageclasses')).toMatchObject({ namespaced: false, shortNames: ['sc'] });
    const core = (await getJSON('/api/v1')).body.resources as { name: string; namespaced: boolean; shortNames?: string[] }[];
    expect(core.find((r) => r.name === 'persistentvolumes')).toMatchObject({ namespaced: false, shortNames: ['pv'] });
    expect(core.map((r) => r.name)).toEqual(expect.arrayContaining(['persistentvolumes/status', 'replicationcontrollers/scale', 'resourcequotas/status', 'limitranges']));
    // A kind added in 1.36 (GA MutatingAdmissionPolicy) is served by a server of that release.
    const admission = (await getJSON('/apis/admissionregistration.k8s.io/v1')).body.resources as { name: string }[];
    expect(admission.map((r) => r.name)).toContain('mutatingadmissionpolicies');
  });

  it('serve an older GA version beside the newest when the server converts between them: autoscaling v1 and v2, v2 preferred', async () => {
    const versions = [{ groupVersion: 'autoscaling/v2', version: 'v2' }, { groupVersion: 'autoscaling/v1', version: 'v1' }];
    expect((await getJSON('/apis/autoscaling')).body).toMatchObject({ versions, preferredVersion: versions[0] });
    const groups = await env.kubeConfig.makeApiClient(k8s.ApisApi).getAPIVersions();
    expect(groups.groups.find((g) => g.name === 'autoscaling')).toMatchObject({ versions, preferredVersion: versions[0] });
    const v1 = await env.kubeConfig.makeApiClient(k8s.AutoscalingV1Api).getAPIResources();
    expect(v1.resources.map((r) => [r.name, r.kind, r.namespaced])).toEqual([['horizontalpodautoscalers', 'HorizontalPodAutoscaler', true], ['horizontalpodautoscalers/status', 'HorizontalPodAutoscaler', true]]);
    expect(v1.resources[0]).toMatchObject({ shortNames: ['hpa'], categories: ['all'] });

    const accept = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
    const doc = (await (await fetch(`${env.server.url}/apis`, { headers: { accept, ...credentials(env.server) } })).json()) as { items: { metadata: { name?: string }; versions: { version: string; resources: { resource: string; responseKind: unknown }[] }[] }[] };
    const autoscaling = doc.items.find((g) => g.metadata.name === 'autoscaling')!;
    expect(autoscaling.versions.map((v) => [v.version, v.resources.map((r) => [r.resource, r.responseKind])])).toEqual([
      ['v2', [['horizontalpodautoscalers', { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' }]]],
      ['v1', [['horizontalpodautoscalers', { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' }]]],
    ]);
    const openapi = await getJSON('/openapi/v3/apis/autoscaling/v1');
    const schemas = (openapi.body.components as { schemas: Record<string, { properties?: Record<string, unknown> }> }).schemas;
    expect(Object.keys(schemas['io.k8s.api.autoscaling.v1.HorizontalPodAutoscalerSpec'].properties!)).toContain('targetCPUUtilizationPercentage');
  });

  it('take objects through the client library, checked against the release schema', async () => {
    const autoscaling = env.kubeConfig.makeApiClient(k8s.AutoscalingV2Api);
    await autoscaling.createNamespacedHorizontalPodAutoscaler({ namespace: 'default', body: {
      metadata: { name: 'web' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 5 },
    } });
    const hpa = await autoscaling.readNamespacedHorizontalPodAutoscaler({ namespace: 'default', name: 'web' });
    expect([hpa.apiVersion, hpa.kind, hpa.spec?.maxReplicas]).toEqual(['autoscaling/v2', 'HorizontalPodAutoscaler', 5]);
    const storage = env.kubeConfig.makeApiClient(k8s.StorageV1Api);
    await storage.createStorageClass({ body: { metadata: { name: 'fast' }, provisioner: 'example.com/fast', reclaimPolicy: 'Retain' } });
    expect((await storage.listStorageClass()).items.map((c) => [c.metadata?.name, c.metadata?.namespace, c.reclaimPolicy])).toEqual([['fast', undefined, 'Retain']]);
    const res = await fetch(`${env.server.url}/apis/scheduling.k8s.io/v1/priorityclasses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...credentials(env.server) },
      body: JSON.stringify({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 'high' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('cannot unmarshal string into Go struct field PriorityClass.value of type int32');
  });
});

describe('a server of another release', () => {
  let other: TestEnvironment;
  beforeAll(async () => {
    other = await startTestEnvironment({ server: { kubernetesVersion: { major: '1', minor: '35' } } });
  });
  afterAll(() => other.stop());

  it('reports that release in /version and its OpenAPI documents', async () => {
    const version = await other.kubeConfig.makeApiClient(k8s.VersionApi).getCode();
    expect([version.major, version.minor, version.gitVersion]).toEqual(['1', '35', 'v1.35.0']);
    const res = await fetch(`${other.server.url}/openapi/v3/api/v1`, { headers: credentials(other.server) });
    expect(((await res.json()) as { info: unknown }).info).toEqual({ title: 'Kubernetes', version: 'v1.35.0' });
  });

  it('serves the resources of that release', async () => {
    const res = await fetch(`${other.server.url}/apis/admissionregistration.k8s.io/v1`, { headers: credentials(other.server) });
    const names = ((await res.json()) as { resources: { name: string }[] }).resources.map((r) => r.name);
    expect(names).toContain('validatingadmissionpolicies');
    expect(names).not.toContain('mutatingadmissionpolicies');
  });
});

describeShared(cronjobCRDDir, 'schema validation of custom resources', () => {
  const custom = () => env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
  const create = (name: string, spec: Record<string, unknown>) =>
    custom().createNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', body: { apiVersion: `${CRONJOB_GROUP}/v1`, kind: 'CronJob', metadata: { name }, spec } });

  it('answers 422 Invalid with a cause per field, as kube-apiserver', async () => {
    const { code, body } = await statusOf(create('bad', { schedule: '* * * * *', jobTemplate: {}, concurrencyPolicy: 'Sometimes' }));
    expect(code).toBe(422);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `CronJob.${CRONJOB_GROUP} "bad" is invalid: spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"`,
      reason: 'Invalid',
      details: {
        name: 'bad',
        group: CRONJOB_GROUP,
        kind: 'CronJob',
        causes: [{ reason: 'FieldValueNotSupported', message: 'Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"', field: 'spec.concurrencyPolicy' }],
      },
      code: 422,
    });
  });

  it('brackets several errors in the message', async () => {
    const { body } = await statusOf(create('worse', { jobTemplate: {}, startingDeadlineSeconds: -1 }));
    expect(String(body.message)).toMatch(new RegExp(`^CronJob\\.${CRONJOB_GROUP.replace(/\./g, '\\.')} "worse" is invalid: \\[.*\\]$`));
    const fields = ((body.details as { causes: { field: string }[] }).causes).map((c) => c.field).sort();
    expect(fields).toEqual(['spec.schedule', 'spec.startingDeadlineSeconds']);
  });

  it('refuses unknown fields with fieldValidation=Strict and warns about them by default', async () => {
    const body = JSON.stringify({ apiVersion: `${CRONJOB_GROUP}/v1`, kind: 'CronJob', metadata: { name: 'strict' }, spec: { schedule: '* * * * *', jobTemplate: {}, bogus: 1, extra: { a: 1 } } });
    const url = `${env.server.url}/apis/${CRONJOB_GROUP}/v1/namespaces/default/cronjobs`;
    const strict = await fetch(`${url}?fieldValidation=Strict`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...credentials(env.server) } });
    expect(strict.status).toBe(400);
    expect(await strict.json()).toMatchObject({
      reason: 'BadRequest',
      message: 'CronJob in version "v1" cannot be handled as a CronJob: strict decoding error: unknown field "spec.bogus", unknown field "spec.extra"',
    });
    const warned = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...credentials(env.server) } });
    expect(warned.status).toBe(201);
    expect(warned.headers.get('warning')).toBe('299 - "unknown field \\"spec.bogus\\"", 299 - "unknown field \\"spec.extra\\""');
  });

  it('prunes unknown fields and applies defaults', async () => {
    const created = (await create('pruned', { schedule: '* * * * *', jobTemplate: {}, bogus: true })) as { spec: Record<string, unknown> };
    expect(created.spec.bogus).toBeUndefined();
    expect(created.spec.concurrencyPolicy).toBe('Allow');
  });
});
