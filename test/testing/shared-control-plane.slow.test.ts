// The test run's shared control plane (kubescaffolder/testing/shared-control-plane): a global setup
// starts etcd + kube-apiserver once, and startTestEnvironment({ sharedControlPlane: true }) attaches
// to them when it installs no webhooks, instead of starting a control plane per test file.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestJSON } from '../../src/testing/environment/api-request.js';
import { setup, SHARED_CONTROL_PLANE_VARIABLE } from '../../src/testing/environment/shared-control-plane.js';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { kubernetesAssetsDir, runsOnKubernetes } from '../support/kubernetes-tools.js';

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'sprockets.shared.example.com' },
  spec: {
    group: 'shared.example.com',
    scope: 'Namespaced',
    names: { kind: 'Sprocket', listKind: 'SprocketList', plural: 'sprockets', singular: 'sprocket' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
};

const webhookConfiguration = `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: mutating-webhook-configuration
webhooks:
- name: msprocket.shared.example.com
  admissionReviewVersions: [v1]
  sideEffects: None
  clientConfig:
    service: { name: webhook-service, namespace: system, path: /mutate-shared-example-com-v1-sprocket }
  rules:
  - { apiGroups: [shared.example.com], apiVersions: [v1], operations: [CREATE], resources: [sprockets] }
`;

const serverOf = (env: TestEnvironment): string | undefined => env.kubeConfig.getCurrentCluster()?.server;

const saved = { assets: process.env.KUBEBUILDER_ASSETS, shared: process.env[SHARED_CONTROL_PLANE_VARIABLE] };
afterEach(() => {
  for (const [name, value] of [
    ['KUBEBUILDER_ASSETS', saved.assets],
    [SHARED_CONTROL_PLANE_VARIABLE, saved.shared],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('without KUBEBUILDER_ASSETS', () => {
  it('setup starts nothing and announces nothing: each environment runs its own server', async () => {
    delete process.env.KUBEBUILDER_ASSETS;
    delete process.env[SHARED_CONTROL_PLANE_VARIABLE];
    expect(await setup()).toBeUndefined();
    expect(process.env[SHARED_CONTROL_PLANE_VARIABLE]).toBeUndefined();
  });
});

describe.skipIf(!runsOnKubernetes())('one control plane for a test run', () => {
  let dir: string;
  let teardown: (() => Promise<void>) | undefined;
  let described: { assets: string; kubeconfig: string };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scaffolder-shared-test-'));
    await writeFile(path.join(dir, 'webhooks.yaml'), webhookConfiguration);
    process.env.KUBEBUILDER_ASSETS = kubernetesAssetsDir();
    delete process.env[SHARED_CONTROL_PLANE_VARIABLE];
    teardown = await setup();
    described = JSON.parse(await readFile(process.env[SHARED_CONTROL_PLANE_VARIABLE]!, 'utf8')) as typeof described;
    saved.shared = process.env[SHARED_CONTROL_PLANE_VARIABLE];
    saved.assets = process.env.KUBEBUILDER_ASSETS;
  }, 120_000);
  afterAll(async () => {
    await teardown?.();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('environments without webhooks attach to it, see each other\'s objects, and leave it running when they stop', async () => {
    expect(teardown).toBeTypeOf('function');
    expect(described.assets).toBe(kubernetesAssetsDir());
    const a = await startTestEnvironment({ crds: [crd], sharedControlPlane: true });
    const b = await startTestEnvironment({ crds: [crd], sharedControlPlane: true });
    try {
      expect(a.mode).toBe('binaries');
      expect(serverOf(a)).toBe(sharedServer());
      expect(serverOf(b)).toBe(sharedServer());
      const body = { apiVersion: 'shared.example.com/v1', kind: 'Sprocket', metadata: { name: 'from-a', namespace: 'default' } };
      await requestJSON(a.kubeConfig, 'POST', '/apis/shared.example.com/v1/namespaces/default/sprockets', body);
      await a.stop();
      // a's stop neither stopped the plane nor removed the CRD b relies on.
      await expect(requestJSON(b.kubeConfig, 'GET', '/apis/shared.example.com/v1/namespaces/default/sprockets/from-a')).resolves.toMatchObject({ metadata: { name: 'from-a' } });
    } finally {
      await b.stop();
    }
  }, 120_000);

  it('environments that start at once and install the same new CRD all start, on the shared plane', async () => {
    // A CRD new to the plane: while the first start creates it, kube-apiserver sets its status, so the others' replaces read a version that changes under them.
    const gears = { ...crd, metadata: { name: 'gears.shared.example.com' }, spec: { ...crd.spec, names: { kind: 'Gear', listKind: 'GearList', plural: 'gears', singular: 'gear' } } };
    const started = await Promise.allSettled(Array.from({ length: 6 }, () => startTestEnvironment({ crds: [gears], sharedControlPlane: true })));
    const envs = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    try {
      expect(started.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(new Set(envs.map(serverOf))).toEqual(new Set([sharedServer()]));
    } finally {
      await Promise.all(envs.map((env) => env.stop()));
    }
  }, 120_000);

  it('an environment that does not ask, or with webhooks or flags of its own, starts its own control plane', async () => {
    const hooks = await startTestEnvironment({ crds: [crd], webhookConfigPaths: [path.join(dir, 'webhooks.yaml')], sharedControlPlane: true });
    try {
      expect(serverOf(hooks)).not.toBe(sharedServer());
      // Its webhook configuration is on its own plane, not on the shared one.
      await expect(requestJSON(hooks.kubeConfig, 'GET', '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations/mutating-webhook-configuration')).resolves.toBeDefined();
    } finally {
      await hooks.stop();
    }
    const own = await startTestEnvironment();
    try {
      expect(serverOf(own)).not.toBe(sharedServer());
    } finally {
      await own.stop();
    }
    const flagged = await startTestEnvironment({ controlPlane: { apiServerFlags: { 'enable-priority-and-fairness': 'false' } }, sharedControlPlane: true });
    try {
      expect(serverOf(flagged)).not.toBe(sharedServer());
    } finally {
      await flagged.stop();
    }
  }, 180_000);

  it('teardown stops it, removes its description and withdraws the announcement', async () => {
    const file = process.env[SHARED_CONTROL_PLANE_VARIABLE]!;
    const env = await startTestEnvironment({ sharedControlPlane: true });
    const kubeConfig = env.kubeConfig;
    await env.stop();
    await teardown!();
    teardown = undefined;
    expect(process.env[SHARED_CONTROL_PLANE_VARIABLE]).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    await expect(requestJSON(kubeConfig, 'GET', '/version')).rejects.toThrow();
    saved.shared = undefined;
  }, 60_000);

  function sharedServer(): string | undefined {
    const kc = new KubeConfig();
    kc.loadFromString(described.kubeconfig);
    return kc.getCurrentCluster()?.server;
  }
});
