/**
 * metav1 Status, the body the API server answers a failed (or some successful) request with, as
 * JSON on the wire (structurally a V1Status of @kubernetes/client-node), and the failures built as
 * kube-apiserver builds them (k8s.io/apimachinery pkg/api/errors): same reasons, codes, messages
 * and key order on the wire.
 */
import { goQuote } from './go-format.js';
import type { FieldCause } from './field-errors.js';

/** A metav1 StatusCause: every member optional on the wire. */
export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure' | 'Success';
  message?: string;
  reason?: string;
  details?: StatusDetails;
  code: number;
}

/** The parts of a failure: what {@link failureStatus} fills in around them. */
export type FailureParts = Pick<Status, 'message' | 'reason' | 'details' | 'code'>;

/** A group and plural resource name, e.g. `{ group: 'apps', resource: 'deployments' }`. */
export interface GroupResource {
  group: string;
  resource: string;
}

/** schema.GroupResource's String(): `<resource>.<group>`, or `<resource>` for the core group. */
export function qualifiedResource(gr: GroupResource): string {
  return gr.group === '' ? gr.resource : `${gr.resource}.${gr.group}`;
}

/** The Status with its keys in the order kube-apiserver writes them (TypeMeta first, code last). */
function orderedStatus(s: Status): Status {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: s.status,
    ...(s.message !== undefined ? { message: s.message } : {}),
    ...(s.reason !== undefined ? { reason: s.reason } : {}),
    ...(s.details !== undefined ? { details: s.details } : {}),
    code: s.code,
  };
}

/** StatusDetails as Go marshals it: every member omitempty. */
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

/** A Failure Status of these parts, as it goes on the wire (key order, empty details members left out). */
export function failureStatus(parts: FailureParts): Status {
  return orderedStatus({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: parts.message,
    reason: parts.reason,
    details: parts.details === undefined ? undefined : compactDetails(parts.details),
    code: parts.code,
  });
}

/**
 * What a registry answers a delete that is done at once: Success with the object's name, group,
 * resource and uid (its code, 0, left out as Go's omitempty does).
 */
export function deletedStatus(gr: GroupResource, name: string, uid: string | undefined): Omit<Status, 'code'> {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: compactDetails({ name, group: gr.group, kind: gr.resource, uid }) };
}

/** A failure with only a code, a reason and a message. */
export function errorStatus(code: number, reason: string, message: string): Status {
  return failureStatus({ message, reason, code });
}

/** NewNotFound. */
export function notFoundStatus(gr: GroupResource, name: string): Status {
  return failureStatus({ message: `${qualifiedResource(gr)} "${name}" not found`, reason: 'NotFound', details: { name, group: gr.group, kind: gr.resource }, code: 404 });
}

/** NewAlreadyExists. */
export function alreadyExistsStatus(gr: GroupResource, name: string): Status {
  return failureStatus({ message: `${qualifiedResource(gr)} "${name}" already exists`, reason: 'AlreadyExists', details: { name, group: gr.group, kind: gr.resource }, code: 409 });
}

/** OptimisticLockErrorMsg: the reason of a Conflict over a stale resourceVersion. */
export const OBJECT_MODIFIED = 'the object has been modified; please apply your changes to the latest version and try again';

/** NewConflict. */
export function conflictStatus(gr: GroupResource, name: string, reason: string = OBJECT_MODIFIED): Status {
  return failureStatus({
    message: `Operation cannot be fulfilled on ${qualifiedResource(gr)} "${name}": ${reason}`,
    reason: 'Conflict',
    details: { name, group: gr.group, kind: gr.resource },
    code: 409,
  });
}

/** NewBadRequest. */
export function badRequestStatus(message: string): Status {
  return errorStatus(400, 'BadRequest', message);
}

/** NewRequestEntityTooLargeError: 413, `Request entity too large: <detail>`. */
export function requestEntityTooLargeStatus(detail: string): Status {
  return errorStatus(413, 'RequestEntityTooLarge', `Request entity too large: ${detail}`);
}

/** NewMethodNotSupported. */
export function methodNotSupportedStatus(gr: GroupResource, action: string): Status {
  return failureStatus({
    message: `${action} is not supported on resources of kind "${qualifiedResource(gr)}"`,
    reason: 'MethodNotAllowed',
    details: { group: gr.group, kind: gr.resource },
    code: 405,
  });
}

