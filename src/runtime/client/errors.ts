/**
 * Errors from the API server, carrying its `Status` answer so that callers can test the reason
 * as controller-runtime's `apierrors.IsNotFound(err)` does.
 */

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

function reasonOf(err: unknown): string | undefined {
  return err instanceof ApiError ? err.reason : undefined;
}

export const isNotFound = (err: unknown): boolean => reasonOf(err) === 'NotFound';
/** An update with a stale resourceVersion (or a create/apply field conflict). */
export const isConflict = (err: unknown): boolean => reasonOf(err) === 'Conflict';
export const isAlreadyExists = (err: unknown): boolean => reasonOf(err) === 'AlreadyExists';
export const isInvalid = (err: unknown): boolean => reasonOf(err) === 'Invalid';
export const isForbidden = (err: unknown): boolean => reasonOf(err) === 'Forbidden';
/** The resourceVersion asked for is too old (410 Gone). */
export const isGone = (err: unknown): boolean =>
  err instanceof ApiError && (err.code === 410 || err.reason === 'Expired' || err.reason === 'Gone');
export const isTooManyRequests = (err: unknown): boolean => reasonOf(err) === 'TooManyRequests';

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
