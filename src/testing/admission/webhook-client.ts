/**
 * POSTs a review to a webhook over HTTPS as kube-apiserver's REST client does, and describes
 * failures in Go's words (`Post "<url>": dial tcp ...: connect: connection refused`,
 * `context deadline exceeded`, `x509: certificate signed by unknown authority`), since those
 * texts reach the user inside the API server's error Status.
 */
import { request } from 'node:https';
import type { WebhookClientConfig, ServiceResolver } from './types.js';

export class WebhookCallError extends Error {
  override readonly name = 'WebhookCallError';
}

export interface PostOptions {
  caBundle?: string;
  insecureSkipTLSVerify?: boolean;
  timeoutSeconds: number;
  /** Whether the URL carries `?timeout=<n>s` (admission calls do; conversion calls do not). */
  timeoutInQuery?: boolean;
}

/** The URL a client config points at; a service reference goes through the resolver. */
export function webhookURL(config: WebhookClientConfig, resolveService: ServiceResolver): string {
  if (config.url) return config.url;
  if (config.service) {
    const { namespace, name, port, path } = config.service;
    const base = resolveService(namespace, name, port ?? 443).replace(/\/+$/, '');
    return base + (path ?? '');
  }
  throw new WebhookCallError('webhook has neither url nor service in clientConfig');
}

function goNetError(err: NodeJS.ErrnoException, url: URL): string {
  const hostPort = `${url.hostname}:${url.port || '443'}`;
  switch (err.code) {
    case 'ECONNREFUSED':
      return `dial tcp ${hostPort}: connect: connection refused`;
    case 'ENOTFOUND':
      return `dial tcp: lookup ${url.hostname}: no such host`;
    case 'ECONNRESET':
      return `read tcp ${hostPort}: read: connection reset by peer`;
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `tls: failed to verify certificate: x509: certificate is valid for other names, not ${url.hostname}`;
    case 'CERT_HAS_EXPIRED':
      return 'tls: failed to verify certificate: x509: certificate has expired or is not yet valid';
    default:
      return err.message;
  }
}

/** What Go's REST client says of an error response without a Status body (NewGenericServerResponse). */
function genericServerMessage(code: number, body: string): string {
  switch (code) {
    case 400:
      return 'the server rejected our request for an unknown reason';
    case 401:
      return 'the server has asked for the client to provide credentials';
    case 403:
    case 415:
      return body;
    case 404:
      return 'the server could not find the requested resource';
    case 405:
      return 'the server does not allow this method on the requested resource';
    case 409:
      return 'the server reported a conflict';
    case 422:
      return 'the server rejected our request due to an error in our request';
    case 429:
      return 'the server has received too many requests and has asked us to try again later';
    case 503:
      return 'the server is currently unable to handle the request';
    case 504:
      return 'the server was unable to return a response in the time allotted, but may still be processing the request';
    default:
      return code >= 500
        ? `an error on the server (${JSON.stringify(body)}) has prevented the request from succeeding`
        : `the server responded with the status code ${code} but did not return more information`;
  }
}

/** POSTs `body` as JSON and returns the decoded JSON answer of a 2xx response. */
export function postJSON(target: string, body: unknown, options: PostOptions): Promise<unknown> {
  const url = new URL(target);
  // kube-apiserver passes its client timeout to admission webhooks as a query parameter.
  if (options.timeoutInQuery ?? true) url.searchParams.set('timeout', `${options.timeoutSeconds}s`);
  const shown = url.toString();
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const fail = (detail: string) => reject(new WebhookCallError(`Post ${JSON.stringify(shown)}: ${detail}`));
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'content-length': payload.length },
        ...(options.caBundle ? { ca: Buffer.from(options.caBundle, 'base64').toString('utf8') } : {}),
        rejectUnauthorized: !options.insecureSkipTLSVerify,
        signal: AbortSignal.timeout(options.timeoutSeconds * 1000),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => fail(err.message));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299) {
            let message: string | undefined;
            try {
              const parsed = JSON.parse(text) as { kind?: string; message?: string };
              if (parsed.kind === 'Status' && parsed.message) message = parsed.message;
            } catch {
              // not a Status body
            }
            reject(new WebhookCallError(message ?? genericServerMessage(status, text.trim())));
            return;
          }
          try {
            resolve(JSON.parse(text));
          } catch (err) {
            reject(new WebhookCallError(`couldn't get version/kind; json parse error: ${(err as Error).message}`));
          }
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.name === 'AbortError' || err.name === 'TimeoutError' || err.code === 'ABORT_ERR') fail('context deadline exceeded');
      else fail(goNetError(err, url));
    });
    req.end(payload);
  });
}
