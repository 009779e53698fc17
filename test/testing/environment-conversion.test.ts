// startTestEnvironment({ conversionWebhooks }): CRDs' conversion pointed at the local webhook
// server's /convert (envtest's ModifyConversionWebhooks), chosen by name or, with 'auto', by the
// kustomize patch config/crd/patches/webhook_in_[<group>_]<plural>.yaml that `create webhook --conversion` writes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { newLogger } from '../../src/runtime/log/index.js';
import { defineKind } from '../../src/runtime/scheme/kind.js';
import { WebhookServer, webhookManagedBy } from '../../src/runtime/webhook/index.js';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { describeBackends } from '../support/backends.js';

const group = 'conv.example.com';
interface WidgetV1 { apiVersion?: string; kind?: string; metadata?: { name?: string }; spec?: { size?: string } }
interface WidgetV2 { apiVersion?: string; kind?: string; metadata?: { name?: string }; spec?: { width?: number; unit?: string } }
const V1 = defineKind<WidgetV1>({ group, version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true });
const V2 = defineKind<WidgetV2>({ group, version: 'v2', kind: 'Widget', plural: 'widgets', namespaced: true });

function crdYAML(plural: string, kind: string, versions: string[]): string {
  const version = (v: string, i: number) => `  - name: ${v}
    served: true
    storage: ${i === 0}
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true
`;
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${plural}.${group}
spec:
  group: ${group}
  names: {kind: ${kind}, listKind: ${kind}List, plural: ${plural}, singular: ${kind.toLowerCase()}}
  scope: Namespaced
  versions:
${versions.map(version).join('')}`;
}

const patch = (plural: string) => `# The following patch enables a conversion webhook for the CRD
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${plural}.${group}
spec:
  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          namespace: system
          name: webhook-service
          path: /convert
      conversionReviewVersions:
      - v1
`;

let project: string;
let bases: string;
beforeAll(async () => {
  // A scaffolded project's layout: widgets, sprockets and gadgets have two versions, things one;
  // widgets and things have a conversion patch, and sprockets one named as multigroup projects
  // name it (webhook_in_<group>_<plural>.yaml).
  project = await mkdtemp(path.join(tmpdir(), 'scaffolder-conv-'));
  bases = path.join(project, 'config', 'crd', 'bases');
  await mkdir(bases, { recursive: true });
  await mkdir(path.join(project, 'config', 'crd', 'patches'));
  await writeFile(path.join(bases, `${group}_widgets.yaml`), crdYAML('widgets', 'Widget', ['v1', 'v2']));
  await writeFile(path.join(bases, `${group}_gadgets.yaml`), crdYAML('gadgets', 'Gadget', ['v1', 'v2']));
  await writeFile(path.join(bases, `${group}_things.yaml`), crdYAML('things', 'Thing', ['v1']));
  await writeFile(path.join(bases, `${group}_sprockets.yaml`), crdYAML('sprockets', 'Sprocket', ['v1', 'v2']));
  await writeFile(path.join(project, 'config', 'crd', 'patches', 'webhook_in_tools_sprockets.yaml'), patch('sprockets'));
  await writeFile(path.join(project, 'config', 'crd', 'patches', 'webhook_in_widgets.yaml'), patch('widgets'));
  await writeFile(path.join(project, 'config', 'crd', 'patches', 'webhook_in_things.yaml'), patch('things'));
});
afterAll(() => rm(project, { recursive: true, force: true }));

type Conversion = { strategy?: string; webhook?: { clientConfig?: { url?: string; caBundle?: string; service?: unknown }; conversionReviewVersions?: string[] } };
const conversionOf = (env: TestEnvironment, name: string): Conversion | undefined =>
  (env.crds.find((c) => c.metadata?.name === name) as { spec?: { conversion?: Conversion } } | undefined)?.spec?.conversion;

describe('startTestEnvironment conversionWebhooks', () => {
  it("'auto' chooses the CRDs with several versions and a conversion patch", async () => {
    const env = await startTestEnvironment({ crdDirectoryPaths: [bases], conversionWebhooks: 'auto' });
    try {
      const { localServingHost, localServingPort, localServingCAData, localServingCertDir } = env.webhookInstallOptions;
      expect(localServingCertDir).toBeTruthy();
      expect(conversionOf(env, `widgets.${group}`)).toEqual({
        strategy: 'Webhook',
        webhook: {
          clientConfig: { url: `https://${localServingHost}:${localServingPort}/convert`, caBundle: Buffer.from(localServingCAData!).toString('base64') },
          conversionReviewVersions: ['v1', 'v1beta1'],
        },
      });
      expect(conversionOf(env, `sprockets.${group}`)?.webhook?.clientConfig?.url).toBe(`https://${localServingHost}:${localServingPort}/convert`);
      // Two versions but no patch; a patch but one version.
      expect(conversionOf(env, `gadgets.${group}`)).toBeUndefined();
      expect(conversionOf(env, `things.${group}`)).toBeUndefined();
    } finally {
      await env.stop();
    }
  });

  it('takes CRD names, keeps given conversionReviewVersions, and refuses names not loaded', async () => {
    const doodads = parse(crdYAML('doodads', 'Doodad', ['v1', 'v2'])) as { spec: Record<string, unknown> };
    doodads.spec['conversion'] = { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://elsewhere/convert' }, conversionReviewVersions: ['v1'] } };
    const env = await startTestEnvironment({
      crdDirectoryPaths: [bases],
      crds: [doodads],
      conversionWebhooks: [`gadgets.${group}`, `doodads.${group}`],
    });
    try {
      expect(conversionOf(env, `gadgets.${group}`)?.webhook?.clientConfig?.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/convert$/);
      expect(conversionOf(env, `doodads.${group}`)?.webhook?.conversionReviewVersions).toEqual(['v1']);
      expect(conversionOf(env, `doodads.${group}`)?.webhook?.clientConfig?.url).toMatch(/127\.0\.0\.1:\d+\/convert$/);
      expect(conversionOf(env, `widgets.${group}`)).toBeUndefined();
    } finally {
      await env.stop();
    }
    await expect(startTestEnvironment({ crdDirectoryPaths: [bases], conversionWebhooks: [`nothings.${group}`] })).rejects.toThrow(
      `conversionWebhooks names CRDs that were not loaded: nothings.${group}`,
    );
  });
});

