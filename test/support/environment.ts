/**
 * The one way tests start a test environment of their own: always the in-process API server
 * (whatever USE_EXISTING_CLUSTER or KUBEBUILDER_ASSETS say in the shell), since the tests reach
 * into it (env.server: fault injection, store access).
 */
import { startTestEnvironment, type TestEnvironment, type TestEnvironmentOptions } from '../../src/testing/index.js';

export type { TestEnvironment };

export function startEnv(options: TestEnvironmentOptions = {}): Promise<TestEnvironment> {
  return startTestEnvironment({ ...options, useExistingCluster: false, binaryAssetsDirectory: '' });
}
