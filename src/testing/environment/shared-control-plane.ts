/**
 * One etcd + kube-apiserver for a whole test run, as envtest serves one Go test package: a test
 * runner's global setup (vitest's globalSetup) calls setup() once, and a test file's
 * startTestEnvironment({ sharedControlPlane: true }) that installs no webhooks attaches to it
 * instead of starting its own (about 4.5 CPU-s and 6 s each). Opt-in per file: files that share it
 * see each other's objects and controllers, which a test written for a cluster of its own may not
 * expect. The plane is announced to the test files through an environment variable naming a file
 * that holds its assets directory and kubeconfig.
 *
 * This module is the package's `kubescaffolder/testing/shared-control-plane` entry: a global setup
 * imports it without KUBEBUILDER_ASSETS too, so its static imports stay light.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { binaryAssets, controlPlaneOptions, wantsExistingCluster, type TestEnvironmentOptions } from './environment-options.js';

/** Names the file describing the run's shared control plane (set by setup for the processes it starts). */
export const SHARED_CONTROL_PLANE_VARIABLE = 'SCAFFOLDER_SHARED_CONTROL_PLANE';

interface SharedControlPlaneFile {
  /** The assets directory it was started from: a file asking for other binaries starts its own. */
  assets: string;
  /** Its kubeconfig, as KubeConfig.exportConfig writes it. */
  kubeconfig: string;
}

/**
 * Starts the shared control plane when KUBEBUILDER_ASSETS names the binaries (and no existing
 * cluster is asked for), and returns its teardown; otherwise does nothing. For vitest:
 * `globalSetup: ['test/global-setup.ts']` with `export { setup } from 'kubescaffolder/testing/shared-control-plane'`.
 */
export async function setup(): Promise<(() => Promise<void>) | undefined> {
  const assets = binaryAssets({});
  if (!assets || wantsExistingCluster({}) || process.env[SHARED_CONTROL_PLANE_VARIABLE]) return undefined;
  const { startBinaryControlPlane } = await import('./binary-control-plane.js');
  const plane = await startBinaryControlPlane(assets, controlPlaneOptions({}));
  // In the plane's own directory, which its stop removes.
  const file = path.join(plane.directory, 'shared-control-plane.json');
  const described: SharedControlPlaneFile = { assets, kubeconfig: plane.kubeConfig.exportConfig() };
  try {
    await writeFile(file, JSON.stringify(described), { mode: 0o600 });
  } catch (err) {
    await plane.stop();
    throw err;
  }
  process.env[SHARED_CONTROL_PLANE_VARIABLE] = file;
  return async () => {
    delete process.env[SHARED_CONTROL_PLANE_VARIABLE];
    await plane.stop();
  };
}

/**
 * The shared control plane's kubeconfig, when this environment asks for it (sharedControlPlane: true)
 * and may use it: one was announced, the environment would start binaries from the same assets, and
 * it changes nothing a neighbour would see beyond its CRDs and objects: no webhooks (each file serves
 * its own on its own port), no flags of its own, no CRDs deleted on stop.
 */
export async function sharedControlPlaneConfig(options: TestEnvironmentOptions, hasWebhooks: boolean): Promise<KubeConfig | undefined> {
  const file = process.env[SHARED_CONTROL_PLANE_VARIABLE];
  if (!file || options.sharedControlPlane !== true || hasWebhooks || wantsExistingCluster(options)) return undefined;
  if (options.controlPlane?.apiServerFlags || options.controlPlane?.etcdFlags) return undefined;
  if (options.crdInstallOptions?.cleanUpAfterUse) return undefined;
  let described: SharedControlPlaneFile;
  try {
    described = JSON.parse(await readFile(file, 'utf8')) as SharedControlPlaneFile;
  } catch (err) {
    throw new Error(`${SHARED_CONTROL_PLANE_VARIABLE}=${file}: the shared control plane's description cannot be read (${(err as Error).message})`, { cause: err });
  }
  if (binaryAssets(options) !== described.assets) return undefined;
  const { KubeConfig } = await import('@kubernetes/client-node');
  const kc = new KubeConfig();
  kc.loadFromString(described.kubeconfig);
  return kc;
}
