/**
 * Field errors (k8s.io/apimachinery/pkg/util/validation/field): `<field>: Invalid value: "x": detail`.
 * The 422 Invalid Status built from them is in status.ts. The builders print a bad value as Go
 * does; the runtime prints it as JSON, through {@link fieldErrorBody} with its own rendering.
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
export const notFound = (field: string, value: unknown) => fieldError('FieldValueNotFound', field, value, '');

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
