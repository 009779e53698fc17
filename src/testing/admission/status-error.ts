import type { Status } from '../schema/types.js';

/** An error the API server answers with a Status body (conversion failures, webhook errors). */
export class StatusError extends Error {
  override readonly name = 'StatusError';
  constructor(readonly status: Status) {
    super(status.message ?? status.reason ?? 'error');
  }
}

export function errorStatus(code: number, reason: string, message: string): Status {
  return orderedStatus({ apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', message, reason, code });
}

/** The Status with its keys in the order kube-apiserver writes them. */
export function orderedStatus(s: Status): Status {
  const out: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: s.status, code: s.code };
  delete (out as Partial<Status>).code;
  if (s.message !== undefined) out.message = s.message;
  if (s.reason !== undefined) out.reason = s.reason;
  if (s.details !== undefined) out.details = s.details;
  out.code = s.code;
  return out;
}

/** kube-apiserver's NewInternalError shape: 500, reason InternalError, `Internal error occurred: ...`. */
export function internalErrorStatus(detail: string): Status {
  const status = errorStatus(500, 'InternalError', `Internal error occurred: ${detail}`);
  status.details = { causes: [{ message: detail }] };
  return orderedStatus(status);
}
