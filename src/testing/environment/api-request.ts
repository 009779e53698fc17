/**
 * One JSON request to an API server, with the kubeconfig's credentials and TLS settings. The
 * objects go as they are: client-node's typed APIs re-serialize a body through their models, which
 * drop every key the model spells differently (a CRD schema's `x-kubernetes-*` extensions).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

/** An answer other than 2xx: its code, the Status message, and the Status itself when the body is one. */
export class APIRequestError extends Error {
  override readonly name = 'APIRequestError';
  constructor(
    readonly code: number,
    message: string,
    readonly status?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export async function requestJSON<T = Record<string, unknown>>(kc: KubeConfig, method: string, path: string, body?: unknown): Promise<T> {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('the kubeconfig has no current cluster');
  const url = new URL(path, cluster.server.endsWith('/') ? cluster.server : `${cluster.server}/`);
  const options: RequestOptions = { method, headers: { Accept: 'application/json' } };
  await kc.applyToHTTPSOptions(options);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  if (payload) options.headers = { ...options.headers, 'Content-Type': 'application/json', 'Content-Length': String(payload.length) };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<T>((resolve, reject) => {
    const req = request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const code = res.statusCode ?? 0;
        if (code >= 200 && code < 300) return resolve((text ? JSON.parse(text) : {}) as T);
        let message = text;
        let status: Record<string, unknown> | undefined;
        try {
          const parsed = JSON.parse(text) as unknown;
          if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) status = parsed as Record<string, unknown>;
          if (typeof status?.message === 'string') message = status.message;
        } catch {
          // Not a Status: the text as it came.
        }
        reject(new APIRequestError(code, `${method} ${url.pathname}: ${code}: ${message}`, status));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
