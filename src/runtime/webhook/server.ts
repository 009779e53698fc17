import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as http2Constants, type Http2ServerResponse } from 'node:http2';
import { isPanic } from '../panic/panic.js';
import { connect, type SecureContextOptions } from 'node:tls';
import { join } from 'node:path';
import type { Checker } from '../healthz/checker.js';
import type { Logger } from '../log/logger.js';
import { log as rootLog } from '../log/root.js';
import { listen } from '../serving/http-listen.js';
import { createHttpsServing, type HttpsServing } from '../serving/https-serving.js';
import type { RuntimeMetrics } from '../metrics/runtime-metrics.js';
import { CertWatcher } from '../serving/cert-watcher.js';
import { asHttpHandler, type HttpHandler, type WebhookEndpoint } from './handler.js';

export const DEFAULT_WEBHOOK_PORT = 9443;
export const DEFAULT_CERT_DIR = '/tmp/k8s-webhook-server/serving-certs';

/**
 * How long a caller may take to send a request's headers, and the whole request. The caller is
 * kube-apiserver, which gives a webhook call timeoutSeconds (10 s by default, 30 s at most) and
 * then gives up: headers that take longer than 10 s, or a request still arriving after 30 s, come
 * from no API server waiting for the answer. Node's defaults (60 s checked every 30 s, and 300 s)
 * let a client that dribbles bytes hold a connection for minutes. controller-runtime's server
 * bounds only the headers (ReadHeaderTimeout 32 s, and no read timeout for the body); these are
 * tighter, within the API server's own limit.
 */
export const WEBHOOK_HEADERS_TIMEOUT_MS = 10_000;
export const WEBHOOK_REQUEST_TIMEOUT_MS = 30_000;

/**
 * What to do when the serving certificate cannot be read, said with the error: out of a cluster
 * nothing puts one there; `make run` serves with a generated one (--local-webhooks), and the
 * generated main.ts skips its webhooks with ENABLE_WEBHOOKS=false.
 */
function certificateRemedy(certPath: string, keyPath: string): string {
  return `The webhook server serves with the certificate ${certPath} and the key ${keyPath} ` +
    '(cert-manager mounts them in a cluster; --webhook-cert-path names their directory): ' +
    'put them there, serve the webhooks from this machine with a generated certificate (--local-webhooks=<host>[:<port>], as make run does), ' +
    'or run the manager without its webhooks: ENABLE_WEBHOOKS=false make run';
}

export interface WebhookServerOptions {
  /** Interface to listen on; all interfaces by default. */
  host?: string;
  /** Default 9443; 0 picks a free port (see `port()` once started). */
  port?: number;
  /** Default `/tmp/k8s-webhook-server/serving-certs`. */
  certDir?: string;
  /** Default `tls.crt`. */
  certName?: string;
  /** Default `tls.key`. */
  keyName?: string;
  /**
   * A certificate made in memory instead of the files of certDir (`make run` serving the webhooks
   * locally, local-webhooks.ts): called once at start, and not watched.
   */
  certificate?: () => Promise<{ cert: string; key: string }>;
  /** More TLS settings (ciphers, minVersion, ca for client certificates...). Default: Go's crypto/tls defaults (GO_DEFAULT_TLS). */
  tlsOptions?: Omit<SecureContextOptions, 'cert' | 'key'>;
  /**
   * Serve HTTP/2 as well (kubebuilder's `--enable-http2`). Default false: the TLS handshake offers only
   * http/1.1, as kubebuilder v4 keeps HTTP/2 off for the Rapid Reset and Stream Cancellation CVEs.
   */
  enableHTTP2?: boolean;
  /** Milliseconds between certificate re-reads, besides watching the directory. Default 10 000; 0 disables polling. */
  certPollInterval?: number;
  /** Milliseconds a client may take to send the request headers (HTTP/1.1), then is answered 408. Default WEBHOOK_HEADERS_TIMEOUT_MS. */
  headersTimeout?: number;
  /** Milliseconds a client may take to send the whole request (HTTP/1.1), then is answered 408. Default WEBHOOK_REQUEST_TIMEOUT_MS. */
  requestTimeout?: number;
  metrics?: RuntimeMetrics;
  log?: Logger;
}

/**
 * The HTTPS server the API server calls webhooks on. Handlers are registered by path before or
 * after start; the serving certificate is reloaded when its files change, for new connections,
 * without a restart. A handler that throws is answered 500, unless it throws an engine error (a
 * panic: an admission webhook built with recoverPanic(false) throws its handler's on): that request
 * is logged and dropped without an answer, as net/http does with a panicking handler.
 */
export class WebhookServer {
  readonly #options: WebhookServerOptions;
  readonly #handlers = new Map<string, HttpHandler>();
  readonly #log: Logger;
  #server: HttpsServing | undefined;
  #certWatcher: CertWatcher | undefined;
  #port: number | undefined;

  constructor(options: WebhookServerOptions = {}) {
    this.#options = options;
    this.#log = options.log ?? rootLog.withName('webhook');
  }

