/**
 * --metrics-secure through the Manager, as kubebuilder v4's main.go wires it: /metrics over HTTPS
 * (a self-signed certificate, or the one in --metrics-cert-path) behind TokenReview and
 * SubjectAccessReview checks against the manager's cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import { type Manager, parseManagerFlags } from '../../../src/runtime/index.js';
import { startEnv } from '../../support/environment.js';
import { newManager } from '../../support/runtime.js';
import { startReviewProxy, type ReviewProxy } from '../../support/review-proxy.js';
import { certDirWith, getUnverified, makeCertificate, servedCommonName } from '../../support/tls.js';

let env: TestEnvironment;
let proxy: ReviewProxy;
beforeAll(async () => {
  env = await startEnv();
  proxy = await startReviewProxy(env.kubeConfig);
});
afterAll(async () => {
  await proxy?.stop();
  await env?.stop();
});

async function running(mgr: Manager, body: (metricsUrl: string) => Promise<void>): Promise<void> {
  const done = mgr.start();
  done.catch(() => undefined);
  try {
    const url = await eventually(() => mgr.getMetricsServer().url() ?? false, 'the metrics server');
    await body(url);
  } finally {
    mgr.stop();
    await done;
  }
}

describe('Manager with --metrics-secure', () => {
  it('is the default of parseManagerFlags, as in kubebuilder v4', () => {
    expect(parseManagerFlags([]).metricsSecure).toBe(true);
    expect(parseManagerFlags(['--metrics-secure=false']).metricsSecure).toBe(false);
    expect(parseManagerFlags(['--metrics-cert-path', '/certs', '--metrics-cert-name=c.pem', '--metrics-cert-key=k.pem'])).toMatchObject({
      metricsCertPath: '/certs',
      metricsCertName: 'c.pem',
      metricsCertKey: 'k.pem',
    });
  });

  it('serves /metrics over HTTPS with a self-signed certificate, only to callers the cluster allows to get /metrics', async () => {
    const flags = parseManagerFlags(['--metrics-bind-address=127.0.0.1:0', '--health-probe-bind-address=0']);
    const mgr = await newManager(env, { ...flags, kubeConfig: proxy.kubeConfig });
    await running(mgr, async (url) => {
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(await servedCommonName(url)).toMatch(/^localhost@\d+$/);
      proxy.reviews.token = 0;
      proxy.reviews.access = 0;
      expect(await getUnverified(`${url}/metrics`)).toEqual({ status: 401, body: 'Unauthorized\n' });
      expect(await getUnverified(`${url}/metrics`, 'forged')).toEqual({ status: 401, body: 'Unauthorized\n' });
      expect(await getUnverified(`${url}/metrics`, 'nobody')).toEqual({ status: 403, body: 'Authorization denied for user nobody\n' });
      const scraped = await getUnverified(`${url}/metrics`, 'reader');
      expect(scraped.status).toBe(200);
      expect(scraped.body).toContain('# TYPE workqueue_adds_total counter');
      // The reviews were asked of the manager's cluster.
      expect(proxy.reviews).toEqual({ token: 3, access: 2 });
    });
  });

  it('serves the certificate of --metrics-cert-path', async () => {
    const certs = await certDirWith(await makeCertificate('metrics-from-dir'));
    try {
      const flags = parseManagerFlags(['--metrics-bind-address=127.0.0.1:0', '--health-probe-bind-address=0', `--metrics-cert-path=${certs.dir}`]);
      const mgr = await newManager(env, { ...flags, kubeConfig: proxy.kubeConfig });
      await running(mgr, async (url) => {
        expect(await servedCommonName(url)).toBe('metrics-from-dir');
        expect((await getUnverified(`${url}/metrics`, 'reader')).status).toBe(200);
      });
    } finally {
      await certs.remove();
    }
  });

  it('with --metrics-secure=false serves plain HTTP to anyone', async () => {
    const flags = parseManagerFlags(['--metrics-bind-address=127.0.0.1:0', '--health-probe-bind-address=0', '--metrics-secure=false']);
    const mgr = await newManager(env, flags);
    await running(mgr, async (url) => {
      expect(url).toMatch(/^http:\/\//);
      expect((await fetch(`${url}/metrics`)).status).toBe(200);
    });
  });
});
