/**
 * Fields a custom resource's schema does not declare: dropped, and reported as
 * `Warning: 299 - "unknown field \"spec.foo\""` headers unless fieldValidation says otherwise
 * (Warn is the default for clients that do not set it; Ignore drops silently; Strict refuses).
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { statusOf } from './support.js';

const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'things.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'things', singular: 'thing', kind: 'Thing' },
    versions: [{
      name: 'v1',
      served: true,
      storage: true,
      schema: {
        openAPIV3Schema: {
          type: 'object',
          properties: {
            spec: {
              type: 'object',
              properties: {
                size: { type: 'integer' },
                ports: { type: 'array', items: { type: 'object', properties: { port: { type: 'integer' } } } },
                free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              },
            },
          },
        },
      },
    }],
  },
};

let env: TestEnvironment;
let custom: k8s.CustomObjectsApi;

beforeAll(async () => {
  env = await startTestEnvironment({ crds: [CRD] });
  custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
});
afterAll(() => env.stop());

const thing = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name }, spec });
const where = { group: 'example.com', version: 'v1', namespace: 'default', plural: 'things' };

describe('unknown fields of custom resources', () => {
  it('are dropped and reported as warnings by default, as client-node sees them', async () => {
    const res = await custom.createNamespacedCustomObjectWithHttpInfo({
      ...where,
      body: thing('warned', { size: 1, foo: 'x', ports: [{ port: 80, name: 'http' }], free: { anything: true } }),
    });
    expect(res.httpStatusCode).toBe(201);
    expect(res.headers.warning).toBe('299 - "unknown field \\"spec.foo\\"", 299 - "unknown field \\"spec.ports[0].name\\""');
    expect((res.data as { spec: unknown }).spec).toEqual({ size: 1, ports: [{ port: 80 }], free: { anything: true } });
  });

  it('are reported for what a patch adds, not for what is stored', async () => {
    await custom.createNamespacedCustomObject({ ...where, body: thing('patched', { size: 1 }) });
    const res = await custom.patchNamespacedCustomObjectWithHttpInfo(
      { ...where, name: 'patched', body: { spec: { size: 2, bar: { nested: 1 } } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );
    expect(res.headers.warning).toBe('299 - "unknown field \\"spec.bar\\""');
    expect((res.data as { spec: unknown }).spec).toEqual({ size: 2 });
    const clean = await custom.patchNamespacedCustomObjectWithHttpInfo(
      { ...where, name: 'patched', body: { spec: { size: 3 } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );
    expect(clean.headers.warning).toBeUndefined();
  });

  it('are dropped silently with fieldValidation=Ignore', async () => {
    const res = await custom.createNamespacedCustomObjectWithHttpInfo({ ...where, fieldValidation: 'Ignore', body: thing('ignored', { size: 1, foo: 'x' }) });
    expect(res.headers.warning).toBeUndefined();
    expect((res.data as { spec: unknown }).spec).toEqual({ size: 1 });
  });

  it('refuse the request with fieldValidation=Strict', async () => {
    const { code, body } = await statusOf(custom.createNamespacedCustomObject({ ...where, fieldValidation: 'Strict', body: thing('strict', { size: 1, foo: 'x' }) }));
    expect(code).toBe(400);
    expect(body).toMatchObject({
      reason: 'BadRequest',
      message: 'Thing in version "v1" cannot be handled as a Thing: strict decoding error: unknown field "spec.foo"',
    });
  });

  it('warn on update (PUT) too', async () => {
    const created = (await custom.createNamespacedCustomObject({ ...where, body: thing('replaced', { size: 1 }) })) as { metadata: { resourceVersion: string } };
    const res = await custom.replaceNamespacedCustomObjectWithHttpInfo({
      ...where,
      name: 'replaced',
      body: { ...thing('replaced', { size: 2, baz: true }), metadata: { name: 'replaced', resourceVersion: created.metadata.resourceVersion } },
    });
    expect(res.headers.warning).toBe('299 - "unknown field \\"spec.baz\\""');
  });
});