/** NewUnsupportedMediaType: the media type sent is the cause. */
export function unsupportedMediaTypeStatus(contentType: string, accepted: readonly string[]): Status {
  return failureStatus({
    message: `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
    reason: 'UnsupportedMediaType',
    details: { causes: contentType ? [{ reason: 'UnsupportedMediaType', message: contentType }] : undefined },
    code: 415,
  });
}

/** NewForbidden: `<resource> "<name>" is forbidden: <detail>` (the name left out when empty). */
export function forbiddenStatus(gr: GroupResource, name: string, detail: string): Status {
  const subject = name ? `${qualifiedResource(gr)} "${name}"` : qualifiedResource(gr);
  return failureStatus({ message: `${subject} is forbidden: ${detail}`, reason: 'Forbidden', details: { name, group: gr.group, kind: gr.resource }, code: 403 });
}

/** What kube-apiserver answers a request that carries no valid credentials. */
export function unauthorizedStatus(): Status {
  return errorStatus(401, 'Unauthorized', 'Unauthorized');
}

/** NewResourceExpired: 410 with reason Expired (a watch or continue token too old). */
export function expiredStatus(message: string): Status {
  return errorStatus(410, 'Expired', message);
}

/** NewTooManyRequests. */
export function tooManyRequestsStatus(message = 'Too many requests, please try again later.', retryAfterSeconds = 1): Status {
  return failureStatus({ message, reason: 'TooManyRequests', details: { retryAfterSeconds }, code: 429 });
}

/** NewInternalError: 500, reason InternalError, `Internal error occurred: ...`, the detail as its cause. */
export function internalErrorStatus(detail: string): Status {
  return failureStatus({ message: `Internal error occurred: ${detail}`, reason: 'InternalError', details: { causes: [{ message: detail }] }, code: 500 });
}

/**
 * kube-apiserver's answer when admission webhook `hookName` denies a request (ToStatusErr): the
 * webhook's Status kept, its message prefixed, its code at least 400.
 */
export function webhookDeniedStatus(hookName: string, result: Partial<Status> | undefined): Status {
  const deniedBy = `admission webhook ${JSON.stringify(hookName)} denied the request`;
  const status: Status = { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', code: 400 };
  if (result?.message) status.message = `${deniedBy}: ${result.message}`;
  else if (result?.reason) status.message = `${deniedBy}: ${result.reason}`;
  else status.message = `${deniedBy} without explanation`;
  if (result?.reason) status.reason = result.reason;
  if (result?.details) status.details = result.details;
  if (typeof result?.code === 'number' && result.code >= 400) status.code = result.code;
  return orderedStatus(status);
}

/** What kube-apiserver answers a path nothing serves (NewGenericServerResponse for a 404). */
export function pageNotFoundStatus(path: string): Status {
  return failureStatus({
    message: 'the server could not find the requested resource',
    reason: 'NotFound',
    details: { causes: [{ reason: 'UnexpectedServerResponse', message: `404 page not found: ${path}` }] },
    code: 404,
  });
}

/** schema.GroupKind's String(): `<Kind>.<group>`, or `<Kind>` for the core group. */
export function qualifiedKind(kind: string, group: string): string {
  return group === '' ? kind : `${kind}.${group}`;
}

/**
 * apierrors.NewInvalid's message: `<Kind>.<group> <quoted name> is invalid: <aggregate>`, the
 * aggregate as field.ErrorList.ToAggregate makes it (each distinct `<field>: <body>` once, bracketed
 * when there are several); without errors, just `... is invalid`.
 */
export function invalidMessage(
  kind: string,
  group: string,
  name: string,
  errors: readonly { field: string; message: string }[],
  quote: (name: string) => string = goQuote,
): string {
  const distinct = [...new Set(errors.map((e) => `${e.field}: ${e.message}`))];
  const subject = `${qualifiedKind(kind, group)} ${quote(name)} is invalid`;
  if (distinct.length === 0) return subject;
  return distinct.length === 1 ? `${subject}: ${distinct[0]}` : `${subject}: [${distinct.join(', ')}]`;
}

/** The 422 Invalid Status apierrors.NewInvalid builds (as JSON, key order as the API server writes it). */
export interface InvalidStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: 'Invalid';
  details: {
    name: string;
    group?: string;
    kind: string;
    causes: FieldCause[];
  };
  code: 422;
}

/**
 * apierrors.NewInvalid: the 422 Invalid Status for these causes, its message as
 * {@link invalidMessage} makes it, the name quoted with `quote` (Go's `%q` unless given).
 * `details.group` is left out for the core group unless `keepEmptyGroup` (a webhook's denial keeps
 * it, as the runtime's Go JSON does).
 */
export function invalidStatus(
  kind: string,
  group: string,
  name: string,
  causes: readonly FieldCause[],
  options: { quote?: (name: string) => string; keepEmptyGroup?: boolean } = {},
): InvalidStatus {
  const details: InvalidStatus['details'] = {
    name,
    ...(group !== '' || options.keepEmptyGroup ? { group } : {}),
    kind,
    causes: causes.map((c) => ({ reason: c.reason, message: c.message, field: c.field })),
  };
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: invalidMessage(kind, group, name, causes, options.quote),
    reason: 'Invalid',
    details,
    code: 422,
  };
}

/** Any error carrying a metav1 Status (the test server's, the runtime's, a webhook's denial). */
export function statusOf(err: unknown): Status | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'object' && status !== null && (status as { kind?: unknown }).kind === 'Status') return status as Status;
  return undefined;
}
