/**
 * How the test server fails a request: it throws a StatusError, and the HTTP layer answers with its
 * Status body (built by src/kube/status.ts, as kube-apiserver builds it) and Retry-After header.
 */
import { failureStatus, pageNotFoundStatus, type FailureParts, type Status } from '../../kube/status.js';

/** An error that the server answers with its Status body. */
export class StatusError extends Error {
  readonly status: Status;
  /** The Retry-After header to send, 0 included (the body's details.retryAfterSeconds omits 0, as Go's omitempty). */
  readonly retryAfterSeconds: number | undefined;
  /** Takes a Status (src/kube/status.ts builds them), or the parts of one. */
  constructor(status: FailureParts) {
    super(status.message ?? status.reason ?? `status ${status.code}`);
    this.status = failureStatus(status);
    this.retryAfterSeconds = status.details?.retryAfterSeconds;
  }
  get code(): number {
    return this.status.code;
  }
}

/**
 * A path no handler serves. kube-apiserver answers it with Go's http.NotFound, the plain text
 * {@link PAGE_NOT_FOUND_TEXT} (which clients turn into a NotFound); `status` is that NotFound as
 * client-go words it (pageNotFoundStatus), for callers inside the server.
 */
export class PageNotFoundError extends StatusError {}

export const PAGE_NOT_FOUND_TEXT = '404 page not found\n';

/** The error for a path nothing serves: answered as {@link PAGE_NOT_FOUND_TEXT}. */
export function pageNotFound(path: string): PageNotFoundError {
  return new PageNotFoundError(pageNotFoundStatus(path));
}
