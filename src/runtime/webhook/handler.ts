import type { IncomingMessage, ServerResponse } from 'node:http';

/** Serves one webhook path. */
export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Anything the webhook server can register: a function, or an object serving HTTP (admission and conversion webhooks). */
export type WebhookEndpoint = HttpHandler | { serveHTTP: HttpHandler };

export function asHttpHandler(endpoint: WebhookEndpoint): HttpHandler {
  return typeof endpoint === 'function' ? endpoint : (req, res) => endpoint.serveHTTP(req, res);
}
