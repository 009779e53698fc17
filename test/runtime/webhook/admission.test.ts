import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineKind } from '../../../src/runtime/scheme/kind.js';
import {
  ValidationError,
  WebhookServer,
  fieldError,
  requiredField,
  webhookManagedBy,
  type AdmissionRequest,
  type AdmissionReview,
  type CustomDefaulter,
  type CustomValidator,
  type Warnings,
} from '../../../src/runtime/webhook/index.js';
import { RuntimeMetrics } from '../../../src/runtime/metrics/index.js';
import { certDirWith, makeCertificate, post, type Certificate } from '../../support/tls.js';
import { newLogger } from '../../../src/runtime/log/index.js';

interface CronJob {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
  spec?: { schedule?: string; suspend?: boolean; concurrencyPolicy?: string; jobTemplate?: Record<string, unknown> };
}
const CronJob = defineKind<CronJob>({ group: 'batch.my.domain', version: 'v1', kind: 'CronJob', plural: 'cronjobs', namespaced: true });

class CronJobDefaulter implements CustomDefaulter<CronJob> {
  default(obj: CronJob): void {
    obj.spec ??= {};
    obj.spec.concurrencyPolicy ??= 'Allow';
    obj.spec.suspend ??= false;
    obj.metadata!.labels = { ...obj.metadata!.labels, 'defaulted-by': 'webhook' };
  }
}

class CronJobValidator implements CustomValidator<CronJob> {
  validateCreate(obj: CronJob): Warnings {
    this.#check(obj);
    return obj.spec?.suspend ? ['created suspended'] : [];
  }
  async validateUpdate(oldObj: CronJob, newObj: CronJob): Promise<Warnings> {
    this.#check(newObj);
    return oldObj.spec?.schedule !== newObj.spec?.schedule ? [`schedule changed from ${oldObj.spec?.schedule}`] : [];
  }
  validateDelete(obj: CronJob): void {
    if (obj.metadata?.labels?.protected === 'true') throw new Error('protected cron jobs cannot be deleted');
  }
  #check(obj: CronJob): void {
    const schedule = obj.spec?.schedule;
    if (schedule === undefined) {
      throw new ValidationError(CronJob, obj.metadata?.name ?? '', [requiredField('spec.schedule')], { warnings: ['see the docs'] });
    }
    if (schedule.trim().split(/\s+/).length !== 5) {
      throw new ValidationError(CronJob, obj.metadata?.name ?? '', [
        fieldError('spec.schedule', schedule, 'must have five fields'),
      ]);
    }
  }
}

let certificate: Certificate;
let certs: Awaited<ReturnType<typeof certDirWith>>;
let server: WebhookServer;
let paths: string[];
const metrics = new RuntimeMetrics({ processMetrics: false });

beforeAll(async () => {
  certificate = await makeCertificate('webhook-test');
  certs = await certDirWith(certificate);
  const quiet = newLogger({ level: 'error', output: { write: () => true } });
  server = new WebhookServer({ host: '127.0.0.1', port: 0, certDir: certs.dir, metrics, log: quiet });
  const mgr = { getWebhookServer: () => server, getLogger: () => quiet };
  paths = webhookManagedBy(mgr).for(CronJob).withDefaulter(new CronJobDefaulter()).withValidator(new CronJobValidator()).complete();
  await server.start();
});

afterAll(async () => {
  await server.stop();
  await certs.remove();
});

let uid = 0;
function review(operation: AdmissionRequest['operation'], object: CronJob | null, oldObject: CronJob | null = null): AdmissionReview {
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid: `uid-${++uid}`,
      kind: { group: 'batch.my.domain', version: 'v1', kind: 'CronJob' },
      resource: { group: 'batch.my.domain', version: 'v1', resource: 'cronjobs' },
      name: 'nightly',
      namespace: 'default',
      operation,
      userInfo: { username: 'admin' },
      object,
      oldObject,
    },
  };
}

async function send(path: string, body: AdmissionReview | string, contentType?: string): Promise<AdmissionReview> {
  const res = await post(server.port()!, path, typeof body === 'string' ? body : JSON.stringify(body), certificate.cert, contentType);
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as AdmissionReview;
}

