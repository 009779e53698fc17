import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { parseBindAddress, type ListenAddress } from './bind-address.js';
import { close, listen, urlOf } from './http-listen.js';
import type { RuntimeMetrics } from './runtime-metrics.js';

export const DEFAULT_METRICS_BIND_ADDRESS = ':8080';
const METRICS_PATH = '/metrics';

export interface MetricsServerOptions {
  /** `[host]:port`, `:0` for any free port, or `"0"` to disable the server. Default `:8080`. */
  bindAddress?: string;
  /** What to serve at /metrics. */
  metrics: RuntimeMetrics | Registry;
  /** More handlers by exact path (e.g. pprof-like debug pages); /metrics cannot be replaced. */
  extraHandlers?: Record<string, RequestListener>;
}

/** Serves the Prometheus text exposition of a registry at /metrics over HTTP. */
export class MetricsServer {
  readonly #listenAddress: ListenAddress | undefined;
  readonly #registry: Registry;
  readonly #handlers = new Map<string, RequestListener>();
  #server: Server | undefined;
  #address: AddressInfo | undefined;

  constructor(options: MetricsServerOptions) {
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
    const server = createServer((req, res) => void this.#handle(req, res));
    this.#address = await listen(server, this.#listenAddress, 'metrics server');
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await close(server);
  }

  /** Where the server listens, once started: `http://127.0.0.1:<port>`. */
  url(): string | undefined {
    return this.#server && this.#address ? urlOf('http', this.#address) : undefined;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
