/**
 * Errors from the API server, carrying its `Status` answer so that callers can test the reason
 * as controller-runtime's `apierrors.IsNotFound(err)` does.
 */
import { ApiException } from '@kubernetes/client-node';

/** The `Status` object the API server returns with a failure. */
export interface StatusBody {
  kind?: 'Status';
  apiVersion?: string;
  status?: string;
  message?: string;
  reason?: string;
  code?: number;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    uid?: string;
    retryAfterSeconds?: number;
    causes?: { type?: string; message?: string; field?: string }[];
  };
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status code (0 when the request never got an answer). */
  readonly code: number;
  /** The API's StatusReason (`NotFound`, `Conflict`, `AlreadyExists`, `Invalid`, `Expired`, ...). */
  readonly reason: string;
  readonly status: StatusBody;

  constructor(code: number, status: StatusBody, context?: string) {
    const message = status.message ?? `HTTP ${code}`;
    super(context ? `${context}: ${message}` : message);
    this.code = code;
    this.status = status;
    this.reason = status.reason ?? reasonForCode(code);
  }

  /** Seconds the server asked us to wait (429/5xx with Retry-After or details.retryAfterSeconds). */
  get retryAfterSeconds(): number | undefined {
    return this.status.details?.retryAfterSeconds;
  }
}

function reasonForCode(code: number): string {
  switch (code) {
    case 400: return 'BadRequest';
    case 401: return 'Unauthorized';
    case 403: return 'Forbidden';
    case 404: return 'NotFound';
    case 405: return 'MethodNotAllowed';
    case 406: return 'NotAcceptable';
    case 409: return 'Conflict';
    case 410: return 'Expired';
    case 413: return 'RequestEntityTooLarge';
    case 415: return 'UnsupportedMediaType';
    case 422: return 'Invalid';
    case 429: return 'TooManyRequests';
    case 500: return 'InternalError';
    case 503: return 'ServiceUnavailable';
    case 504: return 'Timeout';
    default: return 'Unknown';
  }
}

/** The reasons the API defines (apimachinery's knownReasons): a code fallback applies only to others. */
const KNOWN_REASONS: ReadonlySet<string> = new Set([
  'Unauthorized', 'Forbidden', 'NotFound', 'AlreadyExists', 'Conflict', 'Gone', 'Invalid', 'ServerTimeout',
  'StoreReadError', 'Timeout', 'TooManyRequests', 'BadRequest', 'MethodNotAllowed', 'NotAcceptable',
  'RequestEntityTooLarge', 'UnsupportedMediaType', 'InternalError', 'Expired', 'ServiceUnavailable',
]);

/** The Status reason as sent (empty when none) and the HTTP code of an API error. */
interface ReasonAndCode {
  reason: string;
  code: number;
}

/** The Status an @kubernetes/client-node ApiException carries in its body (a JSON string or an object). */
function statusOfException(body: unknown): StatusBody {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null ? value : {};
}

function ownReasonAndCode(err: unknown): ReasonAndCode | undefined {
  if (err instanceof ApiError) return { reason: err.status.reason ?? '', code: err.code };
  if (err instanceof ApiException) {
    const status = statusOfException(err.body);
    return { reason: typeof status.reason === 'string' ? status.reason : '', code: err.code };
  }
  return undefined;
}

/**
 * The first API error found in `err` or along its chain of causes (`new Error(msg, { cause })`),
 * as Go's errors.As finds an APIStatus in a wrapped error: one of ours (ApiError) or the
 * ApiException that @kubernetes/client-node's generated API classes throw.
 */
function reasonAndCode(err: unknown): ReasonAndCode | undefined {
  const seen = new Set<unknown>();
  for (let e = err; e !== null && e !== undefined && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const found = ownReasonAndCode(e);
    if (found) return found;
    if (typeof e !== 'object') return undefined;
  }
  return undefined;
}

/** `reason`, or `code` with a reason the API does not define (apierrors' rule for most IsXxx). */
function matches(err: unknown, reason: string, code: number): boolean {
  const rc = reasonAndCode(err);
  if (!rc) return false;
  return rc.reason === reason || (!KNOWN_REASONS.has(rc.reason) && rc.code === code);
}

/**
 * The helpers below answer as apimachinery's apierrors.IsXxx: they look through wrapping causes,
 * accept our ApiError and client-node's ApiException, and fall back to the HTTP code when the
 * Status carries no reason or one the API does not define.
 */
export const isNotFound = (err: unknown): boolean => matches(err, 'NotFound', 404);
/** An update with a stale resourceVersion (or a create/apply field conflict). */
export const isConflict = (err: unknown): boolean => matches(err, 'Conflict', 409);
/** Only by reason: a 409 without it is a conflict. */
export const isAlreadyExists = (err: unknown): boolean => reasonAndCode(err)?.reason === 'AlreadyExists';
export const isInvalid = (err: unknown): boolean => matches(err, 'Invalid', 422);
export const isForbidden = (err: unknown): boolean => matches(err, 'Forbidden', 403);
export const isUnauthorized = (err: unknown): boolean => matches(err, 'Unauthorized', 401);
export const isBadRequest = (err: unknown): boolean => matches(err, 'BadRequest', 400);
export const isMethodNotSupported = (err: unknown): boolean => matches(err, 'MethodNotAllowed', 405);
export const isInternalError = (err: unknown): boolean => matches(err, 'InternalError', 500);
export const isServiceUnavailable = (err: unknown): boolean => matches(err, 'ServiceUnavailable', 503);
/** The server gave up waiting (504 Timeout). */
export const isTimeout = (err: unknown): boolean => matches(err, 'Timeout', 504);
/** The server could not finish in time and asks to retry (reason ServerTimeout). */
export const isServerTimeout = (err: unknown): boolean => reasonAndCode(err)?.reason === 'ServerTimeout';
/** The resourceVersion asked for is too old: 410 Gone, or reason Expired or Gone. */
export const isGone = (err: unknown): boolean => {
  const rc = reasonAndCode(err);
  return rc !== undefined && (rc.code === 410 || rc.reason === 'Expired' || rc.reason === 'Gone');
};
/** Reason Expired only (apierrors.IsResourceExpired). */
export const isResourceExpired = (err: unknown): boolean => reasonAndCode(err)?.reason === 'Expired';
/** Reason TooManyRequests or code 429, whatever the reason (as apierrors keeps it). */
export const isTooManyRequests = (err: unknown): boolean => {
  const rc = reasonAndCode(err);
  return rc !== undefined && (rc.reason === 'TooManyRequests' || rc.code === 429);
};
/** Reason RequestEntityTooLarge or code 413, whatever the reason. */
export const isRequestEntityTooLarge = (err: unknown): boolean => {
  const rc = reasonAndCode(err);
  return rc !== undefined && (rc.reason === 'RequestEntityTooLarge' || rc.code === 413);
};

/**
 * Swallows not-found errors and rethrows everything else, so it works both as
 * `await client.get(...).catch(ignoreNotFound)` (undefined when absent) and inside a `catch` block.
 */
export function ignoreNotFound(err: unknown): undefined {
  if (isNotFound(err)) return undefined;
  throw err;
}

/** As `ignoreNotFound`, for creates that may race with another writer. */
export function ignoreAlreadyExists(err: unknown): undefined {
  if (isAlreadyExists(err)) return undefined;
  throw err;
}