const cronJob = (schedule: string | undefined, extra: Partial<CronJob['spec']> = {}): CronJob => ({
  apiVersion: 'batch.my.domain/v1',
  kind: 'CronJob',
  metadata: { name: 'nightly', namespace: 'default' },
  spec: { ...(schedule === undefined ? {} : { schedule }), ...extra },
});

describe('webhookManagedBy', () => {
  it('registers at the paths kubebuilder derives', () => {
    expect(paths).toEqual(['/mutate-batch-my-domain-v1-cronjob', '/validate-batch-my-domain-v1-cronjob']);
    expect(server.paths()).toEqual(paths);
    expect(() => webhookManagedBy({ getWebhookServer: () => server }).for(CronJob).withValidator(new CronJobValidator()).complete()).toThrow(
      /already registered at path \/validate-batch-my-domain-v1-cronjob/,
    );
  });
});

describe('defaulting webhook over HTTPS', () => {
  it('answers with the JSON patch of the defaults', async () => {
    const answer = await send('/mutate-batch-my-domain-v1-cronjob', review('CREATE', cronJob('*/5 * * * *', { concurrencyPolicy: 'Forbid' })));
    expect(answer.apiVersion).toBe('admission.k8s.io/v1');
    expect(answer.kind).toBe('AdmissionReview');
    const response = answer.response!;
    expect(response).toMatchObject({ uid: `uid-${uid}`, allowed: true, patchType: 'JSONPatch', status: { code: 200 } });
    const patch = JSON.parse(Buffer.from(response.patch!, 'base64').toString('utf8')) as unknown[];
    expect(patch).toEqual(
      expect.arrayContaining([
        { op: 'add', path: '/metadata/labels', value: { 'defaulted-by': 'webhook' } },
        { op: 'add', path: '/spec/suspend', value: false },
      ]),
    );
    expect(patch).toHaveLength(2); // concurrencyPolicy was set by the user: not touched
  });

  it('sends no patch when nothing changes and allows DELETE untouched', async () => {
    const obj = cronJob('* * * * *', { concurrencyPolicy: 'Allow', suspend: true });
    obj.metadata!.labels = { 'defaulted-by': 'webhook' };
    const unchanged = (await send('/mutate-batch-my-domain-v1-cronjob', review('UPDATE', obj, obj))).response!;
    expect(unchanged).toMatchObject({ allowed: true, status: { code: 200 } });
    expect(unchanged.patch).toBeUndefined();
    const del = (await send('/mutate-batch-my-domain-v1-cronjob', review('DELETE', null, obj))).response!;
    expect(del).toMatchObject({ allowed: true, status: { code: 200 } });
  });
});

describe('validating webhook over HTTPS', () => {
  const path = '/validate-batch-my-domain-v1-cronjob';

  it('allows with warnings', async () => {
    const created = (await send(path, review('CREATE', cronJob('0 0 * * *', { suspend: true })))).response!;
    expect(created).toMatchObject({ allowed: true, warnings: ['created suspended'], status: { code: 200 } });
    const updated = (await send(path, review('UPDATE', cronJob('0 1 * * *'), cronJob('0 0 * * *')))).response!;
    expect(updated).toMatchObject({ allowed: true, warnings: ['schedule changed from 0 0 * * *'] });
  });

  it('denies field errors with 422 Invalid in the API server message format', async () => {
    const response = (await send(path, review('CREATE', cronJob('x')))).response!;
    expect(response.allowed).toBe(false);
    expect(response.status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'CronJob.batch.my.domain "nightly" is invalid: spec.schedule: Invalid value: "x": must have five fields',
      reason: 'Invalid',
      details: {
        name: 'nightly',
        group: 'batch.my.domain',
        kind: 'CronJob',
        causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: "x": must have five fields', field: 'spec.schedule' }],
      },
      code: 422,
    });
    const missing = (await send(path, review('CREATE', cronJob(undefined)))).response!;
    expect(missing.status?.message).toBe('CronJob.batch.my.domain "nightly" is invalid: spec.schedule: Required value');
    expect(missing.warnings).toEqual(['see the docs']);
  });

  it('denies other errors with 403 and the message', async () => {
    const obj = cronJob('0 0 * * *');
    obj.metadata!.labels = { protected: 'true' };
    const response = (await send(path, review('DELETE', null, obj))).response!;
    expect(response).toMatchObject({
      allowed: false,
      status: { code: 403, reason: 'Forbidden', message: 'protected cron jobs cannot be deleted' },
    });
  });
});

