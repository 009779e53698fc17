import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdmissionChain, convertObjects, type AdmissionAttributes, type CustomResourceDefinition, type Webhook, type WebhookConfiguration } from '../../../src/testing/admission/index.js';
import { admissionResponse, jsonPatch, startWebhookServer, type WebhookServer } from './https-webhook-server.js';
import { conformanceDir, itShared } from '../../support/shared.js';

const controllerGenValidWebhooks = path.join(conformanceDir, 'controller-gen', 'webhook', 'valid', 'manifests.yaml');

let server: WebhookServer;
let closedPort: number;

beforeAll(async () => {
  server = await startWebhookServer();
  // A port that was free a moment ago: nothing listens there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(async () => {
  await server.close();
});

const cronJob = { apiVersion: 'batch.example.com/v1', kind: 'CronJob', metadata: { name: 'job', namespace: 'default', labels: { team: 'a' } }, spec: { schedule: '*/1 * * * *' } };

function createAttrs(object: unknown = cronJob): AdmissionAttributes {
  return {
    operation: 'CREATE',
    kind: { group: 'batch.example.com', version: 'v1', kind: 'CronJob' },
    resource: { group: 'batch.example.com', version: 'v1', resource: 'cronjobs' },
    namespace: 'default',
    name: 'job',
    object,
  };
}

/** A webhook for cronjobs that calls the test server through a service reference. */
function hook(name: string, path: string, extra: Partial<Webhook> = {}): Webhook {
  return {
    name,
    clientConfig: { service: { namespace: 'system', name: 'webhook-service', path }, caBundle: server.caBundle },
    rules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: ['batch.example.com'], apiVersions: ['v1'], resources: ['cronjobs'] }],
    failurePolicy: 'Fail',
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    ...extra,
  };
}

function config(name: string, ...webhooks: Webhook[]): WebhookConfiguration {
  return { metadata: { name }, webhooks };
}

const resolveService = (namespace: string, name: string, port: number) => {
  expect([namespace, name, port]).toEqual(['system', 'webhook-service', 443]);
  return server.url;
};

