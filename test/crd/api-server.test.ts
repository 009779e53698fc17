/**
 * Generated CRDs in an API server: installed into the test API server (src/testing) and used
 * through @kubernetes/client-node over HTTP, objects are defaulted and validated as the markers say.
 */
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { generateFrom } from './api-sandbox.js';
import { fixturesDir } from './conformance-harness.js';

const TYPES = `import type { ObjectMeta, int32, IntOrString } from 'kubescaffolder/runtime';

export interface GadgetSpec {
  // +kubebuilder:validation:MinLength=3
  // +kubebuilder:validation:MaxLength=8
  name: string;

  // +kubebuilder:validation:Minimum=1
  // +kubebuilder:validation:Maximum=5
  // +kubebuilder:default=2
  // +optional
  replicas?: int32;

  // +kubebuilder:default=Fast
  // +optional
  mode?: 'Fast' | 'Slow';

  // +kubebuilder:validation:XValidation:rule="self.startsWith('x-')",message="must start with x-"
  // +optional
  prefixed?: string;

  // +optional
  port?: IntOrString;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=gd

// Gadget is a small kind with markers of every family.
export interface Gadget {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec: GadgetSpec;
}
`;

let env: TestEnvironment;
let custom: k8s.CustomObjectsApi;
const gadget = (spec: Record<string, unknown>) => ({ apiVersion: 'toys.example.com/v1', kind: 'Gadget', metadata: { name: `g-${Math.random().toString(36).slice(2, 8)}` }, spec });
const create = (body: object) => custom.createNamespacedCustomObject({ group: 'toys.example.com', version: 'v1', namespace: 'default', plural: 'gadgets', body });

async function rejection(promise: Promise<unknown>): Promise<{ code: number; body: string }> {
  try {
    await promise;
  } catch (e) {
    const err = e as k8s.ApiException<string>;
    return { code: err.code, body: String(err.body) };
  }
  throw new Error('expected the API server to reject the object');
}

beforeAll(async () => {
  const gadgets = generateFrom({ 'api/v1/groupversion_info.ts': '// +groupName=toys.example.com\nexport {};\n', 'api/v1/gadget_types.ts': TYPES });
  expect(gadgets.errors).toEqual([]);
  const testdata = generateCrds({ paths: [path.join(fixturesDir, 'testdata')] });
  const tutorial = generateCrds({ paths: [path.join(fixturesDir, 'multiversion-tutorial', 'api')] });
  // The nogroup case (group "") is what controller-gen writes, but no API server accepts it.
  const installable = [...testdata.crds, ...tutorial.crds].map((c) => c.crd).filter((c) => c.spec.group !== '');
  env = await startTestEnvironment({ crds: [...gadgets.crds, ...installable] });
  custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
}, 60_000);

afterAll(async () => {
  await env?.stop();
});

describe('generated CRDs in the test API server', () => {
  it('are all accepted and served, the 740 kB CronJob and the multi-version tutorial included', async () => {
    const ext = env.kubeConfig.makeApiClient(k8s.ApiextensionsV1Api);
    const names = (await ext.listCustomResourceDefinition()).items.map((c) => c.metadata?.name).sort();
    expect(names).toEqual(
      expect.arrayContaining(['gadgets.toys.example.com', 'cronjobs.testdata.kubebuilder.io', 'oneofs.testdata.kubebuilder.io', 'cronjobs.batch.tutorial.kubebuilder.io']),
    );
  });

  it('default what +kubebuilder:default says', async () => {
    const created = (await create(gadget({ name: 'abcd' }))) as { spec: Record<string, unknown> };
    expect(created.spec).toEqual({ name: 'abcd', replicas: 2, mode: 'Fast' });
  });

  it('reject values outside MinLength/MaxLength, Minimum/Maximum and the enum, naming the field', async () => {
    const tooShort = await rejection(create(gadget({ name: 'ab' })));
    expect(tooShort.code).toBe(422);
    expect(tooShort.body).toContain('spec.name');
    const tooMany = await rejection(create(gadget({ name: 'abcd', replicas: 9 })));
    expect(tooMany.code).toBe(422);
    expect(tooMany.body).toContain('spec.replicas');
    const badMode = await rejection(create(gadget({ name: 'abcd', mode: 'Medium' })));
    expect(badMode.code).toBe(422);
    expect(badMode.body).toContain('spec.mode');
  });

  it('enforce XValidation rules with their message', async () => {
    const bad = await rejection(create(gadget({ name: 'abcd', prefixed: 'y-1' })));
    expect(bad.code).toBe(422);
    expect(bad.body).toContain('must start with x-');
    await expect(create(gadget({ name: 'abcd', prefixed: 'x-1' }))).resolves.toBeDefined();
  });

  it('accept both forms of an IntOrString', async () => {
    await expect(create(gadget({ name: 'abcd', port: 8080 }))).resolves.toBeDefined();
    await expect(create(gadget({ name: 'abcd', port: 'http' }))).resolves.toBeDefined();
  });

  it('enforce the oneOf rules of the controller-tools testdata', async () => {
    const oneofs = (spec: object) =>
      custom.createNamespacedCustomObject({
        group: 'testdata.kubebuilder.io',
        version: 'v1beta1',
        namespace: 'default',
        plural: 'oneofs',
        body: { apiVersion: 'testdata.kubebuilder.io/v1beta1', kind: 'Oneof', metadata: { name: `o-${Math.random().toString(36).slice(2, 8)}` }, spec },
      });
    const bad = await rejection(oneofs({ firstTypeWithExactOneof: { foo: 'a', bar: 'b' } }));
    expect(bad.code).toBe(422);
    expect(bad.body).toContain('exactly one of the fields in [foo bar] must be set');
    await expect(oneofs({ firstTypeWithExactOneof: { foo: 'a' } })).resolves.toBeDefined();
  });
});
