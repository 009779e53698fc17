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
  fieldError,
  isInvalid,
  KubeClient,
  Manager,
  MutatingWebhookConfiguration,
  newLogger,
  RestTransport,
  ValidatingWebhookConfiguration,
  ValidationError,
  webhookManagedBy,
} from '../../../src/runtime/index.js';
import { freePort } from '../../../src/testing/environment/free-port.js';
import type { TestEnvironment } from '../../../src/testing/index.js';
import { describeBackends } from '../../support/backends.js';
import { createNamespace } from '../../support/runtime.js';

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

const labels = { 'local-webhooks-test': 'yes' };
const managedBy = { 'app.kubernetes.io/managed-by': 'scaffolder-local-webhooks' };

/** A manager as the generated main.ts makes it under `make run`, with a ConfigMap defaulter and validator. */
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
  webhookManagedBy(mgr)
    .for(ConfigMap)
    .withDefaulter({ default: (cm) => void (cm.data = { tier: 'standard', ...cm.data }) })
    .withValidator({
      validateCreate(cm) {
        if (!['standard', 'premium'].includes(cm.data?.tier ?? '')) {
          throw new ValidationError(ConfigMap, cm.metadata?.name ?? '', [fieldError('data.tier', cm.data?.tier, 'must be standard or premium')]);
        }
      },
      validateUpdate: () => undefined,
      validateDelete: () => undefined,
    })
    .complete();
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
    env = await backend.start();
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
});
