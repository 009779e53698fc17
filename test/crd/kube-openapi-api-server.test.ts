/**
 * A CRD whose schema embeds Kubernetes' resource.Quantity accepts `cpu: 1` (a number) when the
 * schemas come from Kubernetes' OpenAPI documents or from the shipped Kubernetes API data (the
 * default; int-or-string), and is rejected by the API server when they come from client-node's
 * models (a string), the bug both fix.
 */
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientNodeModels, kubeOpenApiSource } from '../../src/generators/crd/index.js';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { generateFrom } from './api-sandbox.js';
import { repoRoot } from './conformance-harness.js';

const documents = path.join(repoRoot, 'test', 'fixtures', 'kube-openapi', 'project', 'k8s');

const types = `import type { V1Container } from '@kubernetes/client-node';
import type { ObjectMeta } from 'kubescaffolder/runtime';

export interface RunnerSpec {
  // +listType=map
  // +listMapKey=name
  containers: V1Container[];
}

// +kubebuilder:object:root=true

// Runner runs containers.
export interface Runner {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec: RunnerSpec;
}
`;

function runners(group: string, source: 'documents' | 'models' | 'default') {
  const options = { documents: { builtinSchemas: kubeOpenApiSource([documents]) }, models: { builtinSchemas: clientNodeModels }, default: {} }[source];
  const r = generateFrom({ 'api/v1/groupversion_info.ts': `// +groupName=${group}\nexport {};\n`, 'api/v1/runner_types.ts': types }, options);
  expect(r.errors).toEqual([]);
  return r.crds;
}

let env: TestEnvironment;
let custom: k8s.CustomObjectsApi;

beforeAll(async () => {
  env = await startTestEnvironment({ crds: [...runners('documents.example.com', 'documents'), ...runners('models.example.com', 'models'), ...runners('shipped.example.com', 'default')] });
  custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
}, 60_000);

afterAll(async () => {
  await env?.stop();
});

const create = (group: string, name: string, cpu: unknown) =>
  custom.createNamespacedCustomObject({
    group,
    version: 'v1',
    namespace: 'default',
    plural: 'runners',
    body: {
      apiVersion: `${group}/v1`,
      kind: 'Runner',
      metadata: { name },
      spec: { containers: [{ name: 'main', image: 'busybox', resources: { limits: { cpu, memory: '64Mi' } } }] },
    },
  });

describe('resource.Quantity in an API server', () => {
  it('accepts cpu: 1 (a number) and "500m" with the schema from the OpenAPI documents', async () => {
    const created = (await create('documents.example.com', 'number', 1)) as { spec: { containers: { resources: { limits: Record<string, unknown> } }[] } };
    expect(created.spec.containers[0].resources.limits).toEqual({ cpu: 1, memory: '64Mi' });
    await expect(create('documents.example.com', 'string', '500m')).resolves.toBeDefined();
  });

  it('accepts cpu: 1 and rejects a malformed quantity with the shipped data (the default)', async () => {
    await expect(create('shipped.example.com', 'number', 1)).resolves.toBeDefined();
    const err = await create('shipped.example.com', 'malformed', 'lots').then(
      () => undefined,
      (e: k8s.ApiException<string>) => e,
    );
    expect(err?.code).toBe(422);
  });

  it('rejects a malformed quantity with the documents, by its pattern', async () => {
    const err = await create('documents.example.com', 'malformed', 'lots').then(
      () => undefined,
      (e: k8s.ApiException<string>) => e,
    );
    expect(err?.code).toBe(422);
    expect(String(err?.body)).toContain('spec.containers[0].resources.limits.cpu');
  });

  it('rejects cpu: 1 with the client-node schema (a string)', async () => {
    const err = await create('models.example.com', 'number', 1).then(
      () => undefined,
      (e: k8s.ApiException<string>) => e,
    );
    expect(err?.code).toBe(422);
    expect(String(err?.body)).toContain('spec.containers[0].resources.limits.cpu');
    await expect(create('models.example.com', 'string', '500m')).resolves.toBeDefined();
  });
});