describeBackends('startTestEnvironment conversionWebhooks, through a webhook server started in the test', (backend) => {
  let env: TestEnvironment;
  let server: WebhookServer;
  let api: k8s.CustomObjectsApi;

  beforeAll(async () => {
    env = await backend.start({ crdDirectoryPaths: [bases], conversionWebhooks: 'auto' });
    const { localServingHost, localServingPort, localServingCertDir } = env.webhookInstallOptions;
    const quiet = newLogger({ level: 'error', output: { write: () => true } });
    server = new WebhookServer({ host: localServingHost, port: localServingPort, certDir: localServingCertDir, log: quiet });
    const mgr = { getWebhookServer: () => server, getLogger: () => quiet };
    webhookManagedBy(mgr).for(V1).withConversion({ hub: V1 }).complete();
    webhookManagedBy(mgr)
      .for(V2)
      .withConversion({
        hub: V1,
        spoke: V2,
        convertTo: (s: WidgetV2): WidgetV1 => ({ metadata: s.metadata, spec: { size: `${s.spec?.width ?? 0}${s.spec?.unit ?? ''}` } }),
        convertFrom: (h: WidgetV1): WidgetV2 => {
          const [, width, unit] = /^(\d+)(.*)$/.exec(h.spec?.size ?? '') ?? [];
          return { metadata: h.metadata, spec: { width: Number(width ?? 0), unit } };
        },
      })
      .complete();
    await server.start();
    api = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
  });

  afterAll(async () => {
    await server?.stop();
    await env?.stop();
  });

  it('stores a v2 object as v1 and serves it in both versions', async () => {
    await api.createNamespacedCustomObject({
      group, version: 'v2', namespace: 'default', plural: 'widgets',
      body: { apiVersion: `${group}/v2`, kind: 'Widget', metadata: { name: 'w' }, spec: { width: 3, unit: 'cm' } },
    });
    const asV1 = (await api.getNamespacedCustomObject({ group, version: 'v1', namespace: 'default', plural: 'widgets', name: 'w' })) as WidgetV1;
    expect(asV1.apiVersion).toBe(`${group}/v1`);
    expect(asV1.spec).toEqual({ size: '3cm' });
    const asV2 = (await api.getNamespacedCustomObject({ group, version: 'v2', namespace: 'default', plural: 'widgets', name: 'w' })) as WidgetV2;
    expect(asV2.spec).toEqual({ width: 3, unit: 'cm' });
  });

  it('fails the request when the webhook server is down, as the API server does', async () => {
    await server.stop();
    await expect(api.getNamespacedCustomObject({ group, version: 'v2', namespace: 'default', plural: 'widgets', name: 'w' })).rejects.toThrow(/conversion webhook|convert/i);
  });
});
