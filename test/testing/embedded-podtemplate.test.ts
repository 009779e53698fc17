/**
 * A custom resource that embeds a PodTemplateSpec, served from a CRD in controller-gen's shape
 * (test/fixtures/crd/embedded-podtemplate): quantities, list-map merging by server-side apply,
 * and the port protocol default, as kube-apiserver treats them.
 */
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { repoRoot, statusOf } from './support.js';

const QUANTITY = String.raw`^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$`;
let env: TestEnvironment;
let custom: k8s.CustomObjectsApi;

beforeAll(async () => {
  env = await startTestEnvironment({ crdDirectoryPaths: [path.join(repoRoot, 'test', 'fixtures', 'crd', 'embedded-podtemplate')], errorIfCRDPathMissing: true });
  custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
});
afterAll(() => env.stop());

const target = { group: 'example.com', version: 'v1', namespace: 'default', plural: 'workers' };
const worker = (name: string, containers: unknown[]) => ({ apiVersion: 'example.com/v1', kind: 'Worker', metadata: { name }, spec: { template: { spec: { containers } } } });
interface Worker { metadata: { name: string }; spec: { template: { spec: { containers: { name: string; ports?: { containerPort: number; protocol?: string }[]; resources?: unknown }[] } } } }

describe('a CRD embedding a PodTemplateSpec', () => {
  it('accepts quantities as integers and strings, and refuses one that does not match', async () => {
    const ok = (await custom.createNamespacedCustomObject({ ...target, body: worker('sized', [{ name: 'a', image: 'x', resources: { limits: { cpu: 1 }, requests: { cpu: '500m' } } }]) })) as Worker;
    expect(ok.spec.template.spec.containers[0].resources).toEqual({ limits: { cpu: 1 }, requests: { cpu: '500m' } });
    const { code, body } = await statusOf(custom.createNamespacedCustomObject({ ...target, body: worker('lots', [{ name: 'a', image: 'x', resources: { limits: { cpu: 'lots' } } }]) }));
    expect(code).toBe(422);
    const field = 'spec.template.spec.containers[0].resources.limits.cpu';
    expect(body.message).toBe(`Worker.example.com "lots" is invalid: ${field}: Invalid value: "lots": ${field} in body should match '${QUANTITY}'`);
    expect(body.details).toMatchObject({ causes: [{ reason: 'FieldValueInvalid', field }] });
  });

  it('keeps both managers\' containers when two server-side apply the same list', async () => {
    const apply = (manager: string, containers: unknown[]) =>
      custom.patchNamespacedCustomObject({ ...target, name: 'shared', fieldManager: manager, body: worker('shared', containers) }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.ServerSideApply));
    await apply('team-a', [{ name: 'app', image: 'app:1' }]);
    const both = (await apply('team-b', [{ name: 'sidecar', image: 'proxy:1' }])) as Worker;
    expect(both.spec.template.spec.containers.map((c) => c.name)).toEqual(['app', 'sidecar']);
    // team-a re-applies its own container: team-b's stays.
    const again = (await apply('team-a', [{ name: 'app', image: 'app:2' }])) as Worker;
    expect(again.spec.template.spec.containers).toEqual([{ name: 'app', image: 'app:2' }, { name: 'sidecar', image: 'proxy:1' }]);
  });

  it('reads a port without a protocol back with TCP, and merges it with one that names TCP', async () => {
    const created = (await custom.createNamespacedCustomObject({ ...target, body: worker('ports', [{ name: 'a', image: 'x', ports: [{ containerPort: 8080 }] }]) })) as Worker;
    expect(created.spec.template.spec.containers[0].ports).toEqual([{ containerPort: 8080, protocol: 'TCP' }]);
    const applied = (await custom.patchNamespacedCustomObject(
      { ...target, name: 'ports', fieldManager: 'ports', body: worker('ports', [{ name: 'a', ports: [{ containerPort: 8080, name: 'http' }, { containerPort: 8080, protocol: 'UDP' }] }]) },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.ServerSideApply),
    )) as Worker;
    expect(applied.spec.template.spec.containers[0].ports).toEqual([{ containerPort: 8080, protocol: 'TCP', name: 'http' }, { containerPort: 8080, protocol: 'UDP' }]);
  });
});
