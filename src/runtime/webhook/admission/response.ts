// fast-json-patch is CommonJS: Node gives ESM importers only its default export.
import jsonPatch from 'fast-json-patch';
import { ApiError } from '../../client/errors.js';
import type { Warnings } from './types.js';
import type { AdmissionResponse, AdmissionStatus } from '../../../kube/admission-review.js';
import { ValidationError } from './field-errors.js';

export type Answer = Omit<AdmissionResponse, 'uid'>;

/** Allowed, with an optional message. */
export function allowed(message = '', warnings?: Warnings): Answer {
  const status: AdmissionStatus = { metadata: {}, code: 200 };
  if (message !== '') status.message = message;
  return withWarnings({ allowed: true, status }, warnings);
}

/** Denied with 403 Forbidden and the message. */
export function denied(message: string, warnings?: Warnings): Answer {
  const status: AdmissionStatus = { metadata: {}, code: 403, reason: 'Forbidden' };
  if (message !== '') status.message = message;
  return withWarnings({ allowed: false, status }, warnings);
}

/** Not allowed because the request could not be handled (400 malformed, 500 internal...). */
export function errored(code: number, message: string): Answer {
  return { allowed: false, status: { metadata: {}, code, message } };
}

/** Allowed, with the JSON patch from `original` to `modified` (no patch when they are equal). */
export function patchedFromObjects(original: unknown, modified: unknown, warnings?: Warnings): Answer {
  const operations = jsonPatch.compare(toPatchable(original), toPatchable(modified));
  if (operations.length === 0) return withWarnings({ allowed: true }, warnings);
  return withWarnings(
    { allowed: true, patch: Buffer.from(JSON.stringify(operations)).toString('base64'), patchType: 'JSONPatch' },
    warnings,
  );
}

/** The answer for a thrown error: field errors as 422 Invalid, API errors with their status, the rest 403. */
export function deniedFromError(thrown: unknown, warnings?: Warnings): Answer {
  const err = statusErrorIn(thrown) ?? thrown;
  if (err instanceof ValidationError) return withWarnings({ allowed: false, status: err.status }, [...(warnings ?? []), ...err.warnings]);
  if (err instanceof ApiError) {
    const { kind: _k, apiVersion: _a, ...status } = err.status;
    return withWarnings({ allowed: false, status: { metadata: {}, ...status, code: err.code } as AdmissionStatus }, warnings);
  }
  return denied(err instanceof Error ? err.message : String(err), warnings);
}

/** The first ValidationError or ApiError in `err` or along its causes (Go's errors.As for an APIStatus). */
function statusErrorIn(err: unknown): ValidationError | ApiError | undefined {
  const seen = new Set<unknown>();
  for (let e = err; typeof e === 'object' && e !== null && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    if (e instanceof ValidationError || e instanceof ApiError) return e;
    seen.add(e);
  }
  return undefined;
}

function withWarnings(answer: Answer, warnings: Warnings | undefined): Answer {
  if (warnings && warnings.length > 0) answer.warnings = [...warnings];
  return answer;
}

/** JSON form of a value, so Dates and undefined fields compare as they would be sent. */
function toPatchable(value: unknown): object {
  const json: unknown = JSON.parse(JSON.stringify(value ?? {}));
  return typeof json === 'object' && json !== null ? json : {};
}
