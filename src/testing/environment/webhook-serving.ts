/**
 * Where the project's webhook server listens during tests, as envtest's WebhookInstallOptions:
 * a host, a free port, and a directory with a self-signed serving certificate (tls.crt, tls.key)
 * that the webhook server loads. Webhook configurations' service references resolve here.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';
import { selfSignedCertificate } from './self-signed-certificate.js';

export interface WebhookServing {
  host: string;
  port: number;
  certDir: string;
  /** PEM of the serving certificate (it is its own CA). */
  caCert: string;
  remove(): Promise<void>;
}

/** A given `certDir` receives the files and is kept on remove; without one a temporary directory is made and removed. */
export async function prepareWebhookServing(host: string, port: number | undefined, givenCertDir?: string): Promise<WebhookServing> {
  const pems = await selfSignedCertificate(host, 'envtest-webhook');
  const certDir = givenCertDir ?? (await mkdtemp(path.join(tmpdir(), 'envtest-webhook-')));
  if (givenCertDir) await mkdir(givenCertDir, { recursive: true });
  await writeFile(path.join(certDir, 'tls.crt'), pems.cert);
  await writeFile(path.join(certDir, 'tls.key'), pems.key, { mode: 0o600 });
  return {
    host,
    port: port ?? (await freePort(host)),
    certDir,
    caCert: pems.cert,
    remove: async () => {
      if (!givenCertDir) await rm(certDir, { recursive: true, force: true });
    },
  };
}
