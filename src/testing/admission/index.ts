/**
 * Admission for the test API server: calls the mutating then validating webhooks that match a
 * request (AdmissionReview v1 over HTTPS), and converts custom resources through a CRD's
 * conversion webhook (ConversionReview v1). Failure texts follow kube-apiserver, e.g.
 * `Internal error occurred: failed calling webhook "<name>": failed to call webhook: Post "<url>": ...`
 * and `admission webhook "<name>" denied the request: <message>`.
 *
 * Not done: matchConditions, audit annotations, AdmissionReview v1beta1.
 */
export type * from './types.js';
export { AdmissionChain, type AdmissionChainOptions } from './chain.js';
export { convertObjects, type ConversionOptions } from './conversion.js';
export { StatusError } from '../model/status.js';