  /** Serves `endpoint` at `path` (exact match). A path can be registered once. */
  register(path: string, endpoint: WebhookEndpoint): void {
    if (!path.startsWith('/')) throw new Error(`webhook path "${path}" must start with "/"`);
    if (this.#handlers.has(path)) throw new Error(`a webhook is already registered at path ${path}`);
    let handler = asHttpHandler(endpoint);
    const metrics = this.#options.metrics?.webhook(path);
    if (metrics) {
      const inner = handler;
      handler = async (req, res) => {
        const request = metrics.requestStarted();
        res.once('finish', () => request.answered(res.statusCode));
        // 'close' without 'finish': the client went away, or a panic dropped the request (see #serve).
        res.once('close', () => request.dropped());
        await inner(req, res);
      };
    }
    this.#handlers.set(path, handler);
    this.#log.info('registering webhook', { path });
  }

  /** The metrics the server reports to, if any (webhooks registered on it count their panics there). */
  get metrics(): RuntimeMetrics | undefined {
    return this.#options.metrics;
  }

  /** Whether a handler is registered at `path`. */
  isRegistered(path: string): boolean {
    return this.#handlers.has(path);
  }

  /** The registered paths. */
  paths(): string[] {
    return [...this.#handlers.keys()];
  }

  async start(): Promise<void> {
    if (this.#server) return;
    const certDir = this.#options.certDir ?? DEFAULT_CERT_DIR;
    const certPath = join(certDir, this.#options.certName ?? 'tls.crt');
    const keyPath = join(certDir, this.#options.keyName ?? 'tls.key');
    const serving = createHttpsServing(
      {
        enableHTTP2: this.#options.enableHTTP2,
        tls: this.#options.tlsOptions,
        headersTimeout: this.#options.headersTimeout ?? WEBHOOK_HEADERS_TIMEOUT_MS,
        requestTimeout: this.#options.requestTimeout ?? WEBHOOK_REQUEST_TIMEOUT_MS,
      },
      (req, res) => void this.#serve(req, res),
    );
    const server = serving.server;
    const given = this.#options.certificate;
    const watcher = given ? undefined : new CertWatcher(
      certPath,
      keyPath,
      (pair) => serving.setCertificate(pair),
      this.#log,
      this.#options.certPollInterval ?? 10_000,
      (ok) => this.#options.metrics?.certificateRead(ok),
    );
    const pair = given ? await given() : await watcher!.load().catch((err: unknown) => {
      throw new Error(`${err instanceof Error ? err.message : String(err)}. ${certificateRemedy(certPath, keyPath)}`);
    });
    serving.setCertificate(pair);

    const address = { host: this.#options.host, port: this.#options.port ?? DEFAULT_WEBHOOK_PORT };
    this.#port = (await listen(server, address, 'webhook server', (err) => this.#log.error(err, 'webhook server error'))).port;
    watcher?.start();
    this.#server = serving;
    this.#certWatcher = watcher;
    this.#log.info('serving webhook server', { host: this.#options.host ?? '', port: this.#port, ...(given ? {} : { certDir }), http2: serving.http2 });
  }

  async stop(): Promise<void> {
    this.#certWatcher?.stop();
    this.#certWatcher = undefined;
    const server = this.#server;
    this.#server = undefined;
    if (server) await server.close();
  }

  /** The port listened on, once started. */
  port(): number | undefined {
    return this.#server ? this.#port : undefined;
  }

  /** Re-reads the certificate files now; resolves true when a new certificate was installed. */
  async reloadCertificates(): Promise<boolean> {
    return this.#certWatcher ? this.#certWatcher.reload() : false;
  }

  /** A readiness check that passes once the server completes TLS handshakes (controller-runtime's StartedChecker). */
  startedChecker(): Checker {
    return () =>
      new Promise<void>((resolve, reject) => {
        const port = this.port();
        if (port === undefined) {
          reject(new Error('webhook server has not been started yet'));
          return;
        }
        const host = !this.#options.host || this.#options.host === '0.0.0.0' || this.#options.host === '::' ? '127.0.0.1' : this.#options.host;
        const socket = connect({ host, port, rejectUnauthorized: false, timeout: 10_000 }, () => {
          socket.end();
          resolve();
        });
        socket.once('error', (err: Error) => reject(new Error(`webhook server is not reachable: ${err.message}`)));
        socket.once('timeout', () => {
          socket.destroy();
          reject(new Error('webhook server is not reachable: TLS handshake timed out'));
        });
      });
  }

  async #serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'https://localhost').pathname;
    const handler = this.#handlers.get(path);
    if (!handler) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('404 page not found\n');
      return;
    }
    try {
      await handler(req, res);
    } catch (err) {
      if (isPanic(err)) {
        this.#dropAfterPanic(req, res, err, path);
        return;
      }
      // A handler must never take the process down: log and answer 500.
      this.#log.error(err, 'webhook handler failed', { path });
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    }
  }

  /**
   * What net/http does when a handler panics (an admission webhook built with recoverPanic(false),
   * or any handler throwing an engine error): log it with the client's address and drop the request
   * without an answer. HTTP/1.1 closes the connection; HTTP/2 resets just the stream with
   * INTERNAL_ERROR, as Go's HTTP/2 server, and keeps the session.
   */
  #dropAfterPanic(req: IncomingMessage, res: ServerResponse, err: unknown, path: string): void {
    const stream = (res as unknown as Partial<Http2ServerResponse>).stream;
    const socket = req.socket as IncomingMessage['socket'] | undefined;
    const client = `${socket?.remoteAddress ?? ''}:${socket?.remotePort ?? ''}`;
    this.#log.error(err, `${stream ? 'http2' : 'http'}: panic serving ${client}`, { path });
    if (stream) {
      if (!stream.destroyed) stream.close(http2Constants.NGHTTP2_INTERNAL_ERROR);
    } else {
      socket?.destroy();
    }
  }
}
