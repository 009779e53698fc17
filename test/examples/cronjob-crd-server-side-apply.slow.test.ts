// The kubebuilder book's CronJob CRD (examples/cronjob: its schema holds a whole Job template), with
// the descriptions controller-gen writes by default, is too large for `kubectl apply`'s client-side
// apply, which copies the object into the kubectl.kubernetes.io/last-applied-configuration annotation:
// kube-apiserver refuses annotations over 256 KiB. The book (and the example's `manifests` script)
// drops the descriptions (--max-desc-len 0) to get under it; server-side apply keeps no such copy and
// installs either. Checked on etcd + kube-apiserver (npm run tools:kubernetes), through kubectl.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplesDir } from '../../scripts/examples/link-examples.js';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { hasKubernetesBinaries, kubernetesAssetsDir } from '../support/kubernetes-tools.js';
import { conditionTrue, linkNodeModules, runAsync } from '../support/scaffolded-project.js';
import { repoRoot } from '../support/shared-paths.js';
import { scaled } from '../support/timeouts.js';

const crdName = 'cronjobs.batch.tutorial.kubebuilder.io';
const crdFile = join('config', 'crd', 'bases', 'batch.tutorial.kubebuilder.io_cronjobs.yaml');

describe.skipIf(!hasKubernetesBinaries())('the CronJob example\'s CRD on kube-apiserver', () => {
  let plane: TestEnvironment;
  let scratch: string;
  /** A copy of the example whose CRD has its descriptions (`manifests` without --max-desc-len 0). */
  let described: string;
  let env: NodeJS.ProcessEnv;
  const kubectlIn = (cwd: string, args: string[], input?: string) => runAsync('kubectl', args, { cwd, env, input });
  const kubectl = (...args: string[]) => kubectlIn(join(examplesDir, 'cronjob'), args);

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'cronjob-crd-'));
    described = join(scratch, 'cronjob');
    cpSync(join(examplesDir, 'cronjob'), described, { recursive: true, filter: (src) => !/[/\\](node_modules|dist)$/.test(src) });
    linkNodeModules(described);
    const generated = await runAsync(process.execPath, [join(repoRoot, 'bin', 'scaffolder.js'), 'manifests', '--strict'], { cwd: described, env: process.env });
    if (generated.code !== 0) throw new Error(`scaffolder manifests: ${generated.stderr}`);
    plane = await startTestEnvironment({ binaryAssetsDirectory: kubernetesAssetsDir(), useExistingCluster: false });
    await plane.writeKubeconfig(join(scratch, 'kubeconfig'));
    env = { ...process.env, KUBECONFIG: join(scratch, 'kubeconfig'), KUBECACHEDIR: join(scratch, 'cache') };
  }, scaled(300_000));

  afterAll(async () => {
    await plane?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('with its descriptions, is refused to client-side apply: the last-applied-configuration annotation passes 256 KiB', async () => {
    expect(readFileSync(join(described, crdFile), 'utf8').length).toBeGreaterThan(readFileSync(join(examplesDir, 'cronjob', crdFile), 'utf8').length);
    const applied = await kubectlIn(described, ['apply', '-k', 'config/crd']);
    expect(applied.code).not.toBe(0);
    expect(applied.stderr).toMatch(/metadata\.annotations: Too long: .*262144 bytes/);
    expect((await kubectl('get', 'crd', crdName)).stderr).toContain('NotFound');
  }, scaled(120_000));

  it('with its descriptions, installs with server-side apply (-k, and a kustomize build piped to -f -), and is Established', async () => {
    const applied = await kubectlIn(described, ['apply', '--server-side', '-k', 'config/crd']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain(`customresourcedefinition.apiextensions.k8s.io/${crdName} serverside-applied`);
    await conditionTrue(kubectl, `crd/${crdName}`, 'Established');

    // Again, as a Makefile pipes kustomize's output: no annotation holds a copy.
    const built = await kubectlIn(described, ['kustomize', 'config/crd']);
    expect(built.code, built.stderr).toBe(0);
    const again = await kubectlIn(scratch, ['apply', '--server-side', '-f', '-'], built.stdout);
    expect(again.code, again.stderr).toBe(0);
    const annotations = await kubectl('get', 'crd', crdName, '-o', 'jsonpath={.metadata.annotations}');
    expect(annotations.stdout).not.toContain('last-applied-configuration');
  }, scaled(120_000));

  it('as the example writes it (--max-desc-len 0), installs with server-side apply over the described one', async () => {
    const applied = await kubectl('apply', '--server-side', '-k', 'config/crd');
    expect(applied.code, applied.stderr).toBe(0);
    const crd = JSON.parse((await kubectl('get', 'crd', crdName, '-o', 'json')).stdout) as { spec: { versions: Array<{ schema: { openAPIV3Schema: { description?: string } } }> } };
    expect(crd.spec.versions[0].schema.openAPIV3Schema.description).toBeUndefined();
  }, scaled(120_000));
});
