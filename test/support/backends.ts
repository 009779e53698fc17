/**
 * One test body, two control planes: `describeBackends(name, (backend) => { ... })` runs the body
 * against the in-process server (`[in-process]`) and against etcd + kube-apiserver built by
 * `npm run tools:kubernetes` (`[kube-apiserver]`; skipped with one line when they are not built).
 * `backend.start(options)` gives a TestEnvironment on either. On kube-apiserver every start in a
 * test file shares one control plane (starting one takes seconds), so tests keep to namespaces of
 * their own (createNamespace) and install what they need through start's options; stop removes the
 * webhook configurations a start installed. Tests that cannot hold there are listed in in-process-only.ts.
 */
import path from 'node:path';
import { afterAll, beforeEach, describe } from 'vitest';
import { startTestEnvironment, type TestEnvironment, type TestEnvironmentOptions } from '../../src/testing/index.js';
import { startEnv } from './environment.js';
import { inProcessOnly, skipNote } from './in-process-only.js';
import { kubernetesAssetsDir, runsOnKubernetes } from './kubernetes-tools.js';
import { testTier } from './test-tier.js';
import { repoRoot } from './shared-paths.js';

export interface Backend {
  readonly name: 'in-process' | 'kube-apiserver';
  /** A test environment with the given CRDs and webhooks: a fresh in-process server, or the file's kube-apiserver. */
  start(options?: TestEnvironmentOptions): Promise<TestEnvironment>;
}

const inProcess: Backend = { name: 'in-process', start: startEnv };

/** The file's control plane, started by the first start and stopped after the describeBackends blocks. */
let shared: Promise<TestEnvironment> | undefined;

async function stopSharedControlPlane(): Promise<void> {
  const plane = shared;
  shared = undefined;
  await (await plane)?.stop();
}

/** The control plane shared by the test file's real-backend blocks (see the file comment). */
export function sharedControlPlane(): Promise<TestEnvironment> {
  shared ??= startTestEnvironment({ binaryAssetsDirectory: kubernetesAssetsDir(), useExistingCluster: false });
  return shared;
}

const realBackend: Backend = {
  name: 'kube-apiserver',
  async start(options = {}) {
    const plane = await sharedControlPlane();
    const env = await startTestEnvironment({ ...options, useExistingCluster: true, config: plane.kubeConfig });
    return {
      kubeConfig: env.kubeConfig,
      mode: 'binaries',
      get server() {
        return env.server;
      },
      crds: env.crds,
      webhookInstallOptions: env.webhookInstallOptions,
      writeKubeconfig: (file) => env.writeKubeconfig(file),
      stop: () => env.stop(),
    };
  },
};

export interface BackendsOptions {
  /**
   * Both halves belong to the slow project (for a `*.slow.test.ts` file, which the fast project
   * leaves out): the in-process one too runs there, and not in the fast project.
   */
  slow?: boolean;
}

/**
 * `describe(name, body)` once per backend: the in-process one outside the slow project (inside it
 * only, with `slow`), the kube-apiserver one outside the fast project when its binaries are built
 * (see test-tier.ts).
 */
export function describeBackends(name: string, body: (backend: Backend) => void, options: BackendsOptions = {}): void {
  describe.skipIf(testTier() === (options.slow ? 'fast' : 'slow'))(`${name} [in-process]`, () => body(inProcess));
  describe.skipIf(!runsOnKubernetes())(`${name} [kube-apiserver]`, () => {
    beforeEach((context) => {
      const entry = inProcessOnly(path.relative(repoRoot, context.task.file.filepath), context.task.name);
      if (entry) context.skip(skipNote(entry));
    });
    body(realBackend);
  });
  // Registered beside the blocks (at the file's level when called there, as usual): the control
  // plane stays up for every block of the file and stops after the last; a later start restarts it.
  afterAll(stopSharedControlPlane);
}
