/**
 * `--local-webhooks` (what `make run` passes): the manager serves its webhooks from this machine with
 * a certificate made in memory, installs config/webhook's configurations pointing at itself for the
 * run, and removes them when it stops; a cluster that cannot call it fails the start, saying so.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  builtinScheme,
  ConfigMap,
  CustomResourceDefinition,
  defineKind,
  isInvalid,
  KubeClient,
  Manager,
  MutatingWebhookConfiguration,
  newLogger,
  RestTransport,
  ValidatingWebhookConfiguration,
  webhookManagedBy,
} from '../../../src/runtime/index.js';
import { freePort } from '../../../src/testing/environment/free-port.js';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import { describeBackends } from '../../support/backends.js';
import { createNamespace } from '../../support/runtime.js';
import { registerTierWebhooks } from '../../support/tier-webhooks.js';

// As `make manifests` writes config/webhook/manifests.yaml: service references. The webhooks take
// only ConfigMaps labelled for this test, so that nothing else on the shared control plane meets them.
const manifests = `---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: mutating-webhook-configuration
webhooks:
- admissionReviewVersions: [v1]
  clientConfig:
    service: { name: webhook-service, namespace: system, path: /mutate--v1-configmap }
  failurePolicy: Fail
  name: mconfigmap-v1.kb.io
  objectSelector: { matchLabels: { local-webhooks-test: "yes" } }
  rules:
  - { apiGroups: [""], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [configmaps] }
  sideEffects: None
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: validating-webhook-configuration
webhooks:
- admissionReviewVersions: [v1]
  clientConfig:
    service: { name: webhook-service, namespace: system, path: /validate--v1-configmap }
  failurePolicy: Fail
  name: vconfigmap-v1.kb.io
  objectSelector: { matchLabels: { local-webhooks-test: "yes" } }
  rules:
  - { apiGroups: [""], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [configmaps] }
  sideEffects: None
`;

// A two-version kind whose conversion the manager serves: v1 (stored) has spec.schedule "m h", v2 spec.minute and spec.hour.
interface Meta { name?: string; namespace?: string }
interface TaskV1 { metadata?: Meta; spec?: { schedule?: string } }
interface TaskV2 { metadata?: Meta; spec?: { minute?: string; hour?: string } }
const group = 'local-webhooks.example.com';
const V1 = defineKind<TaskV1>({ group, version: 'v1', kind: 'Task', plural: 'tasks', namespaced: true });
const V2 = defineKind<TaskV2>({ group, version: 'v2', kind: 'Task', plural: 'tasks', namespaced: true });
const schema = { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };
const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `tasks.${group}` },
  spec: {
    group,
    scope: 'Namespaced',
    names: { kind: 'Task', listKind: 'TaskList', plural: 'tasks', singular: 'task' },
    versions: [
      { name: 'v1', served: true, storage: true, schema },
      { name: 'v2', served: true, storage: false, schema },
    ],
  },
};

const labels = { 'local-webhooks-test': 'yes' };
const managedBy = { 'app.kubernetes.io/managed-by': 'scaffolder-local-webhooks' };

/** A manager as the generated main.ts makes it under `make run`, with the ConfigMap tier webhooks. */
async function localManager(env: TestEnvironment, file: string, localWebhooks: string, lines: string[], webhookHost?: string): Promise<Manager> {
  const mgr = await Manager.create({
    scheme: builtinScheme(),
    kubeConfig: env.kubeConfig,
    leaderElectionID: 'local-webhooks-test.example.com',
    localWebhooks,
    localWebhookManifests: file,
    ...(webhookHost && { webhookServer: { host: webhookHost } }),
    handleSignals: false,
    logger: newLogger({ level: 'info', output: { write: (line: string) => lines.push(line) > 0 } }),
  });
  registerTierWebhooks(mgr);
  return mgr;
}

