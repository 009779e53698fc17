/**
 * The REST transport reports every request to the API server into rest_client_requests_total and
 * rest_client_request_duration_seconds (client-go's metrics adapter), as seen at /metrics.
 */
import { createServer } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import { ConfigMap, controllerManagedBy, isNotFound, KubeClient, MetricsServer, RestTransport, RuntimeMetrics } from '../../../src/runtime/index.js';
import { describeBackends } from '../../support/backends.js';
import { createNamespace, newManager } from '../../support/runtime.js';
import { parsePrometheusText, valueOf } from '../metrics/prometheus-text.js';

describeBackends('REST client metrics', (backend) => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await backend.start();
  });
  afterAll(async () => {
    await env?.stop();
  });

  async function scrape(url: string) {
    return parsePrometheusText(await (await fetch(`${url}/metrics`)).text());
  }

  describe('REST client metrics', () => {
    it('count a manager\'s requests by code, method and host, with their latency by verb, at /metrics', async () => {
      const mgr = await newManager(env, { metricsBindAddress: '127.0.0.1:0' });
      const host = new URL(env.kubeConfig.getCurrentCluster()!.server).host;
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'restmetrics');
      await controllerManagedBy(mgr).for(ConfigMap).named('restmetrics').complete(async () => ({}));
      const done = mgr.start();
      done.catch(() => undefined);
      try {
        const url = await eventually(() => mgr.getMetricsServer().url() ?? false, 'the metrics server');
        await client.create(ConfigMap, { metadata: { namespace: ns, name: 'a' } });
        await client.create(ConfigMap, { metadata: { namespace: ns, name: 'b' } });
        expect(isNotFound(await mgr.getAPIReader().get(ConfigMap, { namespace: ns, name: 'missing' }).catch((e: unknown) => e))).toBe(true);

        expect(await mgr.getCache().waitForCacheSync()).toBe(true);
        const s = await scrape(url);
        // The namespace and the two ConfigMaps.
        expect(valueOf(s, 'rest_client_requests_total', { code: '201', method: 'POST', host })).toBe(3);
        expect(valueOf(s, 'rest_client_requests_total', { code: '404', method: 'GET', host })).toBe(1);
        // At least the cache's list of ConfigMaps.
        expect(valueOf(s, 'rest_client_requests_total', { code: '200', method: 'GET', host })).toBeGreaterThanOrEqual(1);
        const gets = s.filter((x) => x.name === 'rest_client_requests_total' && x.labels.method === 'GET').reduce((n, x) => n + x.value, 0);
        expect(valueOf(s, 'rest_client_request_duration_seconds_count', { verb: 'GET', host })).toBe(gets);
        expect(valueOf(s, 'rest_client_request_duration_seconds_count', { verb: 'POST', host })).toBe(3);
        expect(valueOf(s, 'rest_client_request_duration_seconds_bucket', { verb: 'POST', host, le: '+Inf' })).toBe(3);
      } finally {
        mgr.stop();
        await done;
      }
    });

    it('count requests that got no answer as code <error>', async () => {
      // A port that refuses connections.
      const closed = createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
      const port = (closed.address() as { port: number }).port;
      await new Promise((r) => closed.close(r));
      const kubeConfig = new KubeConfig();
      kubeConfig.loadFromOptions({
        clusters: [{ name: 'c', server: `http://127.0.0.1:${port}` }],
        users: [{ name: 'u' }],
        contexts: [{ name: 'c', cluster: 'c', user: 'u' }],
        currentContext: 'c',
      });
      const metrics = new RuntimeMetrics({ processMetrics: false });
      const transport = new RestTransport(kubeConfig, { metrics });
      const server = new MetricsServer({ bindAddress: '127.0.0.1:0', metrics });
      await server.start();
      try {
        await expect(new KubeClient(transport).apiReader.list(ConfigMap, { namespace: 'x' })).rejects.toThrow();
        const s = await scrape(server.url()!);
        expect(valueOf(s, 'rest_client_requests_total', { code: '<error>', method: 'GET', host: `127.0.0.1:${port}` })).toBe(1);
        expect(valueOf(s, 'rest_client_request_duration_seconds_count', { verb: 'GET', host: `127.0.0.1:${port}` })).toBe(1);
      } finally {
        transport.close();
        await server.stop();
      }
    });
  });
});
