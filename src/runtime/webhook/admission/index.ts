export type {
  AdmissionHandler,
  CustomDefaulter,
  CustomValidator,
  Warnings,
} from './types.js';
export type { AdmissionRequest, AdmissionResponse, AdmissionReview, AdmissionStatus, Operation, UserInfo, GroupVersionKind, GroupVersionResource } from '../../../kube/admission-review.js';
export {
  FieldError,
  ValidationError,
  fieldError,
  requiredField,
  forbiddenField,
  notSupportedField,
  duplicateField,
  type InvalidStatus,
} from './field-errors.js';
export type { FieldErrorType } from '../../../kube/field-errors.js';
export { allowed, denied, errored, patchedFromObjects, deniedFromError } from './response.js';
export { AdmissionWebhook, type AdmissionWebhookOptions } from './webhook.js';
export { defaultingHandler } from './defaulter.js';
export { validatingHandler } from './validator.js';
