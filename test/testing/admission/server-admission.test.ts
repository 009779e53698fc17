/**
 * Admission inside the server's write path, in kube-apiserver's order: defaulting, mutating
 * webhooks, schema validation (and CEL), validating webhooks, storage; and webhooks registered
 * for another version of a resource called with the object converted to their version.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../../src/testing/index.js';
import { statusOf } from '../support.js';
import { admissionResponse, jsonPatch, startWebhookServer, type WebhookServer } from './https-webhook-server.js';

const GROUP = 'order.example.com';

let server: WebhookServer;
let env: TestEnvironment;
let custom: k8s.CustomObjectsApi;

/** v1 spells the size `spec.replicas`, v2 `spec.size`; both 0..10; the conversion webhook renames it. */
function crd(): Record<string, unknown> {
  const version = (name: string, field: string, storage: boolean) => ({
    name,
    served: true,
    storage,
    schema: {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          spec: {
            type: 'object',
            properties: { [field]: { type: 'integer', minimum: 0, maximum: 10 }, mode: { type: 'string' } },
            'x-kubernetes-validations': [{ rule: "!has(self.mode) || self.mode != 'forbidden'", message: 'mode may not be forbidden' }],
          },
        },
      },
    },
  });
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `widgets.${GROUP}` },
    spec: {
      group: GROUP,
      names: { kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget' },
      scope: 'Namespaced',
      versions: [version('v1', 'replicas', true), version('v2', 'size', false)],
      conversion: {
        strategy: 'Webhook',
        webhook: { clientConfig: { url: `${server.url}/convert`, caBundle: server.caBundle }, conversionReviewVersions: ['v1'] },
      },
    },
  };
}

function rename(spec: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const { [from]: value, ...rest } = spec;
  return value === undefined ? rest : { ...rest, [to]: value };
}

beforeAll(async () => {
  server = await startWebhookServer();
  server.handle('/convert', (review) => {
    const request = review.request as { uid: string; desiredAPIVersion: string; objects: { spec?: Record<string, unknown> }[] };
    const toV2 = request.desiredAPIVersion.endsWith('/v2');
    const convertedObjects = request.objects.map((o) => ({
      ...o,
      apiVersion: request.desiredAPIVersion,
      ...(o.spec ? { spec: toV2 ? rename(o.spec, 'replicas', 'size') : rename(o.spec, 'size', 'replicas') } : {}),
    }));
    return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: { uid: request.uid, result: { status: 'Success' }, convertedObjects } };
  });
  env = await startTestEnvironment({ crds: [crd()] });
  custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
  const admission = env.kubeConfig.makeApiClient(k8s.AdmissionregistrationV1Api);
  // Registered for v1 only, as the multiversion tutorial's webhooks; matchPolicy defaults to Equivalent.
  const webhook = (name: string, path: string) => ({
    name,
    admissionReviewVersions: ['v1'],
    sideEffects: 'None',
    failurePolicy: 'Fail',
    clientConfig: { url: `${server.url}${path}`, caBundle: server.caBundle },
    rules: [{ apiGroups: [GROUP], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['widgets'] }],
  });
  await admission.createMutatingWebhookConfiguration({ body: { metadata: { name: 'widgets' }, webhooks: [webhook('mwidget-v1.kb.io', '/mutate')] } });
  await admission.createValidatingWebhookConfiguration({ body: { metadata: { name: 'widgets' }, webhooks: [webhook('vwidget-v1.kb.io', '/validate')] } });
});

afterAll(async () => {
  await env?.stop();
  await server?.close();
});

interface Review {
  request: { kind: { version: string }; requestKind: { version: string }; object: { apiVersion: string; metadata: { name: string; labels?: Record<string, string> }; spec?: Record<string, unknown> } };
}

beforeEach(() => {
  server.received.length = 0;
  // By default: the mutating webhook sets replicas 3 when absent, or 99 when the widget asks to be inflated.
  server.handle('/mutate', (review) => {
    const { object } = (review as unknown as Review).request;
    if (object.metadata.labels?.inflate === 'yes') return admissionResponse(review, { allowed: true, ...jsonPatch([{ op: 'add', path: '/spec/replicas', value: 99 }]) });
    if (object.spec?.replicas === undefined) return admissionResponse(review, { allowed: true, ...jsonPatch([{ op: 'add', path: '/spec/replicas', value: 3 }]) });
    return admissionResponse(review, { allowed: true });
  });
  server.handle('/validate', (review) => admissionResponse(review, { allowed: true }));
});

