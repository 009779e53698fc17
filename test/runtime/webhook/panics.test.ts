/**
 * Webhooks that hit a bug: controller-runtime recovers the panic, answers 500 "panic: ... [recovered]"
 * (admission) or a Failure that hides the details (conversion), and counts it. In JavaScript the
 * engine's own errors (TypeError, RangeError, ...) stand for panics; other errors stay denials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineKind } from '../../../src/runtime/scheme/kind.js';
import {
  WebhookServer,
  webhookManagedBy,
  type AdmissionReview,
  type ConversionReview,
  type CustomDefaulter,
  type CustomValidator,
  type Warnings,
} from '../../../src/runtime/webhook/index.js';
import { RuntimeMetrics } from '../../../src/runtime/metrics/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { certDirWith, makeCertificate, post, type Certificate } from '../../support/tls.js';

interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string };
  spec?: { size?: number; parts?: { name: string }[] };
}
const group = 'toys.example.com';
const V1 = defineKind<Widget>({ group, version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true });
const V2 = defineKind<Widget>({ group, version: 'v2', kind: 'Widget', plural: 'widgets', namespaced: true });

class BuggyDefaulter implements CustomDefaulter<Widget> {
  default(obj: Widget): void {
    obj.spec!.parts![0].name = 'first'; // TypeError when spec.parts is missing
  }
}

class BuggyValidator implements CustomValidator<Widget> {
  validateCreate(obj: Widget): Warnings {
    return new Array<string>(obj.spec?.size ?? 0); // RangeError for a negative size
  }
  validateUpdate(): Warnings {
    throw new Error('updates are not allowed');
  }
  validateDelete(): Warnings {
    return [];
  }
}

let certificate: Certificate;
let certs: Awaited<ReturnType<typeof certDirWith>>;
let server: WebhookServer;
const metrics = new RuntimeMetrics({ processMetrics: false });

beforeAll(async () => {
  certificate = await makeCertificate('panics-test');
  certs = await certDirWith(certificate);
  const quiet = newLogger({ level: 'error', output: { write: () => true } });
  server = new WebhookServer({ host: '127.0.0.1', port: 0, certDir: certs.dir, metrics, log: quiet });
  const mgr = { getWebhookServer: () => server, getLogger: () => quiet };
  webhookManagedBy(mgr).for(V1).withDefaulter(new BuggyDefaulter()).withValidator(new BuggyValidator()).withConversion({ hub: V1 }).complete();
  webhookManagedBy(mgr)
    .for(V2)
    .withConversion({
      hub: V1,
      spoke: V2,
      convertTo: (spoke: Widget): Widget => ({ spec: { size: spoke.spec!.parts!.length } }),
      convertFrom: (hub: Widget): Widget => ({ spec: hub.spec }),
    })
    .complete();
  await server.start();
});

afterAll(async () => {
  await server.stop();
  await certs.remove();
});

let uid = 0;
async function admit(path: string, operation: 'CREATE' | 'UPDATE', object: Widget): Promise<AdmissionReview> {
  const body: AdmissionReview = {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid: `uid-${++uid}`,
      kind: { group, version: 'v1', kind: 'Widget' },
      resource: { group, version: 'v1', resource: 'widgets' },
      name: 'w',
      namespace: 'default',
      operation,
      userInfo: { username: 'admin' },
      object,
      oldObject: operation === 'UPDATE' ? object : null,
    },
  };
  const res = await post(server.port()!, path, JSON.stringify(body), certificate.cert);
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as AdmissionReview;
}

const widget = (spec: Widget['spec']): Widget => ({ apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec });

describe('a webhook that hits a bug', () => {
  it('starts with the panic counters at 0', async () => {
    const text = await metrics.text();
    expect(text).toMatch(/^controller_runtime_webhook_panics_total 0$/m);
    expect(text).toMatch(/^controller_runtime_conversion_webhook_panics_total 0$/m);
  });

  it('answers an admission request with 500 "panic: ... [recovered]" and counts it, while ordinary errors stay 403 denials', async () => {
    const defaulted = (await admit('/mutate-toys-example-com-v1-widget', 'CREATE', widget({}))).response!;
    expect(defaulted).toMatchObject({ uid: `uid-${uid}`, allowed: false, status: { code: 500 } });
    expect(defaulted.status?.message).toMatch(/^panic: TypeError: .* \[recovered\]$/);

    const validated = (await admit('/validate-toys-example-com-v1-widget', 'CREATE', widget({ size: -1 }))).response!;
    expect(validated).toMatchObject({ allowed: false, status: { code: 500 } });
    expect(validated.status?.message).toMatch(/^panic: RangeError: .* \[recovered\]$/);

    const denied = (await admit('/validate-toys-example-com-v1-widget', 'UPDATE', widget({ size: 1 }))).response!;
    expect(denied).toMatchObject({ allowed: false, status: { code: 403, reason: 'Forbidden', message: 'updates are not allowed' } });

    expect(await metrics.text()).toMatch(/^controller_runtime_webhook_panics_total 2$/m);
  });

  it('answers a conversion request with a Failure that hides the details, and counts it', async () => {
    const body = JSON.stringify({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      request: { uid: 'conv-1', desiredAPIVersion: `${group}/v1`, objects: [{ ...widget({}), apiVersion: `${group}/v2` }] },
    });
    const res = await post(server.port()!, '/convert', body, certificate.cert);
    expect(res.status).toBe(200);
    const review = JSON.parse(res.body) as ConversionReview;
    expect(review.response).toMatchObject({ uid: 'conv-1', result: { status: 'Failure', message: 'internal error occurred during conversion' } });
    expect(await metrics.text()).toMatch(/^controller_runtime_conversion_webhook_panics_total 1$/m);
  });
});
