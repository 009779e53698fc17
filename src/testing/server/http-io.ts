/** Reading request bodies and writing JSON and Status responses. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, statusOf, internalError } from '../api/status.js';
import type { Status } from '../../kube/status.js';
import { parseYaml } from '../yaml.js';

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Parses a JSON body (or YAML for apply patches, which kubectl may send). */
export function parseBody(text: string, contentType: string): unknown {
  if (text.trim() === '') throw badRequest('the body of the request was empty');
  try {
    // Apply patches may be YAML; clients mostly send JSON, which is YAML too and parses faster as JSON.
    if (contentType.includes('yaml') && !/^\s*[{[]/.test(text)) return parseYaml(text);
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw badRequest(`the body of the request could not be decoded: ${(err as Error).message}`);
  }
}

export function writeJSON(res: ServerResponse, code: number, body: unknown, warnings: string[] = [], contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string | string[]> = {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-cache, private',
  };
  // RFC 7234 warning headers, as the API server sends admission warnings.
  if (warnings.length > 0) headers.Warning = warnings.map((w) => `299 - ${JSON.stringify(w)}`);
  res.writeHead(code, headers);
  res.end(text);
}

export function errorToStatus(err: unknown): Status {
  const status = statusOf(err);
  if (status) return status;
  return internalError(err instanceof Error ? err.message : String(err)).status;
}

export function writeError(res: ServerResponse, err: unknown): void {
  const status = errorToStatus(err);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const extra: Record<string, string> = {};
  const retry = status.details?.retryAfterSeconds;
  if (retry) extra['Retry-After'] = String(retry);
  const text = JSON.stringify(status);
  res.writeHead(status.code, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...extra });
  res.end(text);
}
