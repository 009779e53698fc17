/**
 * --enable-http2, as kubebuilder v4's main.go: off by default, the webhook server and the secure
 * metrics server offer only http/1.1 in the TLS handshake (HTTP/2 Rapid Reset and Stream
 * Cancellation CVEs), so an HTTP/2 client is refused; with the flag both answer HTTP/2 (ALPN h2) and
 * still HTTP/1.1.
 */
import { connect, type IncomingHttpHeaders } from 'node:http2';
import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Manager, parseManagerFlags } from '../../../src/runtime/manager/index.js';
import { builtinScheme, ConfigMap } from '../../../src/runtime/scheme/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { WebhookServer, webhookManagedBy, type AdmissionReview } from '../../../src/runtime/webhook/index.js';
import { startEnv, type TestEnvironment } from '../../support/environment.js';
import { certDirWith, makeCertificate, post, servedCommonName, type Certificate } from '../../support/tls.js';
import { eventually } from '../../../src/testing/index.js';

let api: TestEnvironment;
let certificate: Certificate;
let certs: Awaited<ReturnType<typeof certDirWith>>;

beforeAll(async () => {
  api = await startEnv();
  certificate = await makeCertificate('http2-webhooks');
  certs = await certDirWith(certificate);
});
afterAll(async () => {
  await certs?.remove();
  await api?.stop();
});

interface H2Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  alpn: string | false | undefined;
  commonName: string;
}

/** One request over a new HTTP/2 connection (node:http2 connect, which offers only h2 in ALPN). */
function h2(origin: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const session = connect(origin, { rejectUnauthorized: false });
    session.once('error', (err: Error) => {
      session.destroy();
      reject(err);
    });
    const stream = session.request({ ':method': options.method ?? 'GET', ':path': path, ...options.headers });
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.once('response', (h) => { headers = h; });
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.once('error', reject);
    stream.once('end', () => {
      const socket = session.socket as TLSSocket;
      const cn = socket.getPeerCertificate().subject?.CN;
      resolve({
        status: Number(headers[':status']),
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        alpn: session.alpnProtocol,
        commonName: Array.isArray(cn) ? cn.join(',') : (cn ?? ''),
      });
      session.close();
    });
    stream.end(options.body);
  });
}

/** GET over HTTP/1.1 (node:https), without checking the certificate. */
function get(url: string, token?: string): Promise<{ status: number; body: string; httpVersion: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { rejectUnauthorized: false, headers: token ? { Authorization: `Bearer ${token}` } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), httpVersion: res.httpVersion }));
    });
    req.on('error', reject);
    req.end();
  });
}

const review = (uid: string, data: Record<string, string>): string =>
  JSON.stringify({
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid,
      kind: { group: '', version: 'v1', kind: 'ConfigMap' },
      resource: { group: '', version: 'v1', resource: 'configmaps' },
      operation: 'CREATE',
      userInfo: {},
      object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data },
    },
  });

/** A manager from the command line, with a validating webhook and a /metrics that wants "Bearer reader". */
async function managerWith(argv: string[], certDir = certs.dir) {
  const flags = parseManagerFlags(['--metrics-bind-address=127.0.0.1:0', '--health-probe-bind-address=0', `--webhook-cert-path=${certDir}`, ...argv]);
  const mgr = await Manager.create({
    scheme: builtinScheme(),
    kubeConfig: api.kubeConfig,
    webhookServer: { host: '127.0.0.1', port: 0 },
    ...flags,
    // Reads the Authorization header as the TokenReview filter does, without a cluster that reviews tokens.
    metricsFilterProvider: () => async (req) => (req.headers.authorization === 'Bearer reader' ? undefined : { status: 401, message: 'Unauthorized' }),
    handleSignals: false,
    logger: newLogger({ level: 'error', output: { write: () => true } }),
  });
  const [path] = webhookManagedBy(mgr)
    .for(ConfigMap)
    .withValidator({
      validateCreate: (cm) => (cm.data?.forbidden ? Promise.reject(new Error('forbidden key')) : ['checked']),
      validateUpdate: () => undefined,
      validateDelete: () => undefined,
    })
    .complete();
  const webhooks = mgr.getWebhookServer<WebhookServer>();
  const running = mgr.start().then(() => undefined, (err: unknown) => err);
  await eventually(async () => webhooks.port() !== undefined && mgr.getMetricsServer().url() !== undefined);
  return {
    mgr,
    webhooks,
    path: path,
    webhookOrigin: `https://127.0.0.1:${webhooks.port()}`,
    metricsUrl: mgr.getMetricsServer().url()!,
    /** Stops the manager; resolves once every server has closed (open connections included). */
    stop: async () => {
      mgr.stop();
      expect(await running).toBeUndefined();
    },
  };
}

