/**
 * metav1.Status failures, built as kube-apiserver builds them (k8s.io/apimachinery
 * pkg/api/errors): same reasons, codes, messages and field order on the wire.
 */

import { duplicate, fieldError, invalid as invalidCause, invalidMessage, notSupported, required, type FieldCause } from '../../kube/field-errors.js';
import type { Status, StatusDetails } from '../../kube/status.js';

/** A group and plural resource name, e.g. `{ group: 'apps', resource: 'deployments' }`. */
export interface GroupResource {
  group: string;
  resource: string;
}

export function qualifiedResource(gr: GroupResource): string {
  return gr.group === '' ? gr.resource : `${gr.resource}.${gr.group}`;
}

/** An error that the server answers with its Status body. */
export class StatusError extends Error {
  readonly status: Status;
  /** The Retry-After header to send, 0 included (the body's details.retryAfterSeconds omits 0, as Go's omitempty). */
  readonly retryAfterSeconds: number | undefined;
  /** Takes the parts of a failure, or a whole Status body built elsewhere (schema, admission). */
  constructor(status: Omit<Status, 'kind' | 'apiVersion' | 'metadata' | 'status'> | Status) {
    super(status.message ?? status.reason ?? `status ${status.code}`);
    // Key order matters only to people reading bodies; keep kube-apiserver's.
    const body: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure' } as Status;
    if (status.message !== undefined) body.message = status.message;
    if (status.reason !== undefined) body.reason = status.reason;
    if (status.details !== undefined) body.details = compactDetails(status.details);
    body.code = status.code;
    this.status = body;
    this.retryAfterSeconds = status.details?.retryAfterSeconds;
  }
  get code(): number {
    return this.status.code;
  }
}

function compactDetails(details: StatusDetails): StatusDetails {
  const out: StatusDetails = {};
  if (details.name) out.name = details.name;
  if (details.group) out.group = details.group;
  if (details.kind) out.kind = details.kind;
  if (details.uid) out.uid = details.uid;
  if (details.causes && details.causes.length > 0) out.causes = details.causes;
  if (details.retryAfterSeconds) out.retryAfterSeconds = details.retryAfterSeconds;
  return out;
}

export function notFound(gr: GroupResource, name: string): StatusError {
  return new StatusError({
    message: `${qualifiedResource(gr)} "${name}" not found`,
    reason: 'NotFound',
    details: { name, group: gr.group, kind: gr.resource },
    code: 404,
  });
}

export function alreadyExists(gr: GroupResource, name: string): StatusError {
  return new StatusError({
    message: `${qualifiedResource(gr)} "${name}" already exists`,
    reason: 'AlreadyExists',
    details: { name, group: gr.group, kind: gr.resource },
    code: 409,
  });
}

export const OBJECT_MODIFIED = 'the object has been modified; please apply your changes to the latest version and try again';

export function conflict(gr: GroupResource, name: string, reason: string = OBJECT_MODIFIED): StatusError {
  return new StatusError({
    message: `Operation cannot be fulfilled on ${qualifiedResource(gr)} "${name}": ${reason}`,
    reason: 'Conflict',
    details: { name, group: gr.group, kind: gr.resource },
    code: 409,
  });
}

/** 422 Invalid: `<Kind>.<group> "<name>" is invalid: <field>: <body>` (bracketed when several) with a cause per error. */
export function invalid(kind: string, group: string, name: string, errors: FieldCause[]): StatusError {
  // Without errors this message ends in `: []` (kube-apiserver's would end at `is invalid`); every caller passes some.
  const message = errors.length === 0 ? `${invalidMessage(kind, group, name, [])}: []` : invalidMessage(kind, group, name, errors);
  return new StatusError({
    message,
    reason: 'Invalid',
    details: { name, group, kind, causes: errors.map((e) => ({ reason: e.reason, message: e.message, field: e.field })) },
    code: 422,
  });
}

