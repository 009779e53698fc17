import type { KubeConfig } from '@kubernetes/client-node';
import { startTestEnvironment, type TestEnvironmentOptions } from '../../../src/testing/index.js';
import type { TestAPIServer } from '../../../src/testing/index.js';

/** A running test environment (the in-process API server) and a KubeConfig for the real client library. */
export interface ApiServerFixture {
  server: TestAPIServer;
  kubeConfig: KubeConfig;
  stop(): Promise<void>;
}

export async function startApiServer(options: TestEnvironmentOptions = {}): Promise<ApiServerFixture> {
  const env = await startTestEnvironment({ ...options, useExistingCluster: false, binaryAssetsDirectory: '' });
  return { server: env.server, kubeConfig: env.kubeConfig, stop: () => env.stop() };
}

