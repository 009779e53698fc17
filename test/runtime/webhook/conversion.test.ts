import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineKind } from '../../../src/runtime/scheme/kind.js';
import { WebhookServer, webhookManagedBy, type ConversionReview } from '../../../src/runtime/webhook/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { certDirWith, makeCertificate, post, type Certificate } from '../../support/tls.js';

// Three versions of one kind: v1 is the hub; v2 and v3 are spokes.
interface Meta {
  name?: string;
  namespace?: string;
}
interface CronJobV1 { apiVersion?: string; kind?: string; metadata?: Meta; spec?: { schedule?: string } }
interface CronJobV2 { apiVersion?: string; kind?: string; metadata?: Meta; spec?: { schedule?: { minute?: string; hour?: string } } }
interface CronJobV3 { apiVersion?: string; kind?: string; metadata?: Meta; spec?: { cron?: string } }

const group = 'batch.tutorial.kubebuilder.io';
const V1 = defineKind<CronJobV1>({ group, version: 'v1', kind: 'CronJob', plural: 'cronjobs', namespaced: true });
const V2 = defineKind<CronJobV2>({ group, version: 'v2', kind: 'CronJob', plural: 'cronjobs', namespaced: true });
const V3 = defineKind<CronJobV3>({ group, version: 'v3', kind: 'CronJob', plural: 'cronjobs', namespaced: true });

const v2Conversion = {
  hub: V1,
  spoke: V2,
  convertTo(spoke: CronJobV2): CronJobV1 {
    const s = spoke.spec?.schedule ?? {};
    return { metadata: spoke.metadata, spec: { schedule: `${s.minute ?? '*'} ${s.hour ?? '*'} * * *` } };
  },
  convertFrom(hub: CronJobV1): CronJobV2 {
    const [minute, hour] = (hub.spec?.schedule ?? '').split(' ');
    if (minute === undefined || hour === undefined) throw new Error(`cannot split schedule "${hub.spec?.schedule}"`);
    return { metadata: hub.metadata, spec: { schedule: { minute, hour } } };
  },
};
const v3Conversion = {
  hub: V1,
  spoke: V3,
  // Leaves metadata out: the webhook keeps the input's.
  convertTo: (spoke: CronJobV3): CronJobV1 => ({ spec: { schedule: spoke.spec?.cron } }),
  convertFrom: (hub: CronJobV1): CronJobV3 => ({ spec: { cron: hub.spec?.schedule } }),
};

let certificate: Certificate;
let certs: Awaited<ReturnType<typeof certDirWith>>;
let server: WebhookServer;

beforeAll(async () => {
  certificate = await makeCertificate('conversion-test');
  certs = await certDirWith(certificate);
  const quiet = newLogger({ level: 'error', output: { write: () => true } });
  server = new WebhookServer({ host: '127.0.0.1', port: 0, certDir: certs.dir, log: quiet });
  const mgr = { getWebhookServer: () => server, getLogger: () => quiet };
  webhookManagedBy(mgr).for(V1).withConversion({ hub: V1 }).complete();
  webhookManagedBy(mgr).for(V2).withConversion(v2Conversion).complete();
  webhookManagedBy(mgr).for(V3).withConversion(v3Conversion).complete();
  await server.start();
});

afterAll(async () => {
  await server.stop();
  await certs.remove();
});

async function convert(desiredAPIVersion: string, objects: unknown[]): Promise<ConversionReview> {
  const body = JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: { uid: 'conv-1', desiredAPIVersion, objects },
  });
  const res = await post(server.port()!, '/convert', body, certificate.cert);
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as ConversionReview;
}

const meta = { name: 'nightly', namespace: 'default', uid: 'u-1', resourceVersion: '7' };

describe('conversion webhook at /convert', () => {
  it('is registered once for all kinds and versions', () => {
    expect(server.paths()).toEqual(['/convert']);
  });

  it('converts spoke to hub, hub to spoke, and spoke to spoke through the hub', async () => {
    const v2 = { apiVersion: `${group}/v2`, kind: 'CronJob', metadata: meta, spec: { schedule: { minute: '30', hour: '2' } } };
    const toHub = await convert(`${group}/v1`, [v2]);
    expect(toHub.kind).toBe('ConversionReview');
    expect(toHub.response).toEqual({
      uid: 'conv-1',
      result: { metadata: {}, status: 'Success' },
      convertedObjects: [{ apiVersion: `${group}/v1`, kind: 'CronJob', metadata: meta, spec: { schedule: '30 2 * * *' } }],
    });

    const toV3 = await convert(`${group}/v3`, [v2]);
    expect(toV3.response?.convertedObjects).toEqual([
      { apiVersion: `${group}/v3`, kind: 'CronJob', metadata: meta, spec: { cron: '30 2 * * *' } },
    ]);

    const v3 = { apiVersion: `${group}/v3`, kind: 'CronJob', metadata: meta, spec: { cron: '15 4 * * *' } };
    const backToV2 = await convert(`${group}/v2`, [v3, v2]);
    expect(backToV2.response?.convertedObjects).toEqual([
      { apiVersion: `${group}/v2`, kind: 'CronJob', metadata: meta, spec: { schedule: { minute: '15', hour: '4' } } },
      v2, // already in the desired version
    ]);
  });

  it('answers failures with status Failure and the reason', async () => {
    const bad = { apiVersion: `${group}/v1`, kind: 'CronJob', metadata: meta, spec: {} };
    const failed = await convert(`${group}/v2`, [bad]);
    expect(failed.response).toEqual({
      uid: 'conv-1',
      convertedObjects: null,
      result: { metadata: {}, status: 'Failure', message: 'cannot split schedule "undefined"' },
    });
    const unknownVersion = await convert(`${group}/v9`, [bad]);
    expect(unknownVersion.response?.result).toMatchObject({ status: 'Failure', message: expect.stringMatching(/v9 is neither the hub \(v1\) nor a registered spoke/) });
    const otherGroup = await convert('apps/v1', [bad]);
    expect(otherGroup.response?.result.message).toMatch(/do not belong to the same API group/);
    const unknownKind = await convert(`${group}/v2`, [{ ...bad, kind: 'Other' }]);
    expect(unknownKind.response?.result.message).toMatch(/no conversion is registered for Other\.batch\.tutorial\.kubebuilder\.io/);
  });

  it('answers HTTP 400 to a body that is not a ConversionReview', async () => {
    expect((await post(server.port()!, '/convert', 'not json', certificate.cert)).status).toBe(400);
    const noRequest = await post(server.port()!, '/convert', '{"kind":"ConversionReview"}', certificate.cert);
    expect(noRequest).toEqual({ status: 400, body: 'conversion request is nil\n' });
    const deep = `{"kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"v","objects":[${'['.repeat(10_000)}${']'.repeat(10_000)}]}}`;
    expect(await post(server.port()!, '/convert', deep, certificate.cert)).toEqual({ status: 400, body: "invalid character '[' exceeded max depth\n" });
  });

  it('refuses a second hub version and a spoke of another kind', () => {
    const mgr = { getWebhookServer: () => server };
    expect(() => webhookManagedBy(mgr).for(V2).withConversion({ hub: V2 }).complete()).toThrow(/already has hub version v1/);
    const Other = defineKind({ group, version: 'v2', kind: 'Other', plural: 'others', namespaced: true });
    expect(() =>
      webhookManagedBy(mgr).for(V1).withConversion({ hub: V1, spoke: Other, convertTo: () => ({}), convertFrom: () => ({}) }).complete(),
    ).toThrow(/spoke Other\.batch\.tutorial\.kubebuilder\.io is not a version of hub CronJob/);
  });
});
