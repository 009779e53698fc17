/**
 * One JSON request to either control plane (in-process or kube-apiserver), through a kubeconfig's
 * credentials, answered with its code and body as sent: a Status when refused. Raw JSON on purpose:
 * client-node's typed APIs re-serialize bodies through their models, which drop the keys a model
 * spells differently (a CRD schema's `default`, `x-kubernetes-*`).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

export interface Answer {
  code: number;
  body: Record<string, unknown>;
}

export async function statusRequest(kc: KubeConfig, method: string, urlPath: string, body?: unknown, contentType = 'application/json'): Promise<Answer> {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('the kubeconfig has no current cluster');
  const url = new URL(urlPath, cluster.server.endsWith('/') ? cluster.server : `${cluster.server}/`);
  const options: RequestOptions = { method, headers: { Accept: 'application/json' } };
  await kc.applyToHTTPSOptions(options);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  if (payload) options.headers = { ...options.headers, 'Content-Type': contentType, 'Content-Length': String(payload.length) };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = send(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ code: res.statusCode ?? 0, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> });
        } catch {
          reject(new Error(`${method} ${url.pathname}: ${res.statusCode}: not JSON: ${text.slice(0, 200)}`));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