/**
 * The server's field errors are kube's builders (src/kube/field-errors.ts); its callers pass an
 * object where kube-apiserver's code passes the object's JSON text, which prints quoted.
 */
const asPrinted = (value: unknown): unknown => (value !== null && typeof value === 'object' ? JSON.stringify(value) : (value ?? null));

export const requiredField = (field: string, detail: string): FieldCause => required(field, detail);
export const invalidField = (field: string, value: unknown, detail: string): FieldCause => invalidCause(field, asPrinted(value), detail);
export const duplicateField = (field: string, value: unknown): FieldCause => duplicate(field, asPrinted(value));
export const notFoundField = (field: string, value: unknown): FieldCause => fieldError('FieldValueNotFound', field, asPrinted(value), '');
/** field.NotSupported: the supported values quoted, in the order given. */
export const notSupportedField = (field: string, value: unknown, supported: readonly string[]): FieldCause =>
  notSupported(field, asPrinted(value), supported);

/** `Forbidden: <detail>`, the colon kept even for an empty detail (unlike field.Forbidden). */
export function forbiddenField(field: string, detail: string): FieldCause {
  return { reason: 'FieldValueForbidden', field, message: `Forbidden: ${detail}` };
}

export function badRequest(message: string): StatusError {
  return new StatusError({ message, reason: 'BadRequest', code: 400 });
}

export function methodNotSupported(gr: GroupResource, action: string): StatusError {
  return new StatusError({
    message: `${action} is not supported on resources of kind "${qualifiedResource(gr)}"`,
    reason: 'MethodNotAllowed',
    details: { group: gr.group, kind: gr.resource },
    code: 405,
  });
}

export function unsupportedMediaType(contentType: string, accepted: string[]): StatusError {
  return new StatusError({
    message: `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
    reason: 'UnsupportedMediaType',
    details: { causes: contentType ? [{ reason: 'UnsupportedMediaType', message: contentType }] : undefined },
    code: 415,
  });
}

export function forbidden(gr: GroupResource, name: string, detail: string): StatusError {
  const subject = name ? `${qualifiedResource(gr)} "${name}"` : qualifiedResource(gr);
  return new StatusError({
    message: `${subject} is forbidden: ${detail}`,
    reason: 'Forbidden',
    details: { name, group: gr.group, kind: gr.resource },
    code: 403,
  });
}

/** What kube-apiserver answers a request that carries no valid credentials. */
export function unauthorized(): StatusError {
  return new StatusError({ message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
}

export function gone(message: string): StatusError {
  return new StatusError({ message, reason: 'Expired', code: 410 });
}

export function tooManyRequests(message = 'Too many requests, please try again later.', retryAfterSeconds = 1): StatusError {
  return new StatusError({ message, reason: 'TooManyRequests', details: { retryAfterSeconds }, code: 429 });
}

export function internalError(message: string): StatusError {
  return new StatusError({
    message: `Internal error occurred: ${message}`,
    reason: 'InternalError',
    details: { causes: [{ message }] },
    code: 500,
  });
}

/**
 * A path no handler serves. kube-apiserver answers it with Go's http.NotFound, the plain text
 * {@link PAGE_NOT_FOUND_TEXT} (which clients turn into a NotFound); `status` is that NotFound as
 * client-go words it, for callers inside the server.
 */
export class PageNotFoundError extends StatusError {}

export const PAGE_NOT_FOUND_TEXT = '404 page not found\n';

export function pageNotFound(path: string): StatusError {
  return new PageNotFoundError({ message: `the server could not find the requested resource`, reason: 'NotFound', details: { causes: [{ reason: 'UnexpectedServerResponse', message: `404 page not found: ${path}` }] }, code: 404 });
}

/** Any error carrying a metav1 Status (ours, or the schema and admission modules' own). */
export function statusOf(err: unknown): Status | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'object' && status !== null && (status as { kind?: unknown }).kind === 'Status') return status as Status;
  return undefined;
}
