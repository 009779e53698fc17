/**
 * A small HTTPS server for webhook tests: a self-signed certificate for 127.0.0.1 generated per
 * run, JSON handlers per path, and a record of the reviews received.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeCertificate } from '../../support/tls.js';

export type Handler = (review: Record<string, unknown>) => unknown; // or a promise of it

export interface WebhookServer {
  url: string;
  port: number;
  /** base64 PEM of the serving certificate, for clientConfig.caBundle. */
  caBundle: string;
  received: { path: string; query: string; review: Record<string, unknown> }[];
  handle(path: string, handler: Handler): void;
  close(): Promise<void>;
}

export async function startWebhookServer(): Promise<WebhookServer> {
  const certificate = await makeCertificate('webhook-test', { isCA: true });
  const handlers = new Map<string, Handler>();
  const received: WebhookServer['received'] = [];
  const server: Server = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://localhost');
      const path = url.pathname;
      const handler = handlers.get(path);
      if (!handler) {
        res.writeHead(404).end('not found');
        return;
      }
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      received.push({ path, query: url.search, review });
      Promise.resolve()
        .then(() => handler(review))
        .then(
          (answer) => {
            if (answer === undefined) return; // never answer: a stalled webhook
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
          },
          (err: Error) => res.writeHead(500).end(err.message),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    caBundle: Buffer.from(certificate.cert).toString('base64'),
    received,
    handle: (path, handler) => handlers.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An AdmissionReview v1 answer for a request. */
export function admissionResponse(review: Record<string, unknown>, response: Record<string, unknown>): unknown {
  const request = review.request as { uid: string };
  return { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: request.uid, ...response } };
}

export function jsonPatch(ops: unknown[]): { patch: string; patchType: 'JSONPatch' } {
  return { patch: Buffer.from(JSON.stringify(ops)).toString('base64'), patchType: 'JSONPatch' };
}
