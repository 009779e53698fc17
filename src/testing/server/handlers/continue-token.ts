import { StatusError } from '../../model/status.js';
import { badRequestStatus } from '../../../kube/status.js';
/**
 * The continue token of a paginated list, as kube-apiserver's storage writes and reads it:
 * `{"v":"meta.k8s.io/v1","rv":<revision>,"start":"<key>"}` in unpadded URL-safe base64; a token
 * that does not decode is refused in the storage layer's words (Go's base64 and JSON errors).
 */
import { goJsonSyntaxError } from '../../../kube/go-json-syntax.js';

export interface ContinueToken {
  rv: number;
  start: string;
}

export function encodeContinue(rv: number, start: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start })).toString('base64url');
}

function refused(reason: string): StatusError {
  return new StatusError(badRequestStatus(`invalid continue token: continue key is not valid: ${reason}`));
}

export function decodeContinue(token: string): ContinueToken {
  const bad = token.search(/[^A-Za-z0-9_-]/);
  if (bad >= 0 || token.length % 4 === 1) throw refused(`illegal base64 data at input byte ${bad >= 0 ? bad : token.length - 1}`);
  const bytes = Buffer.from(token, 'base64url');
  const error = goJsonSyntaxError(bytes);
  if (error) throw refused(error);
  const parsed = JSON.parse(bytes.toString('utf8')) as { v?: unknown; rv?: unknown; start?: unknown };
  if (parsed.v !== 'meta.k8s.io/v1') throw refused(`server does not recognize this encoded version ${JSON.stringify(typeof parsed.v === 'string' ? parsed.v : JSON.stringify(parsed.v ?? ''))}`);
  if (typeof parsed.rv !== 'number' || parsed.rv === 0) throw refused('incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  if (typeof parsed.start !== 'string' || parsed.start === '') throw refused('encoded start key empty (version meta.k8s.io/v1)');
  return { rv: parsed.rv, start: parsed.start };
}
