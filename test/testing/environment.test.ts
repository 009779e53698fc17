import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { CRONJOB_GROUP, conformance, credentials, cronjobCRDDir, statusOf } from './support.js';
import { describeShared, itShared } from '../support/shared.js';
import { describeBackends } from '../support/backends.js';

const controllerGenCRDs = path.join(conformance, 'controller-gen', 'crd');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'scaffolder-env-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('startTestEnvironment inputs', () => {
  it('fails on a missing CRD path only when asked to', async () => {
    const missing = path.join(dir, 'no-such-dir');
    await expect(startTestEnvironment({ crdDirectoryPaths: [missing], errorIfCRDPathMissing: true })).rejects.toThrow(`CRD path ${missing} does not exist`);
    const env = await startTestEnvironment({ crdDirectoryPaths: [missing] });
    await env.stop();
  });

  it('names the file and line of a manifest that is not a Kubernetes object', async () => {
    const crdDir = path.join(dir, 'bad-crds');
    await rm(crdDir, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(crdDir));
    const file = path.join(crdDir, 'broken.yaml');
    await writeFile(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n---\njust: a map\n');
    await expect(startTestEnvironment({ crdDirectoryPaths: [crdDir] })).rejects.toThrow(`${file}:5: a Kubernetes object needs apiVersion and kind`);
  });

  it('names the file and line of invalid YAML', async () => {
    const file = path.join(dir, 'invalid.yaml');
    await writeFile(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [unclosed\n');
    await expect(startTestEnvironment({ crdDirectoryPaths: [file] })).rejects.toThrow(new RegExp(`^${file.replace(/[.]/g, '\\.')}:9: invalid YAML: `));
  });

  itShared(controllerGenCRDs, 'refuses apiextensions.k8s.io/v1beta1 CRDs with a clear error', async () => {
    const v1beta1 = path.join(controllerGenCRDs, 'gen_bar.example.com_foos.v1beta1.yaml');
    await expect(startTestEnvironment({ crdDirectoryPaths: [v1beta1] })).rejects.toThrow(/only apiextensions\.k8s\.io\/v1 is served/);
  });

  itShared(controllerGenCRDs, 'loads every controller-gen conformance CRD that is v1', async () => {
    const crdDir = controllerGenCRDs;
    // testdata._cronjobs.yaml has an empty group, which kube-apiserver refuses too.
    const files = (await import('node:fs/promises').then((fs) => fs.readdir(crdDir)))
      .filter((f) => !f.includes('v1beta1') && !f.startsWith('testdata._'))
      .map((f) => path.join(crdDir, f));
    const env = await startTestEnvironment({ crdDirectoryPaths: files });
    try {
      const groups = await env.kubeConfig.makeApiClient(k8s.ApisApi).getAPIVersions();
      expect(groups.groups.map((g) => g.name)).toEqual(expect.arrayContaining(['bar.example.com', 'testdata.kubebuilder.io']));
      expect(env.crds.length).toBe(files.length);
    } finally {
      await env.stop();
    }
  });
});

describeShared(controllerGenCRDs, 'CRDs the server refuses', () => {
  it('are reported with their file and line', async () => {
    // The file starts with '---', so the object starts on line 2.
    const file = path.join(controllerGenCRDs, 'testdata._cronjobs.yaml');
    await expect(startTestEnvironment({ crdDirectoryPaths: [file] })).rejects.toThrow(`${file}:2: CustomResourceDefinition cronjobs. was refused: CustomResourceDefinition.apiextensions.k8s.io "cronjobs." is invalid`);
  });
});

describe('secure: true', () => {
  it('serves HTTPS with a certificate the kubeconfig trusts, for client-node and kubectl', async () => {
    const env = await startTestEnvironment({ secure: true });
    try {
      expect(env.server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(env.kubeConfig.getCurrentCluster()?.skipTLSVerify).toBeFalsy();
      const ns = await env.kubeConfig.makeApiClient(k8s.CoreV1Api).readNamespace({ name: 'default' });
      expect(ns.metadata?.name).toBe('default');
      const kubeconfig = path.join(dir, 'secure.kubeconfig');
      await env.writeKubeconfig(kubeconfig);
      const { execFile } = await import('node:child_process');
      const out = await new Promise<string>((resolve, reject) =>
        execFile('kubectl', ['get', 'namespace', 'kube-system', '-o', 'name'], { env: { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: path.join(dir, 'cache') } }, (err, stdout, stderr) => (err ? reject(new Error(stderr)) : resolve(stdout))),
      );
      expect(out).toBe('namespace/kube-system\n');
    } finally {
      await env.stop();
    }
  });
});

describe('authentication', () => {
  const UNAUTHORIZED = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 };

  it('answers requests without the kubeconfig\'s credentials 401 Unauthorized, as kube-apiserver', async () => {
    const env = await startTestEnvironment();
    try {
      for (const headers of [{} as Record<string, string>, { authorization: 'Bearer not-the-token' }, { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` }]) {
        for (const p of ['/api/v1/namespaces', '/apis', '/version', '/api/v1/namespaces/default/configmaps?watch=true']) {
          const res = await fetch(`${env.server.url}${p}`, { headers });
          expect(res.status, `${p} ${JSON.stringify(headers)}`).toBe(401);
          expect(await res.json()).toEqual(UNAUTHORIZED);
        }
      }
      const created = await fetch(`${env.server.url}/api/v1/namespaces/default/configmaps`, { method: 'POST', body: JSON.stringify({ metadata: { name: 'sneaky' } }), headers: { 'content-type': 'application/json' } });
      expect(created.status).toBe(401);
      expect(await env.server.getObject({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'sneaky' })).toBeUndefined();
      // The environment's kubeconfig carries the server's token: client-node and kubectl get through.
      expect(env.kubeConfig.getCurrentUser()?.token).toBe(env.server.token);
      const res = await fetch(`${env.server.url}/api/v1/namespaces/default`, { headers: credentials(env.server) });
      expect(res.status).toBe(200);
      expect((await env.kubeConfig.makeApiClient(k8s.CoreV1Api).readNamespace({ name: 'default' })).metadata?.name).toBe('default');
      const kubeconfig = path.join(dir, 'authn.kubeconfig');
      await env.writeKubeconfig(kubeconfig);
      const { execFile } = await import('node:child_process');
      const out = await new Promise<string>((resolve, reject) =>
        execFile('kubectl', ['get', 'namespace', 'kube-system', '-o', 'name'], { env: { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: path.join(dir, 'cache') } }, (err, stdout, stderr) => (err ? reject(new Error(stderr)) : resolve(stdout))),
      );
      expect(out).toBe('namespace/kube-system\n');
    } finally {
      await env.stop();
    }
  });

  it('authentication: false answers any local process', async () => {
    const env = await startTestEnvironment({ authentication: false });
    try {
      const res = await fetch(`${env.server.url}/api/v1/namespaces/default`);
      expect(res.status).toBe(200);
    } finally {
      await env.stop();
    }
  });
});

describeShared(cronjobCRDDir, 'USE_EXISTING_CLUSTER', () => {
  it('runs against the kubeconfig cluster and installs the CRDs there', async () => {
    const host = await startTestEnvironment();
    const kubeconfig = path.join(dir, 'existing.kubeconfig');
    await host.writeKubeconfig(kubeconfig);
    const saved = { KUBECONFIG: process.env.KUBECONFIG, USE_EXISTING_CLUSTER: process.env.USE_EXISTING_CLUSTER };
    process.env.KUBECONFIG = kubeconfig;
    process.env.USE_EXISTING_CLUSTER = 'true';
    try {
      const env = await startTestEnvironment({ crdDirectoryPaths: [cronjobCRDDir] });
      expect(env.mode).toBe('existing-cluster');
      expect(() => env.server).toThrow(/only for the in-process server/);
      const crd = await host.kubeConfig.makeApiClient(k8s.ApiextensionsV1Api).readCustomResourceDefinition({ name: `cronjobs.${CRONJOB_GROUP}` });
      expect(crd.status?.conditions?.find((c) => c.type === 'Established')?.status).toBe('True');
      await env.stop();
    } finally {
      process.env.KUBECONFIG = saved.KUBECONFIG;
      if (saved.USE_EXISTING_CLUSTER === undefined) delete process.env.USE_EXISTING_CLUSTER;
      else process.env.USE_EXISTING_CLUSTER = saved.USE_EXISTING_CLUSTER;
      if (saved.KUBECONFIG === undefined) delete process.env.KUBECONFIG;
      await host.stop();
    }
  });
});

const WEBHOOKS = `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata: {name: mutating-webhook-configuration}
webhooks:
- name: mconfigmap.kb.io
  admissionReviewVersions: [v1]
  clientConfig: {service: {name: webhook-service, namespace: system, path: /mutate-v1-configmap}}
  failurePolicy: Fail
  sideEffects: None
  rules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [configmaps]}]
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: validating-webhook-configuration}
webhooks:
- name: vconfigmap.kb.io
  admissionReviewVersions: [v1]
  clientConfig: {service: {name: webhook-service, namespace: system, path: /validate-v1-configmap}}
  failurePolicy: Fail
  sideEffects: None
  rules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
`;

const SERVICE = `apiVersion: v1
kind: Service
metadata:
  labels: {app.kubernetes.io/name: project}
  name: webhook-service
  namespace: system
spec:
  ports: [{port: 443, protocol: TCP, targetPort: 9443}]
  selector: {control-plane: controller-manager}
`;

describe('webhook configurations read from files', () => {
  it('writes the serving certificate into the webhookInstallOptions.localServingCertDir given, and keeps that folder on stop', async () => {
    const certDir = path.join(dir, 'given-certs');
    const hooks = path.join(dir, 'one-webhook.yaml');
    await writeFile(hooks, WEBHOOKS.split('---')[1]);
    const env = await startTestEnvironment({ webhookInstallOptions: { paths: [hooks], localServingCertDir: certDir, localServingHost: 'localhost' } });
    expect(env.webhookInstallOptions).toMatchObject({ localServingCertDir: certDir, localServingHost: 'localhost' });
    expect(env.webhookInstallOptions.validatingWebhooks.map((w) => w.metadata?.name)).toEqual(['validating-webhook-configuration']);
    await env.stop();
    expect((await readFile(path.join(certDir, 'tls.crt'), 'utf8')).trim()).toBe(env.webhookInstallOptions.localServingCAData?.trim());
  });

  it('skips what is not a webhook configuration in a file or directory (kustomize files, services)', async () => {
    const onlyKustomize = path.join(dir, 'webhook-without-manifests');
    await import('node:fs/promises').then((fs) => fs.mkdir(onlyKustomize, { recursive: true }));
    await writeFile(path.join(onlyKustomize, 'kustomization.yaml'), 'resources:\n- service.yaml\n');
    await writeFile(path.join(onlyKustomize, 'service.yaml'), SERVICE);
    const without = await startTestEnvironment({ webhookConfigPaths: [onlyKustomize] });
    // No webhook configuration: no webhook serving set up.
    expect(without.webhookInstallOptions.localServingCertDir).toBeUndefined();
    await without.stop();
    // One file holding a Service and a webhook configuration, and a document that is no object.
    const mixed = path.join(dir, 'mixed-webhooks.yaml');
    await writeFile(mixed, `${SERVICE}---\nnameReference: []\n---\n${WEBHOOKS.split('---')[1]}`);
    const withOne = await startTestEnvironment({ webhookConfigPaths: [mixed] });
    expect(withOne.webhookInstallOptions.localServingCertDir).toEqual(expect.any(String));
    await withOne.stop();
  });
});

describeBackends('webhooks from config/webhook', (backend) => {
  let env: TestEnvironment;
  let webhookServer: Server;
  const reviews: string[] = [];

  beforeAll(async () => {
    const hookDir = path.join(dir, 'webhook');
    await import('node:fs/promises').then((fs) => fs.mkdir(hookDir, { recursive: true }));
    // A project's config/webhook as kubebuilder scaffolds it: the manifests beside kustomize's files.
    await writeFile(path.join(hookDir, 'manifests.yaml'), `---\n${WEBHOOKS}`);
    await writeFile(path.join(hookDir, 'kustomization.yaml'), 'resources:\n- manifests.yaml\n- service.yaml\n\nconfigurations:\n- kustomizeconfig.yaml\n');
    await writeFile(path.join(hookDir, 'kustomizeconfig.yaml'), '# the following config is for teaching kustomize where to look at when substituting nameReference.\nnameReference:\n- kind: Service\n  version: v1\n  fieldSpecs:\n  - kind: MutatingWebhookConfiguration\n    group: admissionregistration.k8s.io\n    path: webhooks/clientConfig/service/name\n');
    await writeFile(path.join(hookDir, 'service.yaml'), SERVICE);
    env = await backend.start({ webhookConfigPaths: [hookDir] });
    const { localServingCertDir, localServingHost, localServingPort } = env.webhookInstallOptions;
    const cert = await readFile(path.join(localServingCertDir!, 'tls.crt'));
    const key = await readFile(path.join(localServingCertDir!, 'tls.key'));
    // The project's webhook server, reduced to two handlers.
    webhookServer = createServer({ cert, key }, (req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const review = JSON.parse(text) as { request: { uid: string; object: { data?: Record<string, string> } } };
        // kube-apiserver adds ?timeout=10s to the webhook path.
        const pathname = new URL(req.url ?? '/', 'https://localhost').pathname;
        reviews.push(pathname);
        const response: Record<string, unknown> = { uid: review.request.uid, allowed: true };
        if (pathname === '/mutate-v1-configmap') {
          response.patchType = 'JSONPatch';
          response.patch = Buffer.from(JSON.stringify([{ op: 'add', path: '/metadata/labels', value: { defaulted: 'yes' } }])).toString('base64');
        } else if (!review.request.object.data?.mode) {
          Object.assign(response, { allowed: false, status: { code: 403, message: 'data.mode is required' } });
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response }));
      });
    });
    await new Promise<void>((resolve) => webhookServer.listen(localServingPort, localServingHost, resolve));
  });
  afterAll(async () => {
    await new Promise((r) => webhookServer.close(r));
    await env.stop();
  });

  it('gives the webhook server a certificate and a port, and calls it for matching writes', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const cm = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'hooked' }, data: { mode: 'fast' } } });
    expect(cm.metadata?.labels).toEqual({ defaulted: 'yes' });
    expect(reviews).toEqual(['/mutate-v1-configmap', '/validate-v1-configmap']);
    const { code, body } = await statusOf(core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'refused' } } }));
    expect(code).toBe(403);
    expect(body.message).toBe('admission webhook "vconfigmap.kb.io" denied the request: data.mode is required');
    await core.createNamespacedSecret({ namespace: 'default', body: { metadata: { name: 'not-hooked' } } });
    expect(reviews).toHaveLength(4);
  });

  it('calls webhook configurations created through the API, until they are deleted', async () => {
    const admission = env.kubeConfig.makeApiClient(k8s.AdmissionregistrationV1Api);
    const { localServingHost, localServingPort } = env.webhookInstallOptions;
    await admission.createValidatingWebhookConfiguration({
      body: {
        metadata: { name: 'secrets-at-runtime' },
        webhooks: [{
          name: 'vsecret.kb.io',
          admissionReviewVersions: ['v1'],
          sideEffects: 'None',
          clientConfig: { url: `https://${localServingHost}:${localServingPort}/validate-v1-configmap` },
          rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['secrets'] }],
        }],
      },
    });
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const { code, body } = await statusOf(core.createNamespacedSecret({ namespace: 'default', body: { metadata: { name: 'refused-secret' } } }));
    expect(code).toBe(403);
    expect(body.message).toBe('admission webhook "vsecret.kb.io" denied the request: data.mode is required');
    await admission.deleteValidatingWebhookConfiguration({ name: 'secrets-at-runtime' });
    const secret = await core.createNamespacedSecret({ namespace: 'default', body: { metadata: { name: 'refused-secret' } } });
    expect(secret.metadata?.name).toBe('refused-secret');
  });
});