function widget(version: 'v1' | 'v2', name: string, spec: Record<string, unknown>, labels?: Record<string, string>): Record<string, unknown> {
  return { apiVersion: `${GROUP}/${version}`, kind: 'Widget', metadata: { name, ...(labels ? { labels } : {}) }, spec };
}

function create(version: 'v1' | 'v2', body: Record<string, unknown>): Promise<Record<string, unknown>> {
  return custom.createNamespacedCustomObject({ group: GROUP, version, namespace: 'default', plural: 'widgets', body }) as Promise<Record<string, unknown>>;
}

const calls = (path: string) => server.received.filter((r) => r.path === path).length;

describe('admission order in the write path', () => {
  it('does not call validating webhooks for an object that fails schema validation', async () => {
    const { code, body } = await statusOf(create('v1', widget('v1', 'negative', { replicas: -1 })));
    expect(code).toBe(422);
    expect(body).toMatchObject({ reason: 'Invalid', details: { causes: [expect.objectContaining({ field: 'spec.replicas' })] } });
    expect(calls('/mutate')).toBe(1);
    expect(calls('/validate')).toBe(0);
  });

  it('does not call validating webhooks for an object that fails a CEL rule, nor on update', async () => {
    await create('v1', widget('v1', 'cel', { replicas: 1 }));
    expect(calls('/validate')).toBe(1);
    const { code, body } = await statusOf(
      custom.patchNamespacedCustomObject(
        { group: GROUP, version: 'v1', namespace: 'default', plural: 'widgets', name: 'cel', body: { spec: { mode: 'forbidden' } } },
        k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
      ),
    );
    expect(code).toBe(422);
    expect(String(body.message)).toContain('mode may not be forbidden');
    expect(calls('/validate')).toBe(1);
  });

  it("validates the mutating webhook's output against the schema", async () => {
    const { code, body } = await statusOf(create('v1', widget('v1', 'inflated', { replicas: 1 }, { inflate: 'yes' })));
    expect(code).toBe(422);
    expect(body).toMatchObject({ reason: 'Invalid', details: { causes: [expect.objectContaining({ field: 'spec.replicas' })] } });
    expect(String(body.message)).toContain('99');
    expect(calls('/validate')).toBe(0);
  });

  it('calls validating webhooks last, with the mutated and defaulted object, and stores what they allowed', async () => {
    let seen: unknown;
    server.handle('/validate', (review) => {
      seen = (review as unknown as Review).request.object.spec;
      return admissionResponse(review, { allowed: true });
    });
    const created = await create('v1', widget('v1', 'fine', {}));
    expect(seen).toEqual({ replicas: 3 });
    expect(created.spec).toEqual({ replicas: 3 });
  });
});

describe('webhooks for another version of the resource (matchPolicy Equivalent)', () => {
  it('sees a v2 request at v1, converted; its patch is converted back', async () => {
    const seen: Review['request'][] = [];
    const record = (path: string) =>
      server.handle(path, (review) => {
        const request = (review as unknown as Review).request;
        seen.push(request);
        if (path === '/mutate' && request.object.spec?.replicas === undefined) return admissionResponse(review, { allowed: true, ...jsonPatch([{ op: 'add', path: '/spec/replicas', value: 4 }]) });
        return admissionResponse(review, { allowed: true });
      });
    record('/mutate');
    record('/validate');
    const created = await create('v2', widget('v2', 'from-v2', { mode: 'fast' }));
    expect(seen.map((r) => [r.kind.version, r.requestKind.version, r.object.apiVersion])).toEqual([
      ['v1', 'v2', `${GROUP}/v1`],
      ['v1', 'v2', `${GROUP}/v1`],
    ]);
    expect(seen[1].object.spec).toEqual({ mode: 'fast', replicas: 4 });
    expect(created).toMatchObject({ apiVersion: `${GROUP}/v2`, spec: { mode: 'fast', size: 4 } });
    const asV1 = (await custom.getNamespacedCustomObject({ group: GROUP, version: 'v1', namespace: 'default', plural: 'widgets', name: 'from-v2' })) as Record<string, unknown>;
    expect(asV1.spec).toEqual({ mode: 'fast', replicas: 4 });
  });

  it('a v1 webhook denying a v2 request refuses it', async () => {
    server.handle('/validate', (review) => {
      const { spec } = (review as unknown as Review).request.object;
      return admissionResponse(review, spec?.replicas === 7 ? { allowed: false, status: { code: 403, message: 'replicas 7 is unlucky' } } : { allowed: true });
    });
    const { code, body } = await statusOf(create('v2', widget('v2', 'unlucky', { size: 7 })));
    expect(code).toBe(403);
    expect(body.message).toBe('admission webhook "vwidget-v1.kb.io" denied the request: replicas 7 is unlucky');
  });
});