describe('AdmissionChain', () => {
  it('applies a mutating patch, then validates the patched object; uid, request fields and warnings round-trip', async () => {
    server.handle('/mutate-full', (review) => admissionResponse(review, { allowed: true, warnings: ['defaulted suspend'], ...jsonPatch([{ op: 'add', path: '/spec/suspend', value: false }]) }));
    server.handle('/validate-full', (review) => {
      const request = review.request as { object: { spec: { suspend?: boolean } } };
      return admissionResponse(review, { allowed: request.object.spec.suspend === false, warnings: ['validated'] });
    });
    const chain = new AdmissionChain({ mutating: [config('m', hook('m.example.com', '/mutate-full'))], validating: [config('v', hook('v.example.com', '/validate-full'))], resolveService });
    const before = server.received.length;
    const result = await chain.admit(createAttrs());
    expect(result).toEqual({ allowed: true, object: { ...cronJob, spec: { ...cronJob.spec, suspend: false } }, warnings: ['defaulted suspend', 'validated'] });

    const [mutateCall] = server.received.slice(before);
    expect(mutateCall.path).toBe('/mutate-full');
    expect(mutateCall.query).toBe('?timeout=10s');
    expect(mutateCall.review).toMatchObject({
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      request: {
        kind: { group: 'batch.example.com', version: 'v1', kind: 'CronJob' },
        resource: { group: 'batch.example.com', version: 'v1', resource: 'cronjobs' },
        requestKind: { group: 'batch.example.com', version: 'v1', kind: 'CronJob' },
        name: 'job',
        namespace: 'default',
        operation: 'CREATE',
        object: cronJob,
        oldObject: null,
        dryRun: false,
        options: { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1' },
      },
    });
    expect((mutateCall.review.request as { uid: string }).uid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns a denial into the Status kube-apiserver returns', async () => {
    server.handle('/deny-forbidden', (review) => admissionResponse(review, { allowed: false, status: { code: 403, reason: 'Forbidden', message: 'schedule is not allowed' } }));
    server.handle('/deny-bare', (review) => admissionResponse(review, { allowed: false }));
    const forbidden = await new AdmissionChain({ validating: [config('v', hook('v.example.com', '/deny-forbidden'))], resolveService }).admit(createAttrs());
    expect(forbidden).toEqual({
      allowed: false,
      warnings: [],
      status: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'admission webhook "v.example.com" denied the request: schedule is not allowed',
        reason: 'Forbidden',
        code: 403,
      },
    });
    const bare = await new AdmissionChain({ validating: [config('v', hook('bare.example.com', '/deny-bare'))], resolveService }).admit(createAttrs());
    expect(bare.status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'admission webhook "bare.example.com" denied the request without explanation',
      code: 400,
    });
  });

  it('keeps an Invalid Status from a validating webhook (controller-runtime ValidationError)', async () => {
    const invalid = {
      status: 'Failure',
      message: 'CronJob.batch.example.com "job" is invalid: spec.schedule: Invalid value: "x": bad schedule',
      reason: 'Invalid',
      details: { name: 'job', group: 'batch.example.com', kind: 'CronJob', causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: "x": bad schedule', field: 'spec.schedule' }] },
      code: 422,
    };
    server.handle('/deny-invalid', (review) => admissionResponse(review, { allowed: false, status: invalid }));
    const result = await new AdmissionChain({ validating: [config('v', hook('vcronjob.kb.io', '/deny-invalid'))], resolveService }).admit(createAttrs());
    expect(result.status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `admission webhook "vcronjob.kb.io" denied the request: ${invalid.message}`,
      reason: 'Invalid',
      details: invalid.details,
      code: 422,
    });
  });

  it('fails closed with an internal error when the webhook cannot be reached, and open with Ignore', async () => {
    const unreachable = (policy: 'Fail' | 'Ignore') =>
      hook('down.example.com', '/x', { failurePolicy: policy, clientConfig: { url: `https://127.0.0.1:${closedPort}/mutate`, caBundle: server.caBundle } });
    const closed = await new AdmissionChain({ mutating: [config('m', unreachable('Fail'))], resolveService }).admit(createAttrs());
    const detail = `failed calling webhook "down.example.com": failed to call webhook: Post "https://127.0.0.1:${closedPort}/mutate?timeout=10s": dial tcp 127.0.0.1:${closedPort}: connect: connection refused`;
    expect(closed).toEqual({
      allowed: false,
      warnings: [],
      status: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Internal error occurred: ${detail}`, reason: 'InternalError', details: { causes: [{ message: detail }] }, code: 500 },
    });
    const open = await new AdmissionChain({ mutating: [config('m', unreachable('Ignore'))], resolveService }).admit(createAttrs());
    expect(open).toEqual({ allowed: true, object: cronJob, warnings: [] });
  });

  it('gives up on a webhook after timeoutSeconds', async () => {
    server.handle('/stall', () => undefined);
    const result = await new AdmissionChain({ validating: [config('v', hook('slow.example.com', '/stall', { timeoutSeconds: 1 }))], resolveService }).admit(createAttrs());
    expect(result.allowed).toBe(false);
    expect(result.status?.message).toBe(
      `Internal error occurred: failed calling webhook "slow.example.com": failed to call webhook: Post "${server.url}/stall?timeout=1s": context deadline exceeded`,
    );
    const ignored = await new AdmissionChain({ validating: [config('v', hook('slow.example.com', '/stall', { timeoutSeconds: 1, failurePolicy: 'Ignore' }))], resolveService }).admit(createAttrs());
    expect(ignored.allowed).toBe(true);
  });

  it('verifies the server certificate against caBundle, unless told to skip verification', async () => {
    server.handle('/allow', (review) => admissionResponse(review, { allowed: true }));
    const untrusted = hook('tls.example.com', '/allow', { clientConfig: { service: { namespace: 'system', name: 'webhook-service', path: '/allow' } } });
    const rejected = await new AdmissionChain({ validating: [config('v', untrusted)], resolveService }).admit(createAttrs());
    expect(rejected.status?.message).toBe(
      `Internal error occurred: failed calling webhook "tls.example.com": failed to call webhook: Post "${server.url}/allow?timeout=10s": tls: failed to verify certificate: x509: certificate signed by unknown authority`,
    );
    const skipped = await new AdmissionChain({ validating: [config('v', untrusted)], resolveService, insecureSkipTLSVerify: true }).admit(createAttrs());
    expect(skipped.allowed).toBe(true);
  });

  it('rejects a response with the wrong uid or a patch from a validating webhook', async () => {
    server.handle('/wrong-uid', () => ({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: 'other', allowed: true } }));
    server.handle('/validating-patch', (review) => admissionResponse(review, { allowed: true, ...jsonPatch([]) }));
    const wrongUid = await new AdmissionChain({ validating: [config('v', hook('uid.example.com', '/wrong-uid'))], resolveService }).admit(createAttrs());
    expect(wrongUid.status?.message).toMatch(/^Internal error occurred: failed calling webhook "uid.example.com": received invalid webhook response: expected response.uid="[0-9a-f-]{36}", got "other"$/);
    const patched = await new AdmissionChain({ validating: [config('v', hook('vp.example.com', '/validating-patch'))], resolveService }).admit(createAttrs());
    expect(patched.status?.message).toBe('Internal error occurred: failed calling webhook "vp.example.com": received invalid webhook response: validating webhook may not return response.patch');
  });

  it('calls mutating configurations in name order and reinvokes IfNeeded webhooks after a later change', async () => {
    const append = (value: string) => (review: Record<string, unknown>) => {
      const object = (review.request as { object: { metadata: { annotations?: Record<string, string> } } }).object;
      const seen = object.metadata.annotations?.order ?? '';
      const op = object.metadata.annotations ? { op: 'replace', path: '/metadata/annotations/order', value: seen + value } : { op: 'add', path: '/metadata/annotations', value: { order: value } };
      return admissionResponse(review, { allowed: true, ...jsonPatch([op]) });
    };
    server.handle('/append-a', append('a'));
    server.handle('/append-b', append('b'));
    server.handle('/label-once', (review) => {
      const object = (review.request as { object: { metadata: { labels: Record<string, string> } } }).object;
      if (object.metadata.labels.stamped) return admissionResponse(review, { allowed: true });
      return admissionResponse(review, { allowed: true, ...jsonPatch([{ op: 'add', path: '/metadata/labels/stamped', value: 'yes' }]) });
    });
    const chain = new AdmissionChain({
      mutating: [config('z-second', hook('b.example.com', '/append-b'), hook('stamp.example.com', '/label-once')), config('a-first', hook('a.example.com', '/append-a', { reinvocationPolicy: 'IfNeeded' }))],
      resolveService,
    });
    const result = await chain.admit(createAttrs());
    const metadata = (result.object as { metadata: { annotations: Record<string, string>; labels: Record<string, string> } }).metadata;
    expect(metadata.annotations.order).toBe('aba');
    expect(metadata.labels).toEqual({ team: 'a', stamped: 'yes' });
  });

  it('calls only webhooks whose rules and selectors match', async () => {
    server.handle('/count', (review) => admissionResponse(review, { allowed: true }));
    const calls = () => server.received.filter((r) => r.path === '/count').length;
    const webhooks = [
      hook('update-only.example.com', '/count', { rules: [{ operations: ['UPDATE'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }] }),
      hook('status-only.example.com', '/count', { rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['cronjobs/status'] }] }),
      hook('cluster-scope.example.com', '/count', { rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], scope: 'Cluster' }] }),
      hook('other-team.example.com', '/count', { objectSelector: { matchLabels: { team: 'b' } } }),
      hook('prod-namespaces.example.com', '/count', { namespaceSelector: { matchExpressions: [{ key: 'env', operator: 'In', values: ['prod'] }] } }),
    ];
    const chain = new AdmissionChain({ validating: [config('v', ...webhooks)], resolveService });
    const before = calls();
    expect((await chain.admit({ ...createAttrs(), namespaceLabels: { env: 'dev' } })).allowed).toBe(true);
    expect(calls() - before).toBe(0);

    const matching = [
      hook('wildcard.example.com', '/count', { rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }] }),
      hook('team-a.example.com', '/count', { objectSelector: { matchExpressions: [{ key: 'team', operator: 'Exists' }] } }),
      hook('dev-namespaces.example.com', '/count', { namespaceSelector: { matchLabels: { env: 'dev' } } }),
      hook('namespaced.example.com', '/count', { rules: [{ operations: ['CREATE'], apiGroups: ['batch.example.com'], apiVersions: ['v1'], resources: ['cronjobs', 'cronjobs/status'], scope: 'Namespaced' }] }),
    ];
    const chain2 = new AdmissionChain({ validating: [config('v', ...matching)], resolveService });
    const before2 = calls();
    await chain2.admit({ ...createAttrs(), namespaceLabels: { env: 'dev' } });
    expect(calls() - before2).toBe(4);
  });

  it('calls a webhook for another version of the resource through conversion (matchPolicy Equivalent)', async () => {
    // v1 spells the schedule as a string, v2 as { cron }.
    server.handle('/convert-eq', (review) => {
      const request = (review as { request: { uid: string; desiredAPIVersion: string; objects: { spec: Record<string, unknown> }[] } }).request;
      const convertedObjects = request.objects.map((o) => {
        const { schedule, ...rest } = o.spec;
        const spec = request.desiredAPIVersion.endsWith('/v2') ? { ...rest, schedule: { cron: schedule } } : { ...rest, schedule: (schedule as { cron: string }).cron };
        return { ...o, apiVersion: request.desiredAPIVersion, spec };
      });
      return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: { uid: request.uid, result: { status: 'Success' }, convertedObjects } };
    });
    server.handle('/mutate-v1', (review) => {
      const request = review.request as { kind: { version: string }; requestKind: { version: string }; object: { apiVersion: string; spec: { schedule: unknown } } };
      const sawV1 = request.kind.version === 'v1' && request.requestKind.version === 'v2' && request.object.apiVersion === 'batch.example.com/v1' && typeof request.object.spec.schedule === 'string';
      return admissionResponse(review, { allowed: sawV1, ...(sawV1 ? jsonPatch([{ op: 'add', path: '/spec/suspend', value: false }]) : {}) });
    });
    server.handle('/exact-v1', (review) => admissionResponse(review, { allowed: false, status: { message: 'an Exact v1 webhook must not see v2 requests' } }));
    const crd: CustomResourceDefinition = {
      spec: {
        group: 'batch.example.com',
        scope: 'Namespaced',
        versions: [{ name: 'v1', served: true, storage: true }, { name: 'v2', served: true, storage: false }],
        names: { kind: 'CronJob', plural: 'cronjobs' },
        conversion: { strategy: 'Webhook', webhook: { clientConfig: { url: `${server.url}/convert-eq`, caBundle: server.caBundle }, conversionReviewVersions: ['v1'] } },
      },
    };
    const chain = new AdmissionChain({
      mutating: [config('m', hook('mcronjob-v1.kb.io', '/mutate-v1'))],
      validating: [config('v', hook('exact.example.com', '/exact-v1', { matchPolicy: 'Exact' }))],
      resolveService,
      convert: (objects, apiVersion) => convertObjects(crd, objects, apiVersion, resolveService),
    });
    const v2 = { ...cronJob, apiVersion: 'batch.example.com/v2', spec: { schedule: { cron: '@hourly' } } };
    const attrs: AdmissionAttributes = {
      ...createAttrs(v2),
      kind: { group: 'batch.example.com', version: 'v2', kind: 'CronJob' },
      resource: { group: 'batch.example.com', version: 'v2', resource: 'cronjobs' },
    };
    const result = await chain.admit(attrs);
    expect(result).toEqual({ allowed: true, warnings: [], object: { ...v2, spec: { schedule: { cron: '@hourly' }, suspend: false } } });
  });

  itShared(controllerGenValidWebhooks, 'runs the webhook configurations controller-gen writes (conformance manifests)', async () => {
    const docs = parseAllDocuments(readFileSync(controllerGenValidWebhooks, 'utf8')).map((d) => d.toJS() as WebhookConfiguration & { kind: string });
    const mutating = docs.filter((d) => d.kind === 'MutatingWebhookConfiguration');
    const validating = docs.filter((d) => d.kind === 'ValidatingWebhookConfiguration');
    server.handle('/mutate-testdata-kubebuilder-io-v1-cronjob', (review) => admissionResponse(review, { allowed: true, ...jsonPatch([{ op: 'add', path: '/spec/suspend', value: true }]) }));
    server.handle('/validate-testdata-kubebuilder-io-v1-cronjob', (review) => {
      const request = review.request as { dryRun: boolean; object: { spec: { suspend?: boolean } } };
      return admissionResponse(review, { allowed: request.object.spec.suspend === true, warnings: [`dryRun=${request.dryRun}`] });
    });
    const chain = new AdmissionChain({ mutating, validating, resolveService, insecureSkipTLSVerify: true });
    const job = { apiVersion: 'testdata.kubebuilder.io/v1', kind: 'CronJob', metadata: { name: 'j', namespace: 'default' }, spec: { schedule: '@daily' } };
    const attrs: AdmissionAttributes = {
      operation: 'CREATE',
      kind: { group: 'testdata.kubebuilder.io', version: 'v1', kind: 'CronJob' },
      resource: { group: 'testdata.kubebuilder.io', version: 'v1', resource: 'cronjobs' },
      namespace: 'default',
      name: 'j',
      object: job,
    };
    expect(await chain.admit(attrs)).toEqual({ allowed: true, object: { ...job, spec: { schedule: '@daily', suspend: true } }, warnings: ['dryRun=false', 'dryRun=false'] });
    // Both validating webhooks declare side effects None or NoneOnDryRun, so dry-run requests reach them too.
    expect((await chain.admit({ ...attrs, dryRun: true })).warnings).toEqual(['dryRun=true', 'dryRun=true']);
    // DELETE is not in the rules: nothing is called.
    const before = server.received.length;
    expect(await chain.admit({ ...attrs, operation: 'DELETE', object: undefined, oldObject: job })).toEqual({ allowed: true, warnings: [] });
    expect(server.received.length).toBe(before);
  });

  it('refuses a dry-run request for a webhook with side effects', async () => {
    server.handle('/allow-all', (review) => admissionResponse(review, { allowed: true }));
    const chain = new AdmissionChain({ validating: [config('v', hook('effects.example.com', '/allow-all', { sideEffects: 'Some' }))], resolveService });
    expect((await chain.admit(createAttrs())).allowed).toBe(true);
    expect((await chain.admit({ ...createAttrs(), dryRun: true })).status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'admission webhook "effects.example.com" does not support dry run',
      reason: 'BadRequest',
      code: 400,
    });
  });

  it('matches each mutating webhook against the object as the earlier webhooks left it', async () => {
    server.handle('/relabel', (review) => admissionResponse(review, { allowed: true, ...jsonPatch([{ op: 'replace', path: '/metadata/labels/team', value: 'b' }]) }));
    server.handle('/team-b', (review) => admissionResponse(review, { allowed: true, warnings: ['team b webhook called'] }));
    const chain = new AdmissionChain({
      mutating: [config('a', hook('relabel.example.com', '/relabel')), config('b', hook('team-b.example.com', '/team-b', { objectSelector: { matchLabels: { team: 'b' } } }))],
      resolveService,
    });
    const result = await chain.admit(createAttrs());
    expect(result.warnings).toEqual(['team b webhook called']);
    expect((result.object as { metadata: { labels: Record<string, string> } }).metadata.labels).toEqual({ team: 'b' });
  });

  it('describes a webhook that answers with an HTTP error as Go\'s REST client does', async () => {
    server.handle('/crash', () => {
      throw new Error('boom');
    });
    const result = await new AdmissionChain({ validating: [config('v', hook('crash.example.com', '/crash'))], resolveService }).admit(createAttrs());
    expect(result.status?.message).toBe(
      'Internal error occurred: failed calling webhook "crash.example.com": failed to call webhook: an error on the server ("boom") has prevented the request from succeeding',
    );
    const missing = await new AdmissionChain({ validating: [config('v', hook('missing.example.com', '/no-such-path'))], resolveService }).admit(createAttrs());
    expect(missing.status?.message).toBe(
      'Internal error occurred: failed calling webhook "missing.example.com": failed to call webhook: the server could not find the requested resource',
    );
  });
});
