/**
 * The one way tests start an in-process test environment of their own (whatever
 * USE_EXISTING_CLUSTER or KUBEBUILDER_ASSETS say in the shell), for tests that reach into it
 * (env.server: fault injection, store access). Tests that hold on any API server use
 * describeBackends (backends.ts), which runs them on kube-apiserver too.
 */
import { startTestEnvironment, type TestEnvironment, type TestEnvironmentOptions } from '../../src/testing/index.js';

export type { TestEnvironment };

export function startEnv(options: TestEnvironmentOptions = {}): Promise<TestEnvironment> {
  return startTestEnvironment({ ...options, useExistingCluster: false, binaryAssetsDirectory: '' });
}