describeBackends('webhooks served from this machine (--local-webhooks, make run)', (backend) => {
  let dir: string;
  let file: string;
  let env: TestEnvironment;
  let transport: RestTransport;
  let client: KubeClient;
  let ns: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'local-webhooks-'));
    file = join(dir, 'manifests.yaml');
    await writeFile(file, manifests);
    // The CRD as make install leaves it: no conversion webhook (strategy None).
    env = await backend.start({ crds: [crd] });
    transport = new RestTransport(env.kubeConfig);
    client = new KubeClient(transport, { fieldManager: 'local-webhooks-test' });
    ns = await createNamespace(client, 'local-webhooks');
  });

  afterAll(async () => {
    transport?.close();
    await env?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const installed = async () => [
    ...(await client.apiReader.list(MutatingWebhookConfiguration, { labelSelector: managedBy })),
    ...(await client.apiReader.list(ValidatingWebhookConfiguration, { labelSelector: managedBy })),
  ];

  it('installs the configurations pointing at itself, defaults and refuses through the API server, and removes them on stop', async () => {
    const port = await freePort('127.0.0.1');
    const lines: string[] = [];
    const mgr = await localManager(env, file, `127.0.0.1:${port}`, lines);
    const running = mgr.start();
    try {
      // Resolves once the servers started: the probe was called and the configurations installed.
      await mgr.elected();
      const configurations = await installed();
      expect(configurations.map((c) => c.metadata?.name).sort()).toEqual([
        'mutating-webhook-configuration.local-webhooks-test.example.com',
        'validating-webhook-configuration.local-webhooks-test.example.com',
      ]);
      const clientConfigs = configurations.flatMap((c) => c.webhooks ?? []).map((w) => w.clientConfig);
      expect(clientConfigs.map((c) => c.url).sort()).toEqual([`https://127.0.0.1:${port}/mutate--v1-configmap`, `https://127.0.0.1:${port}/validate--v1-configmap`]);
      expect(clientConfigs.every((c) => c.service === undefined && Buffer.from(c.caBundle!, 'base64').toString().includes('BEGIN CERTIFICATE'))).toBe(true);

      const created = await client.create(ConfigMap, { metadata: { name: 'defaulted', namespace: ns, labels } });
      expect(created.data).toEqual({ tier: 'standard' });
      const err = await client.create(ConfigMap, { metadata: { name: 'bad', namespace: ns, labels }, data: { tier: 'gold' } }).catch((e: unknown) => e);
      expect(isInvalid(err), String(err)).toBe(true);
      expect((err as Error).message).toContain('ConfigMap "bad" is invalid: data.tier: Invalid value: "gold": must be standard or premium');
      expect(lines.join('')).toContain(`installed ValidatingWebhookConfiguration validating-webhook-configuration.local-webhooks-test.example.com, calling this machine`);
    } finally {
      mgr.stop();
      await running;
    }
    expect(await installed()).toEqual([]);
    expect(lines.join('')).toContain('removed MutatingWebhookConfiguration mutating-webhook-configuration.local-webhooks-test.example.com');
    // Gone, nothing intercepts the ConfigMaps any more.
    const after = await client.create(ConfigMap, { metadata: { name: 'after', namespace: ns, labels }, data: { tier: 'gold' } });
    expect(after.data).toEqual({ tier: 'gold' });
  });

  it('fails the start when the API server cannot call the address, saying so and what to do, and leaves nothing installed', async () => {
    // The server listens on 127.0.0.1; the configurations would send the API server to 127.0.0.2, where nothing listens.
    const port = await freePort('127.0.0.1');
    const mgr = await localManager(env, file, `127.0.0.2:${port}`, [], '127.0.0.1');
    const err = await mgr.start().then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    const message = (err as Error).message;
    expect(message).toContain(`the cluster's API server cannot call the webhook server at https://127.0.0.2:${port}/local-webhooks-probe: `);
    expect(message).toContain('failed calling webhook');
    expect(message).toContain('ENABLE_WEBHOOKS=false make run');
    expect(message).toContain('make deploy');
    expect(await installed()).toEqual([]);
  });

  it('points the conversion of the CRDs whose conversions it serves at itself, and puts it back on stop', async () => {
    const port = await freePort('127.0.0.1');
    const empty = join(dir, 'empty.yaml');
    await writeFile(empty, '');
    const lines: string[] = [];
    const mgr = await Manager.create({
      scheme: builtinScheme(),
      kubeConfig: env.kubeConfig,
      localWebhooks: `127.0.0.1:${port}`,
      localWebhookManifests: empty,
      handleSignals: false,
      logger: newLogger({ level: 'info', output: { write: (line: string) => lines.push(line) > 0 } }),
    });
    webhookManagedBy(mgr)
      .for(V2)
      .withConversion({
        hub: V1,
        spoke: V2,
        convertTo: (v2: TaskV2): TaskV1 => ({ metadata: v2.metadata, spec: { schedule: `${v2.spec?.minute ?? '*'} ${v2.spec?.hour ?? '*'}` } }),
        convertFrom: (v1: TaskV1): TaskV2 => {
          const [minute, hour] = (v1.spec?.schedule ?? '* *').split(' ');
          return { metadata: v1.metadata, spec: { minute, hour } };
        },
      })
      .complete();
    const running = mgr.start();
    try {
      await mgr.elected();
      const during = await client.apiReader.get(CustomResourceDefinition, { name: `tasks.${group}` });
      expect(during.spec.conversion).toMatchObject({ strategy: 'Webhook', webhook: { clientConfig: { url: `https://127.0.0.1:${port}/convert` }, conversionReviewVersions: ['v1', 'v1beta1'] } });
      // The API server takes up a CRD's new conversion shortly after the update: a fresh object each try.
      let n = 0;
      await eventually(async () => {
        const name = `nightly-${n++}`;
        await client.create(V2, { metadata: { name, namespace: ns }, spec: { minute: '30', hour: '2' } });
        expect((await client.apiReader.get(V1, { namespace: ns, name })).spec).toEqual({ schedule: '30 2' });
      });
      expect(lines.join('')).toContain('holds no webhook configuration: none installed');
    } finally {
      mgr.stop();
      await running;
    }
    const after = await client.apiReader.get(CustomResourceDefinition, { name: `tasks.${group}` });
    expect(after.spec.conversion).toEqual({ strategy: 'None' });
    expect(lines.join('')).toContain(`put back the conversion of CustomResourceDefinition tasks.${group}`);
  });
});
