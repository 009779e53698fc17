import { afterAll, beforeAll, expect, it } from 'vitest';
import { KubeClient, RestTransport } from '../../../src/runtime/client/index.js';
import { defineKind } from '../../../src/runtime/scheme/kind.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { WebhookServer, webhookManagedBy } from '../../../src/runtime/webhook/index.js';
import { describeBackends } from '../../support/backends.js';
import type { TestEnvironment } from '../../support/environment.js';
import { createNamespace } from '../../support/runtime.js';

// A two-version CRD whose conversion strategy is our /convert webhook: the API server stores
// v1 (the hub) and converts through the webhook whenever a client speaks v2.
interface Meta { name?: string; namespace?: string; resourceVersion?: string }
interface CronJobV1 { apiVersion?: string; kind?: string; metadata?: Meta; spec?: { schedule?: string } }
interface CronJobV2 { apiVersion?: string; kind?: string; metadata?: Meta; spec?: { schedule?: { minute?: string; hour?: string } } }
const group = 'batch.tutorial.kubebuilder.io';
const V1 = defineKind<CronJobV1>({ group, version: 'v1', kind: 'CronJob', plural: 'cronjobs', namespaced: true });
const V2 = defineKind<CronJobV2>({ group, version: 'v2', kind: 'CronJob', plural: 'cronjobs', namespaced: true });

const schema = { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };
const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `cronjobs.${group}` },
  spec: {
    group,
    scope: 'Namespaced',
    names: { kind: 'CronJob', listKind: 'CronJobList', plural: 'cronjobs', singular: 'cronjob' },
    versions: [
      { name: 'v1', served: true, storage: true, schema },
      { name: 'v2', served: true, storage: false, schema },
    ],
  },
};

describeBackends('conversion webhook called by the API server', (backend) => {
  let api: TestEnvironment;
  let server: WebhookServer;
  let client: KubeClient;
  let ns: string;

  beforeAll(async () => {
    // The environment points the CRD's conversion at its local webhook server, whose certificate it makes.
    api = await backend.start({ crds: [crd], conversionWebhooks: [`cronjobs.${group}`] });
    const { localServingHost, localServingPort, localServingCertDir } = api.webhookInstallOptions;
    server = new WebhookServer({ host: localServingHost, port: localServingPort, certDir: localServingCertDir, log: newLogger({ level: 'error', output: { write: () => true } }) });
    webhookManagedBy({ getWebhookServer: () => server })
      .for(V2)
      .withConversion({
        hub: V1,
        spoke: V2,
        convertTo: (v2: CronJobV2): CronJobV1 => ({ metadata: v2.metadata, spec: { schedule: `${v2.spec?.schedule?.minute ?? '*'} ${v2.spec?.schedule?.hour ?? '*'} * * *` } }),
        convertFrom: (v1: CronJobV1): CronJobV2 => {
          const [minute, hour] = (v1.spec?.schedule ?? '* *').split(' ');
          return { metadata: v1.metadata, spec: { schedule: { minute, hour } } };
        },
      })
      .complete();
    await server.start();
    client = new KubeClient(new RestTransport(api.kubeConfig));
    ns = await createNamespace(client, 'conversion');
  });

  afterAll(async () => {
    await server?.stop();
    await api?.stop();
  });

  it('stores a v2 object as v1 and serves it back in either version', async () => {
    await client.create(V2, { metadata: { name: 'nightly', namespace: ns }, spec: { schedule: { minute: '30', hour: '2' } } });
    const asV1 = await client.apiReader.get(V1, { namespace: ns, name: 'nightly' });
    expect(asV1).toMatchObject({ apiVersion: `${group}/v1`, spec: { schedule: '30 2 * * *' } });
    const asV2 = await client.apiReader.get(V2, { namespace: ns, name: 'nightly' });
    expect(asV2).toMatchObject({ apiVersion: `${group}/v2`, spec: { schedule: { minute: '30', hour: '2' } } });
  });

  it('keeps the object in the storage version, v1', async () => {
    await client.create(V2, { metadata: { name: 'hourly', namespace: ns }, spec: { schedule: { minute: '0' } } });
    const stored = await api.server.getObject({ apiVersion: `${group}/v1`, kind: 'CronJob', namespace: ns, name: 'hourly' });
    expect(stored?.apiVersion).toBe(`${group}/v1`);
    expect(stored?.spec).toEqual({ schedule: '0 * * * *' });
  });
});
