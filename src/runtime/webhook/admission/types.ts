/** What defaulters and validators implement (the admission.k8s.io/v1 wire types are in src/kube/admission-review.ts). */
import type { AdmissionRequest, AdmissionResponse } from '../../../kube/admission-review.js';

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
