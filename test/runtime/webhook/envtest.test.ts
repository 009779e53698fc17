import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isInvalid } from '../../../src/runtime/client/index.js';
import { Manager } from '../../../src/runtime/manager/index.js';
import { builtinScheme, ConfigMap } from '../../../src/runtime/scheme/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { WebhookServer } from '../../../src/runtime/webhook/index.js';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import { describeBackends } from '../../support/backends.js';
import { createNamespace } from '../../support/runtime.js';
import { registerTierWebhooks } from '../../support/tier-webhooks.js';

// As a generated project's webhook suite test runs: the environment loads config/webhook (service
// references, as controller-gen writes them) and gives the serving host, port and certificates
// that the manager's webhook server uses.
const manifests = `---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: mutating-webhook-configuration
webhooks:
- admissionReviewVersions:
  - v1
  clientConfig:
    service:
      name: webhook-service
      namespace: system
      path: /mutate--v1-configmap
  failurePolicy: Fail
  name: mconfigmap-v1.kb.io
  rules:
  - apiGroups:
    - ""
    apiVersions:
    - v1
    operations:
    - CREATE
    - UPDATE
    resources:
    - configmaps
  sideEffects: None
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: validating-webhook-configuration
webhooks:
- admissionReviewVersions:
  - v1
  clientConfig:
    service:
      name: webhook-service
      namespace: system
      path: /validate--v1-configmap
  failurePolicy: Fail
  name: vconfigmap-v1.kb.io
  rules:
  - apiGroups:
    - ""
    apiVersions:
    - v1
    operations:
    - CREATE
    - UPDATE
    resources:
    - configmaps
  sideEffects: None
`;

describeBackends('webhooks in a test environment, served by the manager', (backend) => {
  let dir: string;
  let env: TestEnvironment;
  let mgr: Manager;
  let running: Promise<void>;
  let ns: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'envtest-webhooks-'));
    await writeFile(join(dir, 'manifests.yaml'), manifests);
    env = await backend.start({ webhookConfigPaths: [dir] });
    const { localServingHost, localServingPort, localServingCertDir } = env.webhookInstallOptions;
    mgr = await Manager.create({
      scheme: builtinScheme(),
      kubeConfig: env.kubeConfig,
      webhookServer: { host: localServingHost, port: localServingPort, certDir: localServingCertDir },
      handleSignals: false,
      logger: newLogger({ level: 'error', output: { write: () => true } }),
    });
    registerTierWebhooks(mgr);
    running = mgr.start();
    const server = mgr.getWebhookServer<WebhookServer>();
    await eventually(() => server.port() !== undefined);
    ns = await createNamespace(mgr.getClient(), 'envtest-webhooks');
  });

  afterAll(async () => {
    mgr?.stop();
    await running;
    await env?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('defaults and admits, then rejects with the field error', async () => {
    const client = mgr.getClient();
    const created = await client.create(ConfigMap, { metadata: { name: 'defaulted', namespace: ns } });
    expect(created.data).toEqual({ tier: 'standard' });

    const err = await client.create(ConfigMap, { metadata: { name: 'bad', namespace: ns }, data: { tier: 'gold' } }).catch((e: unknown) => e);
    expect(isInvalid(err)).toBe(true);
    expect((err as Error).message).toContain('ConfigMap "bad" is invalid: data.tier: Invalid value: "gold": must be standard or premium');
  });
});
