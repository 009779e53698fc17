import { KubeConfig } from '@kubernetes/client-node';
import { TestAPIServer } from '../../../src/testing/server/api-server.js';

/** A running test API server and a KubeConfig for the real client library pointed at it. */
export interface ApiServerFixture {
  server: TestAPIServer;
  kubeConfig: KubeConfig;
  stop(): Promise<void>;
}

export async function startApiServer(): Promise<ApiServerFixture> {
  const server = new TestAPIServer();
  await server.listen();
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'test', server: server.url, skipTLSVerify: true }],
    users: [{ name: 'test' }],
    contexts: [{ name: 'test', cluster: 'test', user: 'test', namespace: 'default' }],
    currentContext: 'test',
  });
  return { server, kubeConfig, stop: () => server.stop() };
}

/** Polls `check` until it returns true or `timeoutMs` passes; returns the last result. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}
