/**
 * Field errors and the `Invalid` status the API server builds from them
 * (apimachinery's field.Error and apierrors.NewInvalid), so that a webhook denial reads exactly
 * like a schema validation failure: `CronJob.batch.my.domain "x" is invalid: spec.schedule: Invalid value: "y": detail`.
 */

import { goQuote } from '../../../kube/go-format.js';
import { fieldErrorBody, renderBadValue, type FieldErrorType } from '../../../kube/field-errors.js';
import { invalidStatus, type InvalidStatus as KubeInvalidStatus } from '../../../kube/status.js';

const NO_VALUE = Symbol('no value');

export class FieldError {
  constructor(
    readonly type: FieldErrorType,
    /** The field's path: `spec.schedule`, `spec.containers[0].image`, `metadata.labels[app]`. */
    readonly field: string,
    readonly badValue: unknown,
    readonly detail: string,
  ) {}

  /** The message without the field: `Invalid value: "x": detail`. */
  body(): string {
    return fieldErrorBody(this.type, this.detail, this.badValue === NO_VALUE ? undefined : () => renderBadValue(this.badValue));
  }

  toString(): string {
    return `${this.field}: ${this.body()}`;
  }
}

/** `path: Invalid value: <value>: detail`. */
export function fieldError(path: string, value: unknown, detail: string): FieldError {
  return new FieldError('FieldValueInvalid', path, value, detail);
}

/** `path: Required value: detail`. */
export function requiredField(path: string, detail = ''): FieldError {
  return new FieldError('FieldValueRequired', path, NO_VALUE, detail);
}

/** `path: Forbidden: detail`. */
export function forbiddenField(path: string, detail: string): FieldError {
  return new FieldError('FieldValueForbidden', path, NO_VALUE, detail);
}

/** `path: Unsupported value: <value>: supported values: "a", "b"`. */
export function notSupportedField(path: string, value: unknown, supported: readonly string[]): FieldError {
  const detail = supported.length > 0 ? `supported values: ${supported.map(goQuote).join(', ')}` : '';
  return new FieldError('FieldValueNotSupported', path, value, detail);
}

/** `path: Duplicate value: <value>`. */
export function duplicateField(path: string, value: unknown): FieldError {
  return new FieldError('FieldValueDuplicate', path, value, '');
}

/** The 422 Invalid Status as a webhook denial carries it: `details.group` is always there, empty for the core group. */
export interface InvalidStatus extends KubeInvalidStatus {
  details: KubeInvalidStatus['details'] & { group: string };
}

/**
 * A validator's denial with field errors. The webhook answers it as the API server reports an
 * invalid object: code 422, reason Invalid, one cause per field error.
 */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  readonly status: InvalidStatus;
  /** Shown to the client with the denial (the warnings a Go validator returns alongside its error). */
  readonly warnings: string[];

  constructor(
    kind: { group: string; kind: string },
    objectName: string,
    readonly errors: FieldError[],
    options: { warnings?: string[] } = {},
  ) {
    // The webhook's JSON keeps the core group's empty `group`, and quotes the name plainly.
    const status = invalidStatus(
      kind.kind,
      kind.group,
      objectName,
      errors.map((e) => ({ reason: e.type, message: e.body(), field: e.field })),
      { quote: (name) => `"${name}"`, keepEmptyGroup: true },
    );
    super(status.message);
    this.warnings = options.warnings ?? [];
    this.status = status as InvalidStatus;
  }
}
