/**
 * Admission for the test API server: calls the mutating then validating webhooks that match a
 * request (AdmissionReview v1 over HTTPS), and converts custom resources through a CRD's
 * conversion webhook (ConversionReview v1).
 */
export type * from './types.js';
export { AdmissionChain, type AdmissionChainOptions } from './chain.js';
export { convertObjects, type ConversionOptions } from './conversion.js';
export { StatusError } from './status-error.js';
