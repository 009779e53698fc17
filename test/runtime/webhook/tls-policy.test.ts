/**
 * The TLS the webhook and secure metrics servers offer is Go crypto/tls's default: TLS 1.2 at least,
 * ECDHE key exchange only (no static RSA), no CBC-SHA256/384; with --enable-http2, Go's http2
 * server limits (250 concurrent streams, 1 MB header lists) are announced in SETTINGS.
 */
import { connect as connectH2 } from 'node:http2';
import { connect, type ConnectionOptions } from 'node:tls';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetricsServer, RuntimeMetrics } from '../../../src/runtime/metrics/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { WebhookServer } from '../../../src/runtime/webhook/index.js';
import { certDirWith } from '../../support/tls.js';

const quiet = newLogger({ level: 'error', output: { write: () => true } });

/** The suite a TLS 1.2 (or 1.3) handshake settles on, or the handshake's error. */
function negotiate(port: number, options: ConnectionOptions): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false, ...options }, () => {
      const name = socket.getCipher().name;
      socket.end();
      resolve(name);
    });
    socket.on('error', (err) => resolve(`refused: ${err.message}`));
  });
}

let certs: Awaited<ReturnType<typeof certDirWith>>;
let webhooks: WebhookServer;
let metrics: MetricsServer;
let metricsPort: number;

beforeAll(async () => {
  // An RSA certificate (cert-manager's default), so that static-RSA key exchange is possible at all.
  const pems = await generate([{ name: 'commonName', value: 'rsa-webhooks' }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  certs = await certDirWith({ cert: pems.cert, key: pems.private });
  webhooks = new WebhookServer({ host: '127.0.0.1', port: 0, certDir: certs.dir, log: quiet, enableHTTP2: true });
  await webhooks.start();
  // The secure metrics server with its in-memory (ECDSA) certificate.
  metrics = new MetricsServer({ bindAddress: '127.0.0.1:0', metrics: new RuntimeMetrics({ processMetrics: false }), secureServing: true, log: quiet });
  await metrics.start();
  metricsPort = Number(new URL(metrics.url()!).port);
});
afterAll(async () => {
  await webhooks?.stop();
  await metrics?.stop();
  await certs?.remove();
});

describe('TLS of the webhook server (RSA certificate)', () => {
  it('refuses static-RSA key exchange and CBC-SHA256, accepts ECDHE with AES-GCM, ChaCha20 and TLS 1.3', async () => {
    const port = webhooks.port()!;
    const tls12 = { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' } as const;
    expect(await negotiate(port, { ...tls12, ciphers: 'AES128-SHA' })).toMatch(/^refused/);
    expect(await negotiate(port, { ...tls12, ciphers: 'AES256-GCM-SHA384' })).toMatch(/^refused/);
    expect(await negotiate(port, { ...tls12, ciphers: 'ECDHE-RSA-AES128-SHA256' })).toMatch(/^refused/);
    expect(await negotiate(port, { ...tls12, ciphers: 'ECDHE-RSA-AES256-SHA384' })).toMatch(/^refused/);
    expect(await negotiate(port, { ...tls12, ciphers: 'ECDHE-RSA-AES128-GCM-SHA256' })).toBe('ECDHE-RSA-AES128-GCM-SHA256');
    expect(await negotiate(port, { ...tls12, ciphers: 'ECDHE-RSA-CHACHA20-POLY1305' })).toBe('ECDHE-RSA-CHACHA20-POLY1305');
    // Go still offers ECDHE with AES-CBC-SHA by default.
    expect(await negotiate(port, { ...tls12, ciphers: 'ECDHE-RSA-AES128-SHA' })).toBe('ECDHE-RSA-AES128-SHA');
    expect(await negotiate(port, { minVersion: 'TLSv1.3' })).toMatch(/^TLS_(AES|CHACHA20)/);
  });

  it('announces Go http2 limits with --enable-http2: 250 streams, 1 MB header lists', async () => {
    const session = connectH2(`https://127.0.0.1:${webhooks.port()}`, { rejectUnauthorized: false });
    try {
      const settings = await new Promise<ReturnType<() => typeof session.remoteSettings>>((resolve, reject) => {
        session.once('remoteSettings', resolve);
        session.once('error', reject);
      });
      expect(settings.maxConcurrentStreams).toBe(250);
      expect(settings.maxHeaderListSize).toBe(1048576 + 320);
    } finally {
      session.close();
    }
  });
});

describe('TLS of the secure metrics server (ECDSA certificate)', () => {
  it('refuses CBC-SHA256/384 and accepts ECDHE-ECDSA with AES-GCM', async () => {
    const tls12 = { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' } as const;
    expect(await negotiate(metricsPort, { ...tls12, ciphers: 'ECDHE-ECDSA-AES128-SHA256' })).toMatch(/^refused/);
    expect(await negotiate(metricsPort, { ...tls12, ciphers: 'ECDHE-ECDSA-AES256-SHA384' })).toMatch(/^refused/);
    expect(await negotiate(metricsPort, { ...tls12, ciphers: 'ECDHE-ECDSA-AES256-GCM-SHA384' })).toBe('ECDHE-ECDSA-AES256-GCM-SHA384');
  });
});
