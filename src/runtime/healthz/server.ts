import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseBindAddress, type ListenAddress } from '../serving/bind-address.js';
import { close, listen, urlOf } from '../serving/http-listen.js';
import type { Logger } from '../log/logger.js';
import { log as rootLog } from '../log/root.js';
import type { Checker } from './checker.js';
import { ChecksHandler } from './checks-handler.js';

export interface HealthProbeServerOptions {
  /** `[host]:port`, `:0` for any free port, or `"0"` (the default) to disable the server. */
  bindAddress?: string;
  /** Default `/healthz`. */
  livenessEndpointName?: string;
  /** Default `/readyz`. */
  readinessEndpointName?: string;
  log?: Logger;
}

/** The probe server: liveness checks at /healthz, readiness checks at /readyz. */
export class HealthProbeServer {
  readonly #listenAddress: ListenAddress | undefined;
  readonly #liveness: ChecksHandler;
  readonly #readiness: ChecksHandler;
  readonly #log: Logger;
  #server: Server | undefined;
  #address: AddressInfo | undefined;

  constructor(options: HealthProbeServerOptions = {}) {
    this.#log = options.log ?? rootLog.withName('healthz');
    this.#listenAddress = parseBindAddress(options.bindAddress ?? '0', 'health probe bind address');
    this.#liveness = new ChecksHandler(normaliseEndpoint(options.livenessEndpointName ?? '/healthz'));
    this.#readiness = new ChecksHandler(normaliseEndpoint(options.readinessEndpointName ?? '/readyz'));
    if (this.#liveness.endpoint === this.#readiness.endpoint) {
      throw new Error(`liveness and readiness endpoints must differ (both are ${this.#liveness.endpoint})`);
    }
  }

  get enabled(): boolean {
    return this.#listenAddress !== undefined;
  }

  addHealthzCheck(name: string, check: Checker): void {
    this.#liveness.add(name, check);
  }

  addReadyzCheck(name: string, check: Checker): void {
    this.#readiness.add(name, check);
  }

  async start(): Promise<void> {
    if (!this.#listenAddress || this.#server) return;
    const server = createServer((req, res) => void this.#handle(req, res));
    this.#address = await listen(server, this.#listenAddress, 'health probe server', (err) => this.#log.error(err, 'health probe server error'));
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await close(server);
  }

  url(): string | undefined {
    return this.#server && this.#address ? urlOf('http', this.#address) : undefined;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    for (const handler of [this.#liveness, this.#readiness]) {
      if (handler.matches(url.pathname)) {
        await handler.handle(req, res, url);
        return;
      }
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('404 page not found\n');
  }
}

function normaliseEndpoint(endpoint: string): string {
  const withSlash = endpoint.startsWith('/') ? endpoint : `/${endpoint}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}
