/** The admission.k8s.io/v1 AdmissionReview wire types: what the API server sends a webhook and what it answers. */
import type { StatusCause } from './status.js';

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface UserInfo {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

/** What the API server asks a webhook about (AdmissionRequest). */
export interface AdmissionRequest<T = unknown> {
  uid: string;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource?: string;
  requestKind?: GroupVersionKind;
  requestResource?: GroupVersionResource;
  requestSubResource?: string;
  name?: string;
  namespace?: string;
  operation: Operation;
  userInfo: UserInfo;
  /** The object being created or updated (absent on DELETE). */
  object?: T | null;
  /** The existing object on UPDATE and DELETE. */
  oldObject?: T | null;
  dryRun?: boolean;
  options?: Record<string, unknown> | null;
}

/** A `Status` as admission responses carry it. */
export interface AdmissionStatus {
  metadata?: Record<string, never>;
  status?: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    causes?: StatusCause[];
  };
  code?: number;
}

/** The answer (AdmissionResponse). `patch` is a base64 RFC 6902 JSON patch. */
export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: AdmissionStatus;
  patch?: string;
  patchType?: 'JSONPatch';
  auditAnnotations?: Record<string, string>;
  warnings?: string[];
}

export interface AdmissionReview {
  apiVersion: string;
  kind: 'AdmissionReview';
  request?: AdmissionRequest;
  response?: AdmissionResponse;
}
