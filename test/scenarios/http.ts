/**
 * Raw HTTP to an API server with a kubeconfig's credentials: a request gives its code, its Warning
 * headers and its body as the server wrote them (no client model in between), and a watch gives
 * its events as they arrive. Both backends are met the same way.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

export interface RawResponse {
  status: number;
  /** The texts of the Warning headers (`299 - "text"`), in order. */
  warnings: string[];
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
}

export interface RawRequest {
  method: string;
  path: string;
  body?: unknown;
  /** Content-Type of the body (default application/json). */
  contentType?: string;
  headers?: Record<string, string>;
}

async function open(kc: KubeConfig, req: RawRequest, onResponse: (res: IncomingMessage) => void, onError: (err: Error) => void): Promise<() => void> {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('the kubeconfig has no current cluster');
  const url = new URL(req.path, cluster.server.endsWith('/') ? cluster.server : `${cluster.server}/`);
  const options: RequestOptions = { method: req.method, headers: { Accept: 'application/json', ...req.headers } };
  await kc.applyToHTTPSOptions(options);
  const payload = req.body === undefined ? undefined : Buffer.from(typeof req.body === 'string' ? req.body : JSON.stringify(req.body));
  if (payload) options.headers = { ...options.headers, 'Content-Type': req.contentType ?? 'application/json', 'Content-Length': String(payload.length) };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const r = send(url, options, onResponse);
  r.on('error', onError);
  r.end(payload);
  return () => r.destroy();
}

/** The Warning header texts (kube-apiserver's `299 - "text"` form). */
function warningsOf(res: IncomingMessage): string[] {
  const raw = res.headersDistinct.warning ?? [];
  return raw.flatMap((h) => [...h.matchAll(/\d{3} [^ ]+ "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\(.)/g, '$1')));
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function rawRequest(kc: KubeConfig, req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    open(
      kc,
      req,
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, warnings: warningsOf(res), body: parse(Buffer.concat(chunks).toString('utf8')) }));
        res.on('error', reject);
      },
      reject,
    ).catch(reject);
  });
}

export interface WatchEvent {
  type: string;
  object: Record<string, unknown>;
}

/** A watch's stream: its status (or error body) and the events seen so far. */
export class RawWatch {
  status = 0;
  /** The body when the server refused the watch (not 200). */
  error: unknown;
  readonly events: WatchEvent[] = [];
  private ended = false;
  private waiters: (() => void)[] = [];
  private cancel: () => void = () => {};

  static async start(kc: KubeConfig, path: string): Promise<RawWatch> {
    const w = new RawWatch();
    await new Promise<void>((resolve, reject) => {
      open(
        kc,
        { method: 'GET', path },
        (res) => {
          w.status = res.statusCode ?? 0;
          let buffered = '';
          const errorChunks: string[] = [];
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (w.status !== 200) return void errorChunks.push(chunk);
            buffered += chunk;
            let nl: number;
            while ((nl = buffered.indexOf('\n')) >= 0) {
              const line = buffered.slice(0, nl).trim();
              buffered = buffered.slice(nl + 1);
              if (line) w.events.push(JSON.parse(line) as WatchEvent);
            }
            w.wake();
          });
          const end = () => {
            if (w.status !== 200) w.error = parse(errorChunks.join(''));
            w.ended = true;
            w.wake();
          };
          res.on('end', end);
          res.on('close', end);
          res.on('error', end);
          resolve();
        },
        (err) => {
          w.ended = true;
          w.wake();
          reject(err);
        },
      ).then((cancel) => (w.cancel = cancel), reject);
    });
    return w;
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits until `test` holds for the events, the stream ends, or `timeoutMs` passes. */
  async until(test: (events: WatchEvent[]) => boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!test(this.events) && !this.ended && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  stop(): void {
    this.cancel();
  }
}
