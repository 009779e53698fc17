import { request } from 'node:https';
import { connect } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookServer } from '../../../src/runtime/webhook/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { RuntimeMetrics } from '../../../src/runtime/metrics/index.js';
import { certDirWith, makeCertificate, post, servedCommonName } from '../../support/tls.js';
import { eventually } from '../../../src/testing/index.js';

const quiet = newLogger({ level: 'error', output: { write: () => true } });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startedServer(commonName: string, options: { certPollInterval?: number; headersTimeout?: number; requestTimeout?: number } = {}) {
  const first = await makeCertificate(commonName);
  const certs = await certDirWith(first);
  cleanups.push(certs.remove);
  const server = new WebhookServer({ host: '127.0.0.1', port: 0, certDir: certs.dir, log: quiet, ...options });
  server.register('/echo', async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    res.end(Buffer.concat(chunks));
  });
  await server.start();
  cleanups.push(() => server.stop());
  return { server, certs, first };
}

describe('WebhookServer', () => {
  it('serves registered paths over HTTPS with the certificate from the cert directory', async () => {
    const { server, first } = await startedServer('first');
    expect(await servedCommonName(server.port()!)).toBe('first');
    expect(await post(server.port()!, '/echo', 'hello', first.cert)).toEqual({ status: 200, body: 'hello' });
    await expect(server.startedChecker()({} as never)).resolves.toBeUndefined();
  });

  it('reloads the certificate when the files change, without a restart', async () => {
    const { server, certs } = await startedServer('first', { certPollInterval: 0 });
    const second = await makeCertificate('second');
    await certs.write(second);
    // The directory watch picks the change up; new connections get the new certificate.
    await eventually(async () => (await servedCommonName(server.port()!)) === 'second');
    expect(await post(server.port()!, '/echo', 'after reload', second.cert)).toEqual({ status: 200, body: 'after reload' });
  });

  it('keeps the current certificate when the new files are not a valid pair', async () => {
    const { server, certs, first } = await startedServer('first', { certPollInterval: 0 });
    const other = await makeCertificate('other');
    await certs.write({ cert: other.cert, key: first.key });
    expect(await server.reloadCertificates()).toBe(false);
    expect(await servedCommonName(server.port()!)).toBe('first');
    await certs.write(other);
    expect(await server.reloadCertificates()).toBe(true);
    expect(await servedCommonName(server.port()!)).toBe('other');
  });

  it('takes a request whose client went away before the answer out of the in-flight gauge, uncounted', async () => {
    const first = await makeCertificate('gone');
    const certs = await certDirWith(first);
    cleanups.push(certs.remove);
    const metrics = new RuntimeMetrics({ processMetrics: false });
    const server = new WebhookServer({ host: '127.0.0.1', port: 0, certDir: certs.dir, log: quiet, metrics });
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const answerHeld = new Promise<void>((resolve) => (release = resolve));
    server.register('/slow', async (_req, res) => {
      arrived();
      await answerHeld;
      res.end('late');
    });
    await server.start();
    cleanups.push(() => server.stop());
    const inFlight = async () => /^controller_runtime_webhook_requests_in_flight\{webhook="\/slow"\} (\d+)$/m.exec(await metrics.text())?.[1];

    const req = request({ host: '127.0.0.1', port: server.port(), path: '/slow', method: 'POST', ca: first.cert });
    req.on('error', () => undefined);
    req.end('{}');
    await requestArrived;
    expect(await inFlight()).toBe('1');
    req.destroy();
    await eventually(async () => (await inFlight()) === '0');
    release();
    const text = await metrics.text();
    expect(text).not.toMatch(/^controller_runtime_webhook_requests_total\{webhook="\/slow",code="200"\} [1-9]/m);
    expect(await inFlight()).toBe('0');
  });

  it('counts certificate reads and failed reads as certwatcher_read_certificate_total and _errors_total', async () => {
    const metrics = new RuntimeMetrics({ processMetrics: false });
    expect(await metrics.text()).toMatch(/^certwatcher_read_certificate_total 0$/m);
    const first = await makeCertificate('counted');
    const certs = await certDirWith(first);
    cleanups.push(certs.remove);
    const server = new WebhookServer({ host: '127.0.0.1', port: 0, certDir: certs.dir, log: quiet, certPollInterval: 0, metrics });
    await server.start();
    cleanups.push(() => server.stop());
    const other = await makeCertificate('other');
    await certs.write({ cert: other.cert, key: first.key }); // not a pair
    expect(await server.reloadCertificates()).toBe(false);
    const text = await metrics.text();
    const total = Number(/^certwatcher_read_certificate_total (\d+)$/m.exec(text)?.[1]);
    const errors = Number(/^certwatcher_read_certificate_errors_total (\d+)$/m.exec(text)?.[1]);
    expect(total).toBeGreaterThanOrEqual(2); // the first read, the failed one (and any the directory watch made)
    expect(errors).toBeGreaterThanOrEqual(1);
    expect(errors).toBeLessThan(total);
  });

  it('fails to start with a clear error when the certificate is missing', async () => {
    const server = new WebhookServer({ port: 0, certDir: '/nonexistent/certs', log: quiet });
    await expect(server.start()).rejects.toThrow(/cannot read the serving certificate: .*\/nonexistent\/certs\/tls.crt/);
    await expect(server.startedChecker()({} as never)).rejects.toThrow(/has not been started/);
  });

  it('rejects bad and duplicate paths', () => {
    const server = new WebhookServer({ log: quiet });
    server.register('/a', () => undefined);
    expect(() => server.register('/a', () => undefined)).toThrow(/already registered at path \/a/);
    expect(() => server.register('b', () => undefined)).toThrow(/must start with "\/"/);
  });

  it('answers 408 and closes connections that dribble their headers or body past the timeouts', async () => {
    // Short timeouts stand for the defaults (10 s and 30 s); Node's own (60 s and 300 s) would keep both open here.
    const { server } = await startedServer('slow', { headersTimeout: 300, requestTimeout: 600 });
    /** Sends `text` and nothing more; resolves with what the server answered once it closes the connection. */
    const stall = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port: server.port()!, rejectUnauthorized: false }, () => socket.write(text));
        const received: Buffer[] = [];
        socket.on('data', (c: Buffer) => received.push(c));
        socket.on('error', reject);
        socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
      });
    expect(await stall('POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl')).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(await stall('POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"half":')).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });
});
