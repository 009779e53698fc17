import type { Status } from '../../kube/status.js';

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

/** kube-apiserver's NewInternalError shape: 500, reason InternalError, `Internal error occurred: ...`. */
export function internalErrorStatus(detail: string): Status {
  const status = errorStatus(500, 'InternalError', `Internal error occurred: ${detail}`);
  status.details = { causes: [{ message: detail }] };
  return orderedStatus(status);
}
