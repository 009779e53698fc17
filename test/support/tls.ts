/** TLS for tests: self-signed serving certificates, certificate directories, HTTPS requests. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { selfSignedCertificate } from '../../src/kube/self-signed-certificate.js';

export interface Certificate {
  cert: string;
  key: string;
}

/**
 * A self-signed serving certificate for 127.0.0.1 and localhost with the given common name.
 * `isCA` marks it a CA as well, for clients that take it as the CA bundle to verify it with.
 */
export async function makeCertificate(commonName: string, { isCA = false }: { isCA?: boolean } = {}): Promise<Certificate> {
  return selfSignedCertificate({ hosts: ['127.0.0.1', 'localhost'], commonName, isCA });
}

/** A temporary certificate directory holding tls.crt and tls.key (or the file names given). */
export async function certDirWith(
  cert: Certificate,
  names: { certName?: string; keyName?: string } = {},
): Promise<{ dir: string; write: (c: Certificate) => Promise<void>; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'webhook-certs-'));
  const write = async (c: Certificate) => {
    await writeFile(join(dir, names.keyName ?? 'tls.key'), c.key);
    await writeFile(join(dir, names.certName ?? 'tls.crt'), c.cert);
  };
  await write(cert);
  return { dir, write, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** POSTs a body over HTTPS, trusting `ca`. */
export function post(
  port: number,
  path: string,
  body: string | Buffer,
  ca: string,
  contentType = 'application/json',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', ca, headers: { 'Content-Type': contentType } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The common name of the certificate a TLS server presents, at a port of 127.0.0.1 or a URL. */
export function servedCommonName(at: number | string): Promise<string> {
  const { hostname, port } = typeof at === 'number' ? { hostname: '127.0.0.1', port: at } : new URL(at);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => {
      const cn = socket.getPeerCertificate().subject?.CN;
      socket.end();
      resolve(Array.isArray(cn) ? cn.join(',') : (cn ?? ''));
    });
    socket.on('error', reject);
  });
}

/** GETs an HTTPS URL without verifying the server's certificate, with a bearer token if given. */
export function getUnverified(url: string, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { rejectUnauthorized: false, headers: token ? { Authorization: `Bearer ${token}` } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}
