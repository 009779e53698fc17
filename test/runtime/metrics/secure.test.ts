import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetricsServer, RuntimeMetrics, withAuthenticationAndAuthorization } from '../../../src/runtime/metrics/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { certDirWith, getUnverified, makeCertificate, servedCommonName } from '../../support/tls.js';

const quiet = newLogger({ level: 'error', output: { write: () => true } });

/**
 * The test API server does not serve TokenReview and SubjectAccessReview, so a stand-in answers
 * those two endpoints: token "reader" may get /metrics, token "nobody" is authenticated but may
 * not, any other token is invalid. It counts the reviews to show that answers are cached.
 */
let reviews = { token: 0, access: 0 };
let authApi: Server;
let kubeConfig: KubeConfig;

beforeAll(async () => {
  authApi = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { spec: Record<string, unknown> };
      res.setHeader('Content-Type', 'application/json');
      if (req.url?.startsWith('/apis/authentication.k8s.io/v1/tokenreviews')) {
        reviews.token++;
        const token = body.spec.token as string;
        const user = token === 'reader' ? { username: 'system:serviceaccount:monitoring:prometheus', groups: ['system:serviceaccounts'] } : { username: 'nobody' };
        const authenticated = token === 'reader' || token === 'nobody';
        res.end(JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: body.spec, status: { authenticated, user: authenticated ? user : undefined } }));
      } else if (req.url?.startsWith('/apis/authorization.k8s.io/v1/subjectaccessreviews')) {
        reviews.access++;
        const spec = body.spec as { user?: string; nonResourceAttributes?: { path?: string; verb?: string } };
        const allowed = spec.user === 'system:serviceaccount:monitoring:prometheus' && spec.nonResourceAttributes?.path === '/metrics' && spec.nonResourceAttributes.verb === 'get';
        res.end(JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: body.spec, status: { allowed } }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  await new Promise<void>((r) => authApi.listen(0, '127.0.0.1', () => r()));
  kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'c', server: `http://127.0.0.1:${(authApi.address() as AddressInfo).port}`, skipTLSVerify: true }],
    users: [{ name: 'u' }],
    contexts: [{ name: 'ctx', cluster: 'c', user: 'u' }],
    currentContext: 'ctx',
  });
});

afterAll(async () => {
  await new Promise((r) => authApi.close(r));
});

describe('secure metrics serving', () => {
  it('serves HTTPS with an in-memory self-signed certificate', async () => {
    const metrics = new RuntimeMetrics({ processMetrics: false });
    metrics.controller('cronjob').reconcileFinished('success', 0.1);
    const server = new MetricsServer({ bindAddress: '127.0.0.1:0', metrics, secureServing: true, log: quiet });
    await server.start();
    try {
      expect(server.url()).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const res = await getUnverified(`${server.url()}/metrics`);
      expect(res.status).toBe(200);
      expect(res.body).toContain('controller_runtime_reconcile_total{controller="cronjob",result="success"} 1');
      expect(await servedCommonName(server.url()!)).toMatch(/^localhost@\d+$/);
    } finally {
      await server.stop();
    }
  });

  it('serves the certificate from a cert directory', async () => {
    const certs = await certDirWith(await makeCertificate('metrics-cert'));
    const server = new MetricsServer({ bindAddress: '127.0.0.1:0', metrics: new RuntimeMetrics({ processMetrics: false }), secureServing: true, certDir: certs.dir, log: quiet });
    await server.start();
    try {
      expect(await servedCommonName(server.url()!)).toBe('metrics-cert');
    } finally {
      await server.stop();
      await certs.remove();
    }
  });

  it('admits only callers whose token is valid and who may get /metrics', async () => {
    reviews = { token: 0, access: 0 };
    const server = new MetricsServer({
      bindAddress: '127.0.0.1:0',
      metrics: new RuntimeMetrics({ processMetrics: false }),
      secureServing: true,
      filter: withAuthenticationAndAuthorization(kubeConfig, { log: quiet }),
      log: quiet,
    });
    await server.start();
    try {
      const url = `${server.url()}/metrics`;
      expect(await getUnverified(url)).toEqual({ status: 401, body: 'Unauthorized\n' });
      expect(await getUnverified(url, 'forged')).toEqual({ status: 401, body: 'Unauthorized\n' });
      expect(await getUnverified(url, 'nobody')).toEqual({ status: 403, body: 'Authorization denied for user nobody\n' });
      expect((await getUnverified(url, 'reader')).status).toBe(200);
      expect((await getUnverified(url, 'reader')).status).toBe(200);
      // The second scrape reused both reviews.
      expect(reviews).toEqual({ token: 3, access: 2 });
    } finally {
      await server.stop();
    }
  });
});

describe('the authentication and authorization caches', () => {
  const scrape = (token: string): IncomingMessage => ({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } }) as IncomingMessage;
  const randomToken = (): string => randomBytes(3072).toString('base64url');

  it('hold at most their size in entries, least recently used first out', async () => {
    reviews = { token: 0, access: 0 };
    const filter = withAuthenticationAndAuthorization(kubeConfig, { log: quiet, authenticationCacheSize: 16, authorizationCacheSize: 1 });
    expect(await filter(scrape('reader'))).toBeUndefined();
    for (let i = 0; i < 200; i++) {
      expect(await filter(scrape(randomToken()))).toEqual({ status: 401, message: 'Unauthorized' });
      if (i % 10 === 0) expect(await filter(scrape('reader'))).toBeUndefined();
    }
    expect(filter.cacheSizes()).toEqual({ authentication: 16, authorization: 1 });
    // "reader" stayed in use, so it stayed cached: one TokenReview for it, one per random token.
    expect(reviews.token).toBe(201);
    expect(reviews.access).toBe(1);
    expect(await filter(scrape('nobody'))).toEqual({ status: 403, message: 'Authorization denied for user nobody' });
    expect(await filter(scrape('reader'))).toBeUndefined();
    expect(reviews.access).toBe(3); // nobody's denial pushed reader's decision out of the one-entry cache
  });

  it('forget answers after their TTL (failures too) and share concurrent reviews of one token', async () => {
    reviews = { token: 0, access: 0 };
    let clock = 1_000_000;
    const filter = withAuthenticationAndAuthorization(kubeConfig, { log: quiet, now: () => clock, authenticationCacheTtl: 60_000, allowCacheTtl: 300_000, denyCacheTtl: 30_000 });
    const results = await Promise.all([filter(scrape('forged')), filter(scrape('forged')), filter(scrape('forged'))]);
    expect(results).toEqual(Array(3).fill({ status: 401, message: 'Unauthorized' }));
    expect(reviews.token).toBe(1);
    await filter(scrape('reader'));
    expect(reviews).toEqual({ token: 2, access: 1 });
    clock += 59_000;
    await filter(scrape('forged'));
    await filter(scrape('reader'));
    expect(reviews).toEqual({ token: 2, access: 1 });
    clock += 2_000;
    await filter(scrape('forged'));
    await filter(scrape('reader'));
    // Both token reviews expired; the allowed decision (5 min) did not.
    expect(reviews).toEqual({ token: 4, access: 1 });
  });
});
