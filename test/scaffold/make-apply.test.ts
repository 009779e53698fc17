// `make install` and `make deploy` of the kubebuilder book's CronJob (examples/cronjob) with its CRD as
// `make manifests` writes it by default, descriptions and all: 1.46 MB of YAML, 601 kB as compact JSON,
// more than the 262144 bytes client-side apply's last-applied-configuration annotation may hold. The generated Makefile
// applies server-side. Run against the in-process test server through the real kubectl; to run it
// against a cluster instead, set SCAFFOLDER_TEST_KUBECONFIG to its kubeconfig (the cluster needs
// cert-manager, which config/default uses; the test server gets stand-ins of its two CRDs).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runManifests } from '../../src/generators/manifests/index.js';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { runAsync } from '../support/run-async.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const externalKubeconfig = process.env.SCAFFOLDER_TEST_KUBECONFIG;
const crdName = 'cronjobs.batch.tutorial.kubebuilder.io';
const crdFile = 'config/crd/bases/batch.tutorial.kubebuilder.io_cronjobs.yaml';
const namespace = 'cronjob-system';
const deployment = 'cronjob-controller-manager';

/** cert-manager's Certificate and Issuer as far as applying config/default needs them: any content. */
const certManagerStandIns = (['Certificate', 'Issuer'] as const).map((kind) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `${kind.toLowerCase()}s.cert-manager.io` },
  spec: {
    group: 'cert-manager.io',
    scope: 'Namespaced',
    names: { plural: `${kind.toLowerCase()}s`, singular: kind.toLowerCase(), kind },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
}));

let env: TestEnvironment | undefined;
let work: string;
let project: string;
let kubeconfig: string;

/** make in the project, with kubectl reaching the server under test; `-o manifests`: the CRD is written once, in beforeAll. */
async function make(...args: string[]): Promise<{ status: number | null; out: string }> {
  // A private discovery cache: ports are reused across runs, and another run's CRDs must not leak in.
  const r = await runAsync('make', ['--no-print-directory', '-o', 'manifests', ...args], { cwd: project, env: { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: join(work, 'kube-cache') } });
  return { status: r.code, out: r.stdout + r.stderr };
}

function clients(): { crds: k8s.ApiextensionsV1Api; apps: k8s.AppsV1Api; objects: k8s.KubernetesObjectApi } {
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(kubeconfig);
  return { crds: kc.makeApiClient(k8s.ApiextensionsV1Api), apps: kc.makeApiClient(k8s.AppsV1Api), objects: k8s.KubernetesObjectApi.makeApiClient(kc) };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'scaffolder-make-apply-'));
  project = join(work, 'cronjob');
  cpSync(join(repoRoot, 'examples', 'cronjob'), project, { recursive: true, filter: (src) => !src.includes('node_modules') });
  // The CRD as the Makefile's `scaffolder manifests --strict` writes it (the example's own script drops the descriptions).
  const code = await runManifests({ projectDir: project }, { stdout: () => undefined, stderr: () => undefined });
  expect(code).toBe(0);
  if (externalKubeconfig) {
    kubeconfig = resolve(externalKubeconfig);
  } else {
    env = await startTestEnvironment({ crds: certManagerStandIns });
    kubeconfig = join(work, 'kubeconfig');
    await env.writeKubeconfig(kubeconfig);
  }
}, 120_000);

afterAll(async () => {
  if (externalKubeconfig && project) await make('undeploy', 'ignore-not-found=true');
  await env?.stop();
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('make install and make deploy of the CronJob tutorial, whose CRD is too large for client-side apply', () => {
  it('the CRD that make manifests writes is larger than a last-applied-configuration annotation may be', () => {
    const crd = parse(readFileSync(join(project, crdFile), 'utf8')) as unknown;
    expect(JSON.stringify(crd).length).toBeGreaterThan(262_144);
  });

  it('make install applies it (twice: the second apply changes nothing), and the API server serves it', async () => {
    const first = await make('install');
    expect(first.status, first.out).toBe(0);
    expect(first.out).toContain(`customresourcedefinition.apiextensions.k8s.io/${crdName} serverside-applied`);
    const again = await make('install');
    expect(again.status, again.out).toBe(0);
    const crd = await clients().crds.readCustomResourceDefinition({ name: crdName });
    expect(crd.spec.versions.map((v) => v.name)).toEqual(['v1', 'v2']);
    expect(crd.metadata?.annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toBeUndefined();
    expect(crd.metadata?.managedFields?.map((m) => `${m.manager} ${m.operation}`)).toContain('kubectl Apply');
  }, 300_000);

  it('make deploy applies config/default with the image; a field another manager owns stops it until APPLY_FLAGS=--force-conflicts', async () => {
    const first = await make('deploy', 'IMG=registry.example.com/cronjob:v1');
    expect(first.status, first.out).toBe(0);
    const { apps, objects } = clients();
    const image = async () => (await apps.readNamespacedDeployment({ name: deployment, namespace })).spec?.template.spec?.containers.find((c) => c.name === 'manager')?.image;
    expect(await image()).toBe('registry.example.com/cronjob:v1');

    // Someone else sets the image with their own server-side apply: its field manager now owns the field.
    await objects.patch(
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: deployment, namespace }, spec: { template: { spec: { containers: [{ name: 'manager', image: 'registry.example.com/cronjob:hotfix' }] } } } },
      undefined, undefined, 'someone-else', true, k8s.PatchStrategy.ServerSideApply,
    );
    const conflict = await make('deploy', 'IMG=registry.example.com/cronjob:v2');
    expect(conflict.status).not.toBe(0);
    expect(conflict.out).toContain('conflict with "someone-else"');
    expect(await image()).toBe('registry.example.com/cronjob:hotfix');

    const forced = await make('deploy', 'IMG=registry.example.com/cronjob:v2', 'APPLY_FLAGS=--force-conflicts');
    expect(forced.status, forced.out).toBe(0);
    expect(await image()).toBe('registry.example.com/cronjob:v2');
  }, 300_000);
});
