/**
 * The root of a schema when the status subresource is enabled (validateCustomResourceDefinitionValidation):
 * /status is validated with properties[status] extracted from the root, so the root may only carry
 * fields whose meaning survives that, and only type "object". The internal type's fields are
 * visited in declaration order; the first one set that is not allowed is reported, once.
 */
import { invalid, fieldErrorBody, type FieldCause } from '../../kube/field-errors.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';
import { INTERNAL_FIELDS, internalSchemaJSON } from './go-schema-value.js';

/** allowedFieldsAtRootSchema, in the API server's order (its message prints the list). */
export const ALLOWED_AT_STATUS_ROOT = [
  'Description', 'Type', 'Format', 'Title', 'Maximum', 'ExclusiveMaximum', 'Minimum', 'ExclusiveMinimum', 'MaxLength', 'MinLength', 'Pattern',
  'MaxItems', 'MinItems', 'UniqueItems', 'MultipleOf', 'Required', 'Items', 'Properties', 'ExternalDocs', 'Example', 'XPreserveUnknownFields', 'XValidations',
] as const;

/** Whether the v1 value leaves the internal field at its zero value (strings empty, bools false, pointers and slices nil). */
function isZero(value: unknown): boolean {
  return value === undefined || value === null || value === false || value === '';
}

const ALLOWED = new Set<string>(ALLOWED_AT_STATUS_ROOT);

/** The first field set at the root (its v1 JSON key) that the API server stops at, if any. */
export function statusRootOffendingKey(schema: JSONSchemaProps): string | undefined {
  const raw = schema as Record<string, unknown>;
  for (const [key, goField] of INTERNAL_FIELDS) {
    if (isZero(raw[key])) continue;
    if (goField === 'Type' ? schema.type !== 'object' : !ALLOWED.has(goField)) return key;
  }
  return undefined;
}

/** The detail of the error on a root field that is not allowed with /status. */
export const STATUS_ROOT_DETAIL = `only [${ALLOWED_AT_STATUS_ROOT.join(' ')}] fields are allowed at the root of the schema if the status subresource is enabled`;

/** Errors of `schema` (at `path`, `….openAPIV3Schema`) as the root of a version with /status. */
export function statusRootErrors(schema: JSONSchemaProps, path: string): FieldCause[] {
  const key = statusRootOffendingKey(schema);
  if (key === undefined) return [];
  if (key === 'type') return [invalid(`${path}.type`, schema.type, 'only "object" is allowed as the type at the root of the schema if the status subresource is enabled')];
  return [{ reason: 'FieldValueInvalid', field: path, message: fieldErrorBody('FieldValueInvalid', STATUS_ROOT_DETAIL, () => internalSchemaJSON(schema)) }];
}