describe('malformed requests', () => {
  const path = '/validate-batch-my-domain-v1-cronjob';
  const cases: [string, string, string | undefined, RegExp][] = [
    ['an empty body', '', undefined, /request body is empty/],
    ['invalid JSON', '{"apiVersion":', undefined, /unable to decode the request/],
    ['a wrong content type', '{}', 'text/plain', /contentType=text\/plain, expected application\/json/],
    ['no request', '{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}', undefined, /has no request/],
    ['a JSON array', '[]', undefined, /not an AdmissionReview/],
    ['a request without uid', '{"kind":"AdmissionReview","request":{"operation":"CREATE"}}', undefined, /no uid/],
  ];
  for (const [name, body, contentType, message] of cases) {
    it(`answers ${name} with a 400 AdmissionReview`, async () => {
      const answer = await send(path, body, contentType);
      expect(answer.kind).toBe('AdmissionReview');
      expect(answer.response).toMatchObject({ allowed: false, status: { code: 400 } });
      expect(answer.response!.status!.message).toMatch(message);
    });
  }

  it('answers a body nested 10,000 deep with 400 and Go\'s decoder message, not a recovered panic', async () => {
    // Built as text: JSON.stringify runs out of stack on it, as the defaulter's diff would.
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const text = JSON.stringify(review('CREATE', cronJob('0 0 * * *'))).replace('"spec":{"schedule":"0 0 * * *"}', `"spec":{"schedule":"0 0 * * *","jobTemplate":${deep}}`);
    for (const webhookPath of ['/mutate-batch-my-domain-v1-cronjob', path]) {
      const answer = await send(webhookPath, text);
      expect(answer.response).toMatchObject({ allowed: false, status: { code: 400, message: "unable to decode the request: invalid character '{' exceeded max depth" } });
    }
  });

  it('answers an unknown operation and a missing object with 400, and unknown paths with 404', async () => {
    const bad = review('CREATE', null);
    (bad.request as { operation: string }).operation = 'PATCH';
    expect((await send(path, bad)).response).toMatchObject({ allowed: false, status: { code: 400, message: 'unknown operation "PATCH"' } });
    expect((await send(path, review('CREATE', null))).response).toMatchObject({ allowed: false, status: { code: 400 } });
    expect((await post(server.port()!, '/nope', '{}', certificate.cert)).status).toBe(404);
    // The server is still serving after all of the above.
    expect((await send(path, review('CREATE', cronJob('0 0 * * *')))).response?.allowed).toBe(true);
  });

  it('answers a v1beta1 AdmissionReview in v1beta1, and an oversized body with 413', async () => {
    const beta = review('CREATE', cronJob('0 0 * * *'));
    beta.apiVersion = 'admission.k8s.io/v1beta1';
    const answer = await send(path, beta);
    expect(answer.apiVersion).toBe('admission.k8s.io/v1beta1');
    expect(answer.response?.allowed).toBe(true);
    const huge = JSON.stringify({ ...review('CREATE', cronJob('0 0 * * *')), padding: 'x'.repeat(8 * 1024 * 1024) });
    const tooLarge = await send(path, huge);
    expect(tooLarge.response).toMatchObject({ allowed: false, status: { code: 413, message: expect.stringMatching(/request entity is too large; limit is 7340032 bytes/) } });
  });

  it('counts requests per webhook path in the metrics', async () => {
    const text = await metrics.text();
    expect(text).toMatch(/controller_runtime_webhook_requests_total\{webhook="\/validate-batch-my-domain-v1-cronjob",code="200"\} [1-9]/);
    expect(text).toMatch(/controller_runtime_webhook_requests_in_flight\{webhook="\/mutate-batch-my-domain-v1-cronjob"\} 0/);
  });
});
