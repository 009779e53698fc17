/** Reading request bodies and writing JSON and Status responses. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PAGE_NOT_FOUND_TEXT, PageNotFoundError, StatusError } from '../../model/status.js';
import { badRequestStatus, requestEntityTooLargeStatus, internalErrorStatus, statusOf, type Status } from '../../../kube/status.js';
import { YamlSyntaxError } from '../../yaml.js';
import { jsonBody, yamlBody, type ParsedBody } from './duplicate-keys.js';
import { nestingDepthError } from '../../../kube/json-nesting.js';
import { goJsonSyntaxError } from '../../../kube/go-json-syntax.js';

/**
 * kube-apiserver's MaxRequestBodyBytes (genericapiserver's default, 3 MiB): larger bodies are
 * refused with 413 RequestEntityTooLarge before they are decoded.
 */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

export function requestEntityTooLarge(limit: number): StatusError {
  return new StatusError(requestEntityTooLargeStatus(`limit is ${limit}`));
}

/**
 * The request body, refused with 413 once it is larger than `limit` (by Content-Length up front,
 * or while reading). The rest of a refused body is read and dropped, so the client gets the answer.
 */
export function readBody(req: IncomingMessage, limit = MAX_REQUEST_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const refuse = () => {
      req.removeAllListeners('data');
      req.resume();
      reject(requestEntityTooLarge(limit));
    };
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      refuse();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) refuse();
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The YAML parser's own report of running out of stack: what it makes of flow collections nested about 1,000 deep. */
const YAML_STACK_EXHAUSTED = 'Maximum call stack size exceeded';

/**
 * Parses a JSON body (or YAML for apply patches, which kubectl may send), with the keys it names
 * twice. Bodies nested deeper than MAX_JSON_NESTING_DEPTH are refused with 400 and Go's decoder
 * message, as kube-apiserver refuses them, before anything walks them. `expectedKind` (creates and
 * updates) words a JSON body that does not parse as kube-apiserver's object decoder does.
 */
export function parseBody(text: string, contentType: string, expectedKind?: string): ParsedBody {
  if (text.trim() === '') throw new StatusError(badRequestStatus('the body of the request was empty'));
  let yaml: ParsedBody | undefined;
  let value: unknown;
  try {
    // Apply patches may be YAML; clients mostly send JSON, which is YAML too and parses faster as JSON.
    if (contentType.includes('yaml') && !/^\s*[{[]/.test(text)) value = (yaml = yamlBody(text)).value;
    else value = JSON.parse(text) as unknown;
  } catch (err) {
    if (err instanceof YamlSyntaxError && err.reason === YAML_STACK_EXHAUSTED) throw tooDeep(`invalid character '[' exceeded max depth`);
    if (expectedKind !== undefined && !yaml && !contentType.includes('yaml')) throw unrecognizedObject(expectedKind, Buffer.from(text));
    throw new StatusError(badRequestStatus(`the body of the request could not be decoded: ${(err as Error).message}`));
  }
  const depthError = nestingDepthError(value);
  if (depthError) throw tooDeep(depthError);
  return yaml ?? jsonBody(text, value);
}

/**
 * kube-apiserver's answer to a create or update whose JSON body does not parse: its serializer
 * cannot read the apiVersion and kind (Go's JSON error), and the handler names the kind it expected
 * and the start of the body (30 bytes: as text when it starts with '{', else in hex).
 */
function unrecognizedObject(kind: string, body: Buffer): StatusError {
  const start = body.subarray(0, 30);
  const more = body.length > 30 ? ' ...' : '';
  const summary = body.length === 0 ? '<empty>' : body[0] === 0x7b ? `${start.toString('utf8')}${more}` : `${start.toString('hex')}${more}`;
  const reason = goJsonSyntaxError(body) ?? 'unexpected end of JSON input';
  return new StatusError(badRequestStatus(`the object provided is unrecognized (must be of type ${kind}): couldn't get version/kind; json parse error: ${reason} (${summary})`));
}

function tooDeep(decoderError: string): StatusError {
  return new StatusError(badRequestStatus(`the body of the request could not be decoded: ${decoderError}`));
}

/** RFC 7234 warning headers, as the API server sends admission and validation warnings. */
function warningHeaders(warnings: string[]): string[] {
  return warnings.map((w) => `299 - ${JSON.stringify(w)}`);
}

export function writeJSON(res: ServerResponse, code: number, body: unknown, warnings: string[] = [], contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string | string[]> = {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-cache, private',
  };
  if (warnings.length > 0) headers.Warning = warningHeaders(warnings);
  res.writeHead(code, headers);
  res.end(text);
}

export function errorToStatus(err: unknown): Status {
  const status = statusOf(err);
  if (status) return status;
  return new StatusError(internalErrorStatus(err instanceof Error ? err.message : String(err))).status;
}

/** An error's Status; `warnings` gathered before the request failed go with it, as kube-apiserver sends them. */
export function writeError(res: ServerResponse, err: unknown, warnings: string[] = []): void {
  const status = errorToStatus(err);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof PageNotFoundError) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Length': String(PAGE_NOT_FOUND_TEXT.length) });
    res.end(PAGE_NOT_FOUND_TEXT);
    return;
  }
  const extra: Record<string, string | string[]> = {};
  const retry = err instanceof StatusError ? err.retryAfterSeconds : status.details?.retryAfterSeconds;
  if (retry !== undefined) extra['Retry-After'] = String(retry);
  if (warnings.length > 0) extra.Warning = warningHeaders(warnings);
  const text = JSON.stringify(status);
  res.writeHead(status.code, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...extra });
  res.end(text);
}
