/**
 * metav1 Status, the body the API server answers a failed (or some successful) request with, as
 * JSON on the wire (structurally a V1Status of @kubernetes/client-node).
 */

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
