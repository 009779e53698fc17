/**
 * Raw HTTP to the API server with the kubeconfig's credentials. We speak HTTP ourselves (rather
 * than through client-node's generated API classes) because the runtime needs exact control over
 * patch content types, query parameters and long-lived watch streams, for any kind.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import { ApiError, type StatusBody } from './errors.js';

export type Query = Record<string, string | number | boolean | undefined>;

export interface RestRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the server URL, starting with `/` (`/api/v1/namespaces/default/pods`). */
  path: string;
  query?: Query;
  body?: unknown;
  /** Content type of `body`; `application/json` by default. */
  contentType?: string;
  signal?: AbortSignal;
  /** Milliseconds before the request is abandoned (not for streams). */
  timeoutMs?: number;
}

/** Where the transport reports each request (RuntimeMetrics: rest_client_requests_total, rest_client_request_duration_seconds). */
export interface RestRequestObserver {
  /** `code` is the HTTP status, or `<error>` when no answer came; `host` is the server's host:port. */
  restRequestFinished(method: string, host: string, code: number | '<error>', durationSeconds: number): void;
}

export interface RestTransportOptions {
  userAgent?: string;
  /** Default timeout of non-streaming requests. 30 s. */
  timeoutMs?: number;
  /** How long credentials from the kubeconfig are reused before being asked for again (token rotation). 30 s. */
  credentialTtlMs?: number;
  /** Told of every request once it is answered (with its body read) or failed; watches once their stream opens. */
  metrics?: RestRequestObserver;
  /**
   * How often a request answered 429 or 5xx with a Retry-After header is sent again, after the
   * server's delay, before its error is thrown. 10, as client-go's default.
   */
  maxRetries?: number;
}

interface Credentials {
  headers: Record<string, string>;
  at: number;
}

/** Builds paths and performs requests against one API server. */
export class RestTransport {
  private readonly base: URL;
  private readonly isHttps: boolean;
  private agent: http.Agent | undefined;
  private credentials: Credentials | undefined;
  private credentialsPending: Promise<Credentials> | undefined;
  private readonly userAgent: string;
  private readonly timeoutMs: number;
  private readonly credentialTtlMs: number;
  private readonly metrics: RestRequestObserver | undefined;
  private readonly maxRetries: number;

  constructor(readonly kubeConfig: KubeConfig, options: RestTransportOptions = {}) {
    const cluster = kubeConfig.getCurrentCluster();
    if (!cluster) throw new Error('kubeconfig has no current cluster (check current-context)');
    this.base = new URL(cluster.server);
    this.isHttps = this.base.protocol === 'https:';
    this.userAgent = options.userAgent ?? 'scaffolder-runtime';
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.credentialTtlMs = options.credentialTtlMs ?? 30_000;
    this.metrics = options.metrics;
    this.maxRetries = options.maxRetries ?? 10;
  }

  /** Sends a request and parses the JSON answer; failures become `ApiError`. */
  async request<T = unknown>(req: RestRequest): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      let res: http.IncomingMessage;
      let text: string;
      try {
        res = await this.send(req, false);
        text = await readBody(res, req.signal);
      } catch (err) {
        this.observe(req.method, '<error>', started);
        throw abortReason(req.signal) ?? err;
      }
      const code = res.statusCode ?? 0;
      this.observe(req.method, code, started);
      if (code < 400) return (text.length > 0 ? JSON.parse(text) : undefined) as T;
      const wait = attempt < this.maxRetries ? retryAfterSeconds(code, res.headers) : undefined;
      if (wait === undefined) throw errorFrom(code, text, res.headers, `${req.method} ${req.path}`);
      await sleep(wait * 1000, req.signal);
    }
  }

  /** Opens a streaming GET (a watch); the caller consumes and destroys the response. Status >= 400 is thrown. */
  async stream(path: string, query: Query, signal: AbortSignal): Promise<http.IncomingMessage> {
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      let res: http.IncomingMessage;
      try {
        res = await this.send({ method: 'GET', path, query, signal }, true);
      } catch (err) {
        this.observe('GET', '<error>', started);
        throw abortReason(signal) ?? err;
      }
      const code = res.statusCode ?? 0;
      this.observe('GET', code, started);
      if (code < 400) return res;
      const text = await readBody(res, signal);
      const wait = attempt < this.maxRetries ? retryAfterSeconds(code, res.headers) : undefined;
      if (wait === undefined) throw errorFrom(code, text, res.headers, `GET ${path} (watch)`);
      await sleep(wait * 1000, signal);
    }
  }

  private observe(method: string, code: number | '<error>', started: number): void {
    this.metrics?.restRequestFinished(method, this.base.host, code, (performance.now() - started) / 1000);
  }

  /** Closes idle keep-alive connections. */
  close(): void {
    this.agent?.destroy();
    this.agent = undefined;
    // A later request makes its agent again, with the kubeconfig's TLS settings: the client of a
    // stopped manager still works, as controller-runtime's does (Node's global agent trusts no test CA).
    this.credentials = undefined;
  }

  private async send(req: RestRequest, streaming: boolean): Promise<http.IncomingMessage> {
    const creds = await this.getCredentials();
    const url = new URL(this.base.pathname.replace(/\/$/, '') + req.path, this.base);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const payload = req.body === undefined ? undefined : Buffer.from(typeof req.body === 'string' ? req.body : JSON.stringify(req.body));
    const headers: Record<string, string> = {
      ...creds.headers,
      Accept: 'application/json',
      'User-Agent': this.userAgent,
    };
    if (payload) {
      headers['Content-Type'] = req.contentType ?? 'application/json';
      headers['Content-Length'] = String(payload.length);
    }
    const mod = this.isHttps ? https : http;
    return new Promise((resolve, reject) => {
      const r = mod.request(url, { method: req.method, headers, agent: this.agent, signal: req.signal }, resolve);
      r.on('error', (err) => reject(transportError(err, `${req.method} ${req.path}`)));
      if (!streaming) {
        r.setTimeout(req.timeoutMs ?? this.timeoutMs, () => r.destroy(new Error(`timed out after ${req.timeoutMs ?? this.timeoutMs} ms`)));
      }
      r.end(payload);
    });
  }

  /** Asks the kubeconfig for headers (tokens, exec plugins) and TLS material, reusing them for a while. */
  private async getCredentials(): Promise<Credentials> {
    const now = Date.now();
    if (this.credentials && now - this.credentials.at < this.credentialTtlMs) return this.credentials;
    this.credentialsPending ??= this.loadCredentials().finally(() => { this.credentialsPending = undefined; });
    return this.credentialsPending;
  }

  private async loadCredentials(): Promise<Credentials> {
    const opts: https.RequestOptions = {};
    await this.kubeConfig.applyToHTTPSOptions(opts);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.headers ?? {})) {
      if (typeof v === 'string' || typeof v === 'number') headers[k] = String(v);
      else if (Array.isArray(v)) headers[k] = v.join(', ');
    }
    if (opts.auth) headers.Authorization = `Basic ${Buffer.from(opts.auth).toString('base64')}`;
    if (!this.agent) {
      // One keep-alive agent for the life of the transport; client-node would create one per request.
      const cluster = this.kubeConfig.getCurrentCluster();
      if (cluster?.proxyUrl) {
        this.agent = opts.agent as http.Agent;
      } else if (this.isHttps) {
        this.agent = new https.Agent({
          keepAlive: true,
          ca: opts.ca,
          cert: opts.cert,
          key: opts.key,
          pfx: opts.pfx,
          passphrase: opts.passphrase,
          servername: opts.servername,
          ...(opts.rejectUnauthorized !== undefined ? { rejectUnauthorized: opts.rejectUnauthorized } : {}),
        });
      } else {
        this.agent = new http.Agent({ keepAlive: true });
      }
    }
    this.credentials = { headers, at: Date.now() };
    return this.credentials;
  }
}

