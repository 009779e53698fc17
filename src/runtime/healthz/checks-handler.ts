import type { IncomingMessage, ServerResponse } from 'node:http';
import { ping, type Checker } from './checker.js';

interface CheckStatus {
  name: string;
  healthy: boolean;
  excluded: boolean;
}

/**
 * Serves a set of named checks under one endpoint, as controller-runtime's healthz.Handler does:
 * - `<endpoint>` runs all checks: 200 `ok`, or 500 listing each check as `[+]name ok` /
 *   `[-]name failed: reason withheld` (errors are not shown on the public endpoint);
 *   `?verbose` lists the checks on success too, `?exclude=<name>` skips a check;
 * - `<endpoint>/<name>` runs one check: 200 `ok`, or 500 `internal server error: <error>`.
 * With no checks added, `ping` stands in.
 */
export class ChecksHandler {
  readonly #checks = new Map<string, Checker>();

  constructor(readonly endpoint: string) {}

  add(name: string, check: Checker): void {
    if (name === '' || name.includes('/')) throw new Error(`health check name "${name}" must be non-empty and contain no "/"`);
    if (this.#checks.has(name)) throw new Error(`a check named "${name}" is already added to ${this.endpoint}`);
    this.#checks.set(name, check);
  }

  /** Whether this handler answers the given request path. */
  matches(path: string): boolean {
    return path === this.endpoint || path.startsWith(`${this.endpoint}/`);
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const rest = url.pathname.slice(this.endpoint.length).replace(/^\/+|\/+$/g, '');
    if (rest === '') {
      await this.#serveAggregated(req, res, url);
      return;
    }
    const check = this.#checks.get(rest) ?? (this.#checks.size === 0 && rest === 'ping' ? ping : undefined);
    if (!check) {
      writeText(res, 404, '404 page not found\n');
      return;
    }
    try {
      await check(req);
      writeText(res, 200, 'ok');
    } catch (err) {
      writeText(res, 500, `internal server error: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  }

  async #serveAggregated(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const excluded = new Set(url.searchParams.getAll('exclude'));
    const checks = this.#checks.size === 0 ? new Map([['ping', ping]]) : this.#checks;
    const statuses: CheckStatus[] = await Promise.all(
      [...checks].map(async ([name, check]): Promise<CheckStatus> => {
        if (excluded.delete(name)) return { name, healthy: true, excluded: true };
        try {
          await check(req);
          return { name, healthy: true, excluded: false };
        } catch {
          return { name, healthy: false, excluded: false };
        }
      }),
    );
    statuses.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const failed = statuses.some((s) => !s.healthy);
    const status = failed ? 500 : 200;
    if (!failed && !url.searchParams.has('verbose')) {
      writeText(res, status, 'ok');
      return;
    }
    const lines = statuses.map((s) =>
      s.excluded ? `[+]${s.name} excluded: ok` : s.healthy ? `[+]${s.name} ok` : `[-]${s.name} failed: reason withheld`,
    );
    if (excluded.size > 0) {
      lines.push(`warn: some health checks cannot be excluded: no matches for ${[...excluded].map((n) => JSON.stringify(n)).join(',')}`);
    }
    lines.push(failed ? 'healthz check failed' : 'healthz check passed');
    writeText(res, status, `${lines.join('\n')}\n`);
  }
}

function writeText(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}
