/**
 * Field errors as k8s.io/apimachinery/pkg/util/validation/field builds them: the cause reason is
 * the error type, the message is the error body (`<type text>[: <bad value>][: <detail>]`).
 */
import { goJSON, goNumber, goQuote } from '../../kube/go-format.js';
import { fieldErrorBody, type FieldCause, type FieldErrorType } from '../../kube/field-errors.js';

/** A bad value that is left out of the message (field.OmitValueType). */
export const OMIT = Symbol('omit value');

function renderValue(value: unknown): string {
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number') return goNumber(value);
  if (typeof value === 'boolean') return String(value);
  return goJSON(value);
}

export function fieldError(reason: FieldErrorType, field: string, value: unknown, detail: string): FieldCause {
  return { reason, message: fieldErrorBody(reason, detail, value === OMIT ? undefined : () => renderValue(value)), field };
}

export const invalid = (field: string, value: unknown, detail: string) => fieldError('FieldValueInvalid', field, value, detail);
export const typeInvalid = (field: string, value: unknown, detail: string) =>
  fieldError('FieldValueTypeInvalid', field, value, detail);
export const required = (field: string, detail = '') => fieldError('FieldValueRequired', field, '', detail);
export const forbidden = (field: string, detail: string) => fieldError('FieldValueForbidden', field, '', detail);
export const duplicate = (field: string, value: unknown) => fieldError('FieldValueDuplicate', field, value, '');

export function notSupported(field: string, value: unknown, supported: string[]): FieldCause {
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