/**
 * An aborted request fails with the abort's reason (as fetch does), whichever step saw the abort
 * first: Node's own listener on the signal, added when the request was made, destroys it with a
 * generic "The operation was aborted" before ours can reject with the reason.
 */
function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.aborted ? signal.reason : undefined;
}

/** Swallows a response's late errors once its body has been read (an error event with no listener would throw). */
const ignoreLateError = (): void => undefined;

/**
 * Reads a response body. The listeners are removed once it settles: a keep-alive socket can keep
 * the response object reachable for a while, and listeners left on it would keep the chunks and
 * the resolved text (a whole resourceVersion=0 list, megabytes) alive with it.
 */
function readBody(res: http.IncomingMessage, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    const cleanup = () => {
      signal?.removeEventListener('abort', onAbort);
      res.off('data', onData);
      res.off('end', onEnd);
      res.off('error', onError);
      res.on('error', ignoreLateError);
    };
    const onData = (c: Buffer) => {
      chunks.push(c);
    };
    const onEnd = () => {
      cleanup();
      const body = Buffer.concat(chunks);
      chunks = [];
      resolve(body.toString('utf8'));
    };
    const onError = (err: Error) => {
      cleanup();
      chunks = [];
      reject(err);
    };
    const onAbort = () => {
      cleanup();
      chunks = [];
      res.destroy();
      reject((signal?.reason as Error | undefined) ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    res.on('data', onData);
    res.on('end', onEnd);
    res.on('error', onError);
  });
}

/**
 * The delay the server asked for, when the answer is one to send again: 429 or any 5xx with an
 * integer Retry-After header (client-go's checkWait). Other failures are the caller's to handle.
 */
function retryAfterSeconds(code: number, headers: http.IncomingHttpHeaders): number | undefined {
  if (code !== 429 && code < 500) return undefined;
  const header = headers['retry-after'];
  if (header === undefined || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** Waits, or rejects as soon as the request is aborted. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject((signal.reason as Error | undefined) ?? new Error('aborted'));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject((signal?.reason as Error | undefined) ?? new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function errorFrom(code: number, text: string, headers: http.IncomingHttpHeaders, context: string): ApiError {
  let status: StatusBody = { message: text.trim() || `HTTP ${code}` };
  try {
    const parsed = JSON.parse(text) as StatusBody;
    if (parsed && typeof parsed === 'object') status = parsed;
  } catch {
    // Not JSON (a proxy's error page): keep the text as the message.
  }
  const retryAfter = Number(headers['retry-after']);
  if (Number.isFinite(retryAfter) && status.details?.retryAfterSeconds === undefined) {
    status = { ...status, details: { ...status.details, retryAfterSeconds: retryAfter } };
  }
  return new ApiError(code, status, context);
}

function transportError(err: Error, context: string): Error {
  if (err.name === 'AbortError') return err;
  return new ApiError(0, { reason: 'ConnectionFailed', message: err.message }, context);
}

/** URL of a kind's collection (or of one object and its subresource). */
export function resourcePath(
  kind: { group: string; version: string; plural: string; namespaced: boolean },
  namespace: string | undefined,
  name?: string,
  subResource?: string,
): string {
  let p = kind.group === '' ? `/api/${kind.version}` : `/apis/${kind.group}/${kind.version}`;
  if (kind.namespaced && namespace) p += `/namespaces/${encodeURIComponent(namespace)}`;
  p += `/${kind.plural}`;
  if (name !== undefined) p += `/${encodeURIComponent(name)}`;
  if (subResource) p += `/${subResource}`;
  return p;
}
