import { readFile } from 'node:fs/promises';
import * as k8s from '@kubernetes/client-node';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { CRONJOB_GROUP, collectEvents, credentials, multiversionCRD, patchAs, statusOf } from './support.js';
import { itShared } from '../support/shared.js';

let env: TestEnvironment | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

const widget = (scope: 'Namespaced' | 'Cluster') => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope,
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wd'] },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' }, selector: { type: 'string' } } }, status: { type: 'object', properties: { size: { type: 'integer' }, selector: { type: 'string' } } } } } },
        subresources: { status: {}, scale: { specReplicasPath: '.spec.size', statusReplicasPath: '.status.size', labelSelectorPath: '.status.selector' } },
      },
    ],
  },
});

describe('CustomResourceDefinitions', () => {
  it('created at run time are served, established, and discoverable', async () => {
    env = await startTestEnvironment();
    const ext = env.kubeConfig.makeApiClient(k8s.ApiextensionsV1Api);
    await ext.createCustomResourceDefinition({ body: widget('Cluster') });
    const custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
    const w = (await custom.createClusterCustomObject({ group: 'example.com', version: 'v1', plural: 'widgets', body: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 1 } } })) as k8s.KubernetesObject;
    expect(w.metadata?.namespace).toBeUndefined();
    let crd = await ext.readCustomResourceDefinition({ name: 'widgets.example.com' });
    for (let i = 0; i < 50 && !crd.status?.conditions?.some((c) => c.type === 'Established'); i++) {
      await new Promise((r) => setTimeout(r, 10));
      crd = await ext.readCustomResourceDefinition({ name: 'widgets.example.com' });
    }
    expect(crd.status?.conditions?.find((c) => c.type === 'Established')?.status).toBe('True');
    expect(crd.status?.storedVersions).toEqual(['v1']);
    const resources = await env.kubeConfig.makeApiClient(k8s.CustomObjectsApi).getAPIResources({ group: 'example.com', version: 'v1' });
    expect(resources.resources.map((r) => r.name)).toEqual(['widgets', 'widgets/status', 'widgets/scale']);
    expect(resources.resources[0]).toMatchObject({ kind: 'Widget', namespaced: false, shortNames: ['wd'], singularName: 'widget' });
  });

  it('deleted at run time stop being served and take their objects along', async () => {
    env = await startTestEnvironment({ crds: [widget('Namespaced')] });
    const custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
    await custom.createNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', body: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } } });
    const watched = collectEvents(env.kubeConfig, '/apis/example.com/v1/widgets', {}, () => false);
    for (let i = 0; i < 100 && env.server.watchCount === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await env.kubeConfig.makeApiClient(k8s.ApiextensionsV1Api).deleteCustomResourceDefinition({ name: 'widgets.example.com' });
    await env.server.settle();
    // The watch saw the object go, then ended with the resource.
    expect((await watched.done).map((e) => e.type)).toEqual(['ADDED', 'DELETED']);
    const { code } = await statusOf(custom.listNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets' }));
    expect(code).toBe(404);
  });

  it('reject a name that is not <plural>.<group>', async () => {
    env = await startTestEnvironment();
    const bad = { ...widget('Cluster'), metadata: { name: 'wrong.example.com' } };
    const { code, body } = await statusOf(env.kubeConfig.makeApiClient(k8s.ApiextensionsV1Api).createCustomResourceDefinition({ body: bad }));
    expect(code).toBe(422);
    expect(body.message).toBe('CustomResourceDefinition.apiextensions.k8s.io "wrong.example.com" is invalid: metadata.name: Invalid value: "wrong.example.com": must be spec.names.plural+"."+spec.group');
  });

  it('reject a schema with a CEL rule that does not compile, on create and on update, and serve nothing of it', async () => {
    env = await startTestEnvironment();
    const withRule = (rule: string, resourceVersion?: string) => {
      const crd = widget('Namespaced');
      const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec as Record<string, unknown>;
      spec['x-kubernetes-validations'] = [{ rule }];
      return resourceVersion ? { ...crd, metadata: { ...crd.metadata, resourceVersion } } : crd;
    };
    // Plain HTTP: client-node's CRD model drops x-kubernetes-validations.
    const CRDS = `${env.server.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`;
    const auth = credentials(env.server);
    const send = async (method: 'POST' | 'PUT', body: unknown) => {
      const res = await fetch(method === 'POST' ? CRDS : `${CRDS}/widgets.example.com`, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth } });
      return { code: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const field = 'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule';
    const created = await send('POST', withRule('self.size >'));
    expect(created.code).toBe(422);
    expect(created.body).toMatchObject({
      reason: 'Invalid',
      details: { name: 'widgets.example.com', group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition', causes: [{ reason: 'FieldValueInvalid', field }] },
    });
    expect(String(created.body.message)).toMatch(/^CustomResourceDefinition\.apiextensions\.k8s\.io "widgets\.example\.com" is invalid: spec\.validation\.openAPIV3Schema\.properties\[spec\]\.x-kubernetes-validations\[0\]\.rule: Invalid value: \{"Rule":"self\.size \\u003e",.*\}: compilation failed: ERROR: <input>:1:\d+: Syntax error: /);
    // A rule naming a field the schema does not have fails to compile too.
    const unknownField = await send('POST', withRule('self.replicas > 0'));
    expect(unknownField.code).toBe(422);
    expect(String(unknownField.body.message)).toContain("compilation failed: ERROR: <input>:1:5: undefined field 'replicas'\n | self.replicas > 0\n | ....^");
    const custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
    expect((await statusOf(custom.listNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets' }))).code).toBe(404);

    expect((await send('POST', withRule('self.size >= 0'))).code).toBe(201);
    await env.server.settle();
    await custom.createNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', body: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { size: 1 } } });
    // The CRD controller has written its status since: update from the latest resourceVersion.
    const latest = await env.kubeConfig.makeApiClient(k8s.ApiextensionsV1Api).readCustomResourceDefinition({ name: 'widgets.example.com' });
    const updated = await send('PUT', withRule('self.size >', latest.metadata!.resourceVersion));
    expect(updated.code).toBe(422);
    expect(updated.body).toMatchObject({ details: { causes: [{ field }] } });
    // The CRD as it was keeps serving, its rule enforced.
    const w = (await custom.getNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', name: 'w' })) as { spec: unknown };
    expect(w.spec).toEqual({ size: 1 });
    const negative = await statusOf(custom.createNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', body: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'n' }, spec: { size: -1 } } }));
    expect(negative.code).toBe(422);
  });

  it('reject a schema that is not structural', async () => {
    env = await startTestEnvironment();
    const crd = widget('Namespaced') as unknown as { spec: { versions: { schema: { openAPIV3Schema: Record<string, unknown> } }[] } };
    crd.spec.versions[0].schema.openAPIV3Schema = { type: 'object', properties: { spec: { properties: { size: { type: 'integer' } } } } };
    const { code, body } = await statusOf(env.kubeConfig.makeApiClient(k8s.ApiextensionsV1Api).createCustomResourceDefinition({ body: crd as unknown as k8s.V1CustomResourceDefinition }));
    expect(code).toBe(422);
    expect(body.message).toBe(
      'CustomResourceDefinition.apiextensions.k8s.io "widgets.example.com" is invalid: spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields',
    );
  });

  it('serve the scale subresource from the CRD paths', async () => {
    env = await startTestEnvironment({ crds: [widget('Namespaced')] });
    const custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
    const obj = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 's' }, spec: { size: 2 } };
    const created = (await custom.createNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', body: obj })) as Record<string, unknown> & k8s.KubernetesObject;
    await custom.replaceNamespacedCustomObjectStatus({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', name: 's', body: { ...created, status: { size: 2, selector: 'app=s' } } });
    const scale = (await custom.getNamespacedCustomObjectScale({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', name: 's' })) as Record<string, unknown>;
    expect(scale).toMatchObject({ apiVersion: 'autoscaling/v1', kind: 'Scale', spec: { replicas: 2 }, status: { replicas: 2, selector: 'app=s' } });
    await custom.patchNamespacedCustomObjectScale({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', name: 's', body: { spec: { replicas: 5 } } }, patchAs(k8s.PatchStrategy.MergePatch));
    const after = (await custom.getNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', name: 's' })) as { spec: { size: number }; metadata: { generation: number } };
    expect(after.spec.size).toBe(5);
    expect(after.metadata.generation).toBe(2);
  });

  itShared(multiversionCRD, 'serve every served version of a multi-version CRD, stored at the storage version', async () => {
    const crd = parse(await readFile(multiversionCRD, 'utf8')) as k8s.KubernetesObject;
    env = await startTestEnvironment({ crds: [crd] });
    const custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
    await custom.createNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v1', namespace: 'default', plural: 'cronjobs', body: { apiVersion: `${CRONJOB_GROUP}/v1`, kind: 'CronJob', metadata: { name: 'mv' }, spec: { schedule: '* * * * *', jobTemplate: {} } } });
    const asV2 = (await custom.getNamespacedCustomObject({ group: CRONJOB_GROUP, version: 'v2', namespace: 'default', plural: 'cronjobs', name: 'mv' })) as k8s.KubernetesObject;
    expect(asV2.apiVersion).toBe(`${CRONJOB_GROUP}/v2`);
    const stored = env.server.store.get(`cronjobs.${CRONJOB_GROUP}`, 'default', 'mv');
    expect(stored?.apiVersion).toBe(`${CRONJOB_GROUP}/v1`);
  });
});

describe('custom resources without a status subresource', () => {
  it('keep status on create and count a status change as a generation', async () => {
    const crd = widget('Namespaced');
    const version = crd.spec.versions[0] as Record<string, unknown>;
    delete version.subresources;
    env = await startTestEnvironment({ crds: [crd] });
    const custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
    const created = (await custom.createNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', body: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'plain' }, spec: { size: 1 }, status: { size: 1 } } })) as Record<string, unknown> & k8s.KubernetesObject;
    expect(created.status).toEqual({ size: 1 });
    const updated = (await custom.replaceNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', name: 'plain', body: { ...created, status: { size: 2 } } })) as k8s.KubernetesObject;
    expect(updated.metadata?.generation).toBe(2);
    const { code } = await statusOf(custom.getNamespacedCustomObjectStatus({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', name: 'plain' }));
    expect(code).toBe(404);
  });
});

describe('built-in scale subresource', () => {
  it('reads and writes a Deployment through /scale', async () => {
    env = await startTestEnvironment();
    const apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
    await apps.createNamespacedDeployment({ namespace: 'default', body: { metadata: { name: 'sc' }, spec: { replicas: 1, selector: { matchLabels: { app: 'sc' } }, template: { metadata: { labels: { app: 'sc' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } } });
    const scale = await apps.readNamespacedDeploymentScale({ namespace: 'default', name: 'sc' });
    expect(scale.spec?.replicas).toBe(1);
    expect(scale.status?.selector).toBe('app=sc');
    await apps.replaceNamespacedDeploymentScale({ namespace: 'default', name: 'sc', body: { ...scale, spec: { replicas: 4 } } });
    expect((await apps.readNamespacedDeployment({ namespace: 'default', name: 'sc' })).spec?.replicas).toBe(4);
    const { code } = await statusOf(apps.replaceNamespacedDeploymentScale({ namespace: 'default', name: 'sc', body: { ...scale, spec: { replicas: 2 } } }));
    expect(code).toBe(409);
  });
});
