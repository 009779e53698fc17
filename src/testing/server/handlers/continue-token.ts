import { StatusError } from '../../model/status.js';
import { badRequestStatus } from '../../../kube/status.js';
/**
 * The continue token of a paginated list, as kube-apiserver's storage writes and reads it:
 * `{"v":"meta.k8s.io/v1","rv":<revision>,"start":"<key>"}` in unpadded URL-safe base64; a token
 * that does not decode is refused in the storage layer's words (Go's base64 and JSON errors).
 */

export interface ContinueToken {
  rv: number;
  start: string;
}

export function encodeContinue(rv: number, start: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start })).toString('base64url');
}

/** Go's quoteChar of a byte in a JSON syntax error (`'x'`, `'\u0081'`). */
function quoteChar(byte: number): string {
  if (byte === 0x27) return `'\\''`;
  if (byte === 0x22) return `'"'`;
  if (byte >= 0x20 && byte < 0x7f) return `'${String.fromCharCode(byte)}'`;
  const named: Record<number, string> = { 0x07: '\\a', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v' };
  // A byte past ASCII is the rune of that value; Go quotes the ones it cannot print as \u.
  return `'${named[byte] ?? `\\u${byte.toString(16).padStart(4, '0')}`}'`;
}

/** Why Go's json.Unmarshal refuses `bytes` (the first check it fails), or undefined when they parse. */
function jsonError(bytes: Buffer): string | undefined {
  try {
    JSON.parse(bytes.toString('utf8'));
    return undefined;
  } catch {
    const first = bytes.findIndex((b) => b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d);
    if (first < 0) return 'unexpected end of JSON input';
    const b = bytes[first];
    if (!'{["-0123456789tfn'.includes(String.fromCharCode(b))) return `invalid character ${quoteChar(b)} looking for beginning of value`;
    return 'unexpected end of JSON input';
  }
}

function refused(reason: string): StatusError {
  return new StatusError(badRequestStatus(`invalid continue token: continue key is not valid: ${reason}`));
}

export function decodeContinue(token: string): ContinueToken {
  const bad = token.search(/[^A-Za-z0-9_-]/);
  if (bad >= 0 || token.length % 4 === 1) throw refused(`illegal base64 data at input byte ${bad >= 0 ? bad : token.length - 1}`);
  const bytes = Buffer.from(token, 'base64url');
  const error = jsonError(bytes);
  if (error) throw refused(error);
  const parsed = JSON.parse(bytes.toString('utf8')) as { v?: unknown; rv?: unknown; start?: unknown };
  if (parsed.v !== 'meta.k8s.io/v1') throw refused(`server does not recognize this encoded version ${JSON.stringify(typeof parsed.v === 'string' ? parsed.v : JSON.stringify(parsed.v ?? ''))}`);
  if (typeof parsed.rv !== 'number' || parsed.rv === 0) throw refused('incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  if (typeof parsed.start !== 'string' || parsed.start === '') throw refused('encoded start key empty (version meta.k8s.io/v1)');
  return { rv: parsed.rv, start: parsed.start };
}