describe('--enable-http2', () => {
  it('is off by default: HTTP/2 clients are refused in the TLS handshake (only http/1.1 offered), HTTP/1.1 clients are served', async () => {
    const m = await managerWith([]);
    try {
      await expect(h2(m.webhookOrigin, m.path, { method: 'POST', body: '{}' })).rejects.toThrow(/no application protocol/);
      await expect(h2(m.metricsUrl, '/metrics')).rejects.toThrow(/no application protocol/);

      const answer = await post(m.webhooks.port()!, m.path, review('u1', { a: '1' }), certificate.cert);
      expect(answer.status).toBe(200);
      expect((JSON.parse(answer.body) as AdmissionReview).response).toMatchObject({ uid: 'u1', allowed: true, warnings: ['checked'] });
      const scraped = await get(`${m.metricsUrl}/metrics`, 'reader');
      expect(scraped).toMatchObject({ status: 200, httpVersion: '1.1' });
      expect(scraped.body).toContain('# TYPE workqueue_adds_total counter');
    } finally {
      await m.stop();
    }
  });

  it('serves the webhook and metrics servers over HTTP/2 (ALPN h2): headers, bodies, status codes and metrics', async () => {
    const m = await managerWith(['--enable-http2']);
    try {
      const allowed = await h2(m.webhookOrigin, m.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: review('u2', { a: '1' }) });
      expect(allowed).toMatchObject({ status: 200, alpn: 'h2', commonName: 'http2-webhooks' });
      expect(allowed.headers['content-type']).toBe('application/json');
      expect((JSON.parse(allowed.body) as AdmissionReview).response).toMatchObject({ uid: 'u2', allowed: true, warnings: ['checked'] });
      const denied = await h2(m.webhookOrigin, m.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: review('u3', { forbidden: '1' }) });
      expect((JSON.parse(denied.body) as AdmissionReview).response).toMatchObject({ uid: 'u3', allowed: false, status: { code: 403, message: 'forbidden key' } });
      // The request's content type is read from the HTTP/2 headers (refused in the review, as controller-runtime).
      const wrongType = await h2(m.webhookOrigin, m.path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: review('u4', {}) });
      expect((JSON.parse(wrongType.body) as AdmissionReview).response).toMatchObject({
        allowed: false,
        status: { code: 400, message: 'contentType=text/plain, expected application/json' },
      });
      expect(await h2(m.webhookOrigin, '/nowhere')).toMatchObject({ status: 404, body: '404 page not found\n' });
      // The webhook metrics see the HTTP/2 answers finish with their status codes.
      expect(await m.mgr.getMetrics().text()).toMatch(new RegExp(`controller_runtime_webhook_requests_total\\{webhook="${m.path}",code="200"\\} 3`));

      expect(await h2(m.metricsUrl, '/metrics')).toMatchObject({ status: 401, alpn: 'h2', body: 'Unauthorized\n' });
      const scraped = await h2(m.metricsUrl, '/metrics', { headers: { authorization: 'Bearer reader' } });
      expect(scraped).toMatchObject({ status: 200, alpn: 'h2' });
      expect(scraped.headers['content-type']).toMatch(/^text\/plain/);
      expect(scraped.body).toContain('# TYPE workqueue_adds_total counter');
      expect((await h2(m.metricsUrl, '/other', { headers: { authorization: 'Bearer reader' } })).status).toBe(404);
    } finally {
      await m.stop();
    }
  });

  it('still serves HTTP/1.1 clients, and the manager stops with idle HTTP/1.1 and HTTP/2 connections open', async () => {
    const m = await managerWith(['--enable-http2']);
    const idle = connect(m.webhookOrigin, { rejectUnauthorized: false });
    idle.on('error', () => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        idle.once('connect', () => resolve());
        idle.once('error', reject);
      });
      // node:https's default agent keeps these connections open after the answers.
      const answer = await post(m.webhooks.port()!, m.path, review('u5', { a: '1' }), certificate.cert);
      expect((JSON.parse(answer.body) as AdmissionReview).response).toMatchObject({ uid: 'u5', allowed: true });
      const scraped = await get(`${m.metricsUrl}/metrics`, 'reader');
      expect(scraped).toMatchObject({ status: 200, httpVersion: '1.1' });
      expect(await get(`${m.metricsUrl}/metrics`)).toMatchObject({ status: 401, body: 'Unauthorized\n' });
    } finally {
      await m.stop();
    }
    const closed = new Promise<void>((resolve) => {
      if (idle.closed || idle.destroyed) resolve();
      else idle.once('close', () => resolve());
    });
    await closed; // the server sent GOAWAY and closed the idle session
  });

  it('reloads the webhook certificate for new HTTP/2 connections', async () => {
    const first = await makeCertificate('h2-first');
    const dir = await certDirWith(first);
    const m = await managerWith(['--enable-http2'], dir.dir);
    try {
      expect((await h2(m.webhookOrigin, '/nowhere')).commonName).toBe('h2-first');
      await dir.write(await makeCertificate('h2-second'));
      expect(await m.webhooks.reloadCertificates()).toBe(true);
      const after = await h2(m.webhookOrigin, '/nowhere');
      expect(after).toMatchObject({ status: 404, alpn: 'h2', commonName: 'h2-second' });
      expect(await servedCommonName(m.webhooks.port()!)).toBe('h2-second');
    } finally {
      await m.stop();
      await dir.remove();
    }
  });

  it('webhookServer.enableHTTP2 given to the manager wins for the webhook server', async () => {
    const mgr = await Manager.create({
      scheme: builtinScheme(),
      kubeConfig: api.kubeConfig,
      ...parseManagerFlags(['--enable-http2']),
      webhookServer: { enableHTTP2: false },
      handleSignals: false,
    });
    expect(mgr.options.webhookServer?.enableHTTP2).toBe(false);
    const fromFlag = await Manager.create({ scheme: builtinScheme(), kubeConfig: api.kubeConfig, ...parseManagerFlags(['--enable-http2']), handleSignals: false });
    expect(fromFlag.options.webhookServer?.enableHTTP2).toBe(true);
  });

  it('answers requests in flight on HTTP/2 and HTTP/1.1 before the server stops', async () => {
    const server = new WebhookServer({ host: '127.0.0.1', port: 0, certDir: certs.dir, enableHTTP2: true, log: newLogger({ level: 'error', output: { write: () => true } }) });
    let entered = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    server.register('/slow', async (req, res) => {
      entered++;
      await released;
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(`answered over HTTP/${req.httpVersion}`);
    });
    await server.start();
    const origin = `https://127.0.0.1:${server.port()}`;
    const overH2 = h2(origin, '/slow');
    const overH1 = post(server.port()!, '/slow', 'x', certificate.cert);
    await eventually(async () => entered === 2);
    const stopped = server.stop();
    release();
    expect(await overH2).toMatchObject({ status: 200, body: 'answered over HTTP/2.0' });
    expect(await overH1).toEqual({ status: 200, body: 'answered over HTTP/1.1' });
    await stopped;
    expect(server.port()).toBeUndefined();
  });
});
