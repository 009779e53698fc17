/** The admission.k8s.io/v1 wire types, and what defaulters and validators implement. */

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
    causes?: { reason?: string; message?: string; field?: string }[];
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

/** Warnings shown to the client (kubectl prints them) on an allowed or denied request. */
export type Warnings = string[];

/**
 * Sets defaults on an object being created or updated. Change `obj` in place; the webhook answers
 * with the JSON patch from the object as received to `obj` afterwards. Throwing denies the request.
 */
export interface CustomDefaulter<T> {
  default(obj: T, req: AdmissionRequest<T>): void | Promise<void>;
}

/**
 * Validates creates, updates and deletes. Return warnings (or nothing) to allow; throw a
 * `ValidationError` to deny with field errors (422 Invalid), or any other error to deny with its
 * message (403 Forbidden).
 */
export interface CustomValidator<T> {
  validateCreate(obj: T, req: AdmissionRequest<T>): Warnings | void | Promise<Warnings | void>;
  validateUpdate(oldObj: T, newObj: T, req: AdmissionRequest<T>): Warnings | void | Promise<Warnings | void>;
  validateDelete(obj: T, req: AdmissionRequest<T>): Warnings | void | Promise<Warnings | void>;
}

/** A handler turns a decoded request into a response (without uid; the webhook copies it). */
export type AdmissionHandler = (req: AdmissionRequest) => Promise<Omit<AdmissionResponse, 'uid'>>;
