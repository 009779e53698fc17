export type {
  AdmissionRequest,
  AdmissionResponse,
  AdmissionReview,
  AdmissionStatus,
  AdmissionHandler,
  CustomDefaulter,
  CustomValidator,
  Warnings,
  Operation,
  UserInfo,
  GroupVersionKind,
  GroupVersionResource,
} from './types.js';
export {
  FieldError,
  ValidationError,
  fieldError,
  requiredField,
  forbiddenField,
  notSupportedField,
  duplicateField,
  type FieldErrorType,
  type InvalidStatus,
} from './field-errors.js';
export { allowed, denied, errored, patchedFromObjects, deniedFromError } from './response.js';
export { AdmissionWebhook } from './webhook.js';
export { defaultingHandler } from './defaulter.js';
export { validatingHandler } from './validator.js';
