import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import type { Logger } from '../log/logger.js';
import { log as rootLog } from '../log/root.js';
import { CertWatcher } from '../serving/cert-watcher.js';
import type { RequestFilter } from './auth-filter.js';
import { parseBindAddress, type ListenAddress } from '../serving/bind-address.js';
import { close, listen, urlOf } from '../serving/http-listen.js';
import { createHttpsServing } from '../serving/https-serving.js';
import type { RuntimeMetrics } from './runtime-metrics.js';
import { selfSignedCertificate } from '../serving/self-signed.js';

export const DEFAULT_METRICS_BIND_ADDRESS = ':8080';
const METRICS_PATH = '/metrics';

export interface MetricsServerOptions {
  /** `[host]:port`, `:0` for any free port, or `"0"` to disable the server. Default `:8080`. */
  bindAddress?: string;
  /** What to serve at /metrics. */
  metrics: RuntimeMetrics | Registry;
  /** More handlers by exact path (e.g. pprof-like debug pages); /metrics cannot be replaced. */
  extraHandlers?: Record<string, RequestListener>;
  /** Serve HTTPS (kubebuilder's `--metrics-secure`), with the certificate from `certDir` or, without one, a self-signed one made in memory. */
  secureServing?: boolean;
  /** Directory of the serving certificate (`--metrics-cert-path`); reloaded when it changes. */
  certDir?: string;
  /** Default `tls.crt`. */
  certName?: string;
  /** Default `tls.key`. */
  keyName?: string;
  /**
   * With secureServing, serve HTTP/2 as well (kubebuilder's `--enable-http2`). Default false: the TLS
   * handshake offers only http/1.1 (HTTP/2 Rapid Reset and Stream Cancellation CVEs). Plain HTTP is always HTTP/1.1.
   */
  enableHTTP2?: boolean;
  /** Runs before every request, e.g. `withAuthenticationAndAuthorization(kubeConfig)`. */
  filter?: RequestFilter;
  log?: Logger;
}

/** Serves the Prometheus text exposition of a registry at /metrics over HTTP, or HTTPS with an optional auth filter. */
export class MetricsServer {
  readonly #listenAddress: ListenAddress | undefined;
  readonly #registry: Registry;
  readonly #handlers = new Map<string, RequestListener>();
  readonly #options: MetricsServerOptions;
  readonly #log: Logger;
  #server: Server | undefined;
  #close: (() => Promise<void>) | undefined;
  #address: AddressInfo | undefined;
  #certWatcher: CertWatcher | undefined;

  constructor(options: MetricsServerOptions) {
    this.#options = options;
    this.#log = options.log ?? rootLog.withName('metrics');
    this.#listenAddress = parseBindAddress(options.bindAddress ?? DEFAULT_METRICS_BIND_ADDRESS, 'metrics bind address');
    this.#registry = options.metrics instanceof Registry ? options.metrics : options.metrics.registry;
    for (const [path, handler] of Object.entries(options.extraHandlers ?? {})) this.addExtraHandler(path, handler);
  }

  /** False when the bind address is "0". */
  get enabled(): boolean {
    return this.#listenAddress !== undefined;
  }

  addExtraHandler(path: string, handler: RequestListener): void {
    if (path === METRICS_PATH) throw new Error(`metrics server: overriding the ${METRICS_PATH} path is not allowed`);
    if (this.#handlers.has(path)) throw new Error(`metrics server: a handler for path ${path} is already registered`);
    this.#handlers.set(path, handler);
  }

  /** Starts listening (does nothing when disabled). */
  async start(): Promise<void> {
    if (!this.#listenAddress || this.#server) return;
    const handler = (req: IncomingMessage, res: ServerResponse): void => void this.#handle(req, res);
    let server: Server;
    let closeServer: () => Promise<void>;
    const metrics = this.#options.metrics instanceof Registry ? undefined : this.#options.metrics;
    if (this.#options.secureServing) {
      const serving = createHttpsServing({ enableHTTP2: this.#options.enableHTTP2 }, handler);
      const https = serving.server;
      closeServer = () => serving.close();
      if (this.#options.certDir) {
        const watcher = new CertWatcher(
          join(this.#options.certDir, this.#options.certName ?? 'tls.crt'),
          join(this.#options.certDir, this.#options.keyName ?? 'tls.key'),
          (pair) => serving.setCertificate(pair),
          this.#log,
          undefined,
          metrics ? (ok) => metrics.certificateRead(ok) : undefined,
        );
        serving.setCertificate(await watcher.load());
        watcher.start();
        this.#certWatcher = watcher;
      } else {
        serving.setCertificate(await selfSignedCertificate());
      }
      server = https;
    } else {
      const http = createServer(handler);
      closeServer = () => close(http);
      server = http;
    }
    try {
      this.#address = await listen(server, this.#listenAddress, 'metrics server', (err) => this.#log.error(err, 'metrics server error'));
    } catch (err) {
      this.#certWatcher?.stop();
      throw err;
    }
    this.#server = server;
    this.#close = closeServer;
    this.#log.info('serving metrics server', {
      bindAddress: this.#options.bindAddress ?? DEFAULT_METRICS_BIND_ADDRESS,
      secure: this.#options.secureServing === true,
      http2: this.#options.secureServing === true && this.#options.enableHTTP2 === true,
    });
  }

  async stop(): Promise<void> {
    this.#certWatcher?.stop();
    this.#certWatcher = undefined;
    const closeServer = this.#close;
    this.#server = undefined;
    this.#close = undefined;
    if (closeServer) await closeServer();
  }

  /** Where the server listens, once started: `http://127.0.0.1:<port>`. */
  url(): string | undefined {
    return this.#server && this.#address ? urlOf(this.#options.secureServing ? 'https' : 'http', this.#address) : undefined;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.#options.filter) {
      const refusal = await this.#options.filter(req).catch((err: unknown) => {
        this.#log.error(err, 'metrics request filter failed');
        return { status: 500, message: 'Internal Server Error' };
      });
      if (refusal) {
        res.writeHead(refusal.status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
        res.end(`${refusal.message}\n`);
        return;
      }
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === METRICS_PATH) {
      try {
        const body = await this.#registry.metrics();
        res.writeHead(200, { 'Content-Type': this.#registry.contentType });
        res.end(body);
      } catch (err) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`error gathering metrics: ${err instanceof Error ? err.message : String(err)}\n`);
      }
      return;
    }
    const extra = this.#handlers.get(path);
    if (extra) {
      extra(req, res);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('404 page not found\n');
  }
}
