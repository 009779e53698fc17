/**
 * Field errors (k8s.io/apimachinery/pkg/util/validation/field) and the message of the 422 Invalid
 * error the API server builds from them (apierrors.NewInvalid):
 * `<Kind>.<group> "<name>" is invalid: <field>: Invalid value: "x": detail`.
 *
 * Only the parts every user formats the same way live here; how a bad value is printed differs
 * (the runtime prints JSON, the test server's schema module prints it as Go does, its API module
 * Go-quotes objects), so each caller passes its own rendering.
 */
import { goJSON, goNumber, goQuote } from './go-format.js';

/** The field error types, as StatusCause reasons. */
export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

/**
 * One field error as a StatusCause carries it. `message` is the error body
 * (`Required value`, `Invalid value: "x": ...`), `field` the path (`spec.replicas`, `spec.items[0].name`).
 */
export interface FieldCause {
  reason: FieldErrorType;
  message: string;
  field: string;
}

/** field.ErrorType's String(): the text an error body starts with. */
export const FIELD_ERROR_TYPE_TEXT: Readonly<Record<FieldErrorType, string>> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

/** Types whose body never shows the bad value (field.Error.ErrorBody). */
const VALUELESS = new Set<FieldErrorType>(['FieldValueRequired', 'FieldValueForbidden', 'FieldValueTooLong', 'InternalError']);

/**
 * field.Error's ErrorBody: `<type text>[: <bad value>][: <detail>]`. `renderValue` prints the bad
 * value (called only for types that show it); leave it out when the value is omitted.
 */
export function fieldErrorBody(type: FieldErrorType, detail: string, renderValue?: () => string): string {
  let text = FIELD_ERROR_TYPE_TEXT[type];
  if (renderValue !== undefined && !VALUELESS.has(type)) text += `: ${renderValue()}`;
  if (detail !== '') text += `: ${detail}`;
  return text;
}

/** `<Kind>.<group>`, or `<Kind>` for the core group. */
export function qualifiedKind(kind: string, group: string): string {
  return group === '' ? kind : `${kind}.${group}`;
}

/**
 * apierrors.NewInvalid's message: `<Kind>.<group> <quoted name> is invalid: <aggregate>`, the
 * aggregate as field.ErrorList.ToAggregate makes it (each distinct `<field>: <body>` once, bracketed
 * when there are several); without errors, just `... is invalid`.
 */
export function invalidMessage(
  kind: string,
  group: string,
  name: string,
  errors: readonly { field: string; message: string }[],
  quote: (name: string) => string = JSON.stringify,
): string {
  const distinct = [...new Set(errors.map((e) => `${e.field}: ${e.message}`))];
  const subject = `${qualifiedKind(kind, group)} ${quote(name)} is invalid`;
  if (distinct.length === 0) return subject;
  return distinct.length === 1 ? `${subject}: ${distinct[0]}` : `${subject}: [${distinct.join(', ')}]`;
}

/** The 422 Invalid Status apierrors.NewInvalid builds (as JSON, key order as the API server writes it). */
export interface InvalidStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: 'Invalid';
  details: {
    name: string;
    group?: string;
    kind: string;
    causes: FieldCause[];
  };
  code: 422;
}

/**
 * apierrors.NewInvalid: the 422 Invalid Status for these causes, its message as
 * {@link invalidMessage} makes it with `quote` for the name. `details.group` is left out for the
 * core group unless `keepEmptyGroup` (a webhook's denial keeps it, as the runtime's Go JSON does).
 */
export function invalidStatus(
  kind: string,
  group: string,
  name: string,
  causes: readonly FieldCause[],
  options: { quote: (name: string) => string; keepEmptyGroup?: boolean },
): InvalidStatus {
  const details: InvalidStatus['details'] = {
    name,
    ...(group !== '' || options.keepEmptyGroup ? { group } : {}),
    kind,
    causes: causes.map((c) => ({ reason: c.reason, message: c.message, field: c.field })),
  };
  // Key order as kube-apiserver serialises a Status (TypeMeta puts kind first).
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: invalidMessage(kind, group, name, causes, options.quote),
    reason: 'Invalid',
    details,
    code: 422,
  };
}

// The builders: each error as apimachinery's field package makes it, its bad value printed as Go prints it.

/** A bad value that is left out of the message (field.OmitValueType). */
export const OMIT = Symbol('omit value');

/** How field.Error prints a bad value: strings Go-quoted, numbers and booleans bare, the rest as Go's JSON. */
export function renderBadValue(value: unknown): string {
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number') return goNumber(value);
  if (typeof value === 'boolean') return String(value);
  return goJSON(value);
}

export function fieldError(reason: FieldErrorType, field: string, value: unknown, detail: string): FieldCause {
  return { reason, message: fieldErrorBody(reason, detail, value === OMIT ? undefined : () => renderBadValue(value)), field };
}

export const invalid = (field: string, value: unknown, detail: string) => fieldError('FieldValueInvalid', field, value, detail);
export const typeInvalid = (field: string, value: unknown, detail: string) =>
  fieldError('FieldValueTypeInvalid', field, value, detail);
export const required = (field: string, detail = '') => fieldError('FieldValueRequired', field, '', detail);
export const forbidden = (field: string, detail: string) => fieldError('FieldValueForbidden', field, '', detail);
export const duplicate = (field: string, value: unknown) => fieldError('FieldValueDuplicate', field, value, '');

export function notSupported(field: string, value: unknown, supported: readonly string[]): FieldCause {
  const detail = supported.length > 0 ? 'supported values: ' + supported.map(goQuote).join(', ') : '';
  return fieldError('FieldValueNotSupported', field, value, detail);
}

export function tooLong(field: string, maxLength: number): FieldCause {
  const detail = maxLength >= 0 ? `may not be more than ${maxLength} ${maxLength === 1 ? 'byte' : 'bytes'}` : 'value is too long';
  return fieldError('FieldValueTooLong', field, '<value omitted>', detail);
}

export function tooMany(field: string, actual: number, max: number): FieldCause {
  const detail = max >= 0 ? `must have at most ${max} ${max === 1 ? 'item' : 'items'}` : 'has too many items';
  return fieldError('FieldValueTooMany', field, actual >= 0 ? actual : OMIT, detail);
}

export const internalError = (field: string, detail: string) => fieldError('InternalError', field, '', detail);

/** apimachinery field.Path rendering of a child of `parent` ("" is the nil root). */
export function childPath(parent: string, name: string): string {
  return parent === '' ? name : `${parent}.${name}`;
}

/** field.Path Key(): `parent[key]`. */
export function keyPath(parent: string, key: string): string {
  return `${parent === '' ? '' : parent}[${key}]`;
}

export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}

/** How field.Path prints the nil path (errors about the object root). */
export const ROOT_FIELD = '<nil>';
