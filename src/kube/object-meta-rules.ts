/**
 * apimachinery's ValidateLabels and ValidateAnnotations (metav1 validation) as field errors:
 * qualified label keys and label values, qualified annotation keys in any case and at most
 * 256 KiB of annotations in all. Object metadata, embedded resources' metadata and pod
 * templates all use them.
 */
import { isQualifiedName, isValidLabelValue } from './dns-names.js';
import { fieldErrorBody, type FieldCause } from './field-errors.js';
import { goJSON, goQuote } from './go-format.js';

const TOTAL_ANNOTATION_SIZE = 256 * 1024;

function invalid(field: string, value: unknown, detail: string): FieldCause {
  return { reason: 'FieldValueInvalid', field, message: fieldErrorBody('FieldValueInvalid', detail, () => (typeof value === 'string' ? goQuote(value) : goJSON(value))) };
}

/** ValidateLabels: qualified keys, label values. */
export function labelErrors(labels: Record<string, unknown>, path: string): FieldCause[] {
  const out: FieldCause[] = [];
  for (const [key, value] of Object.entries(labels)) {
    for (const m of isQualifiedName(key)) out.push(invalid(path, key, m));
    for (const m of isValidLabelValue(typeof value === 'string' ? value : String(value))) out.push(invalid(path, value, m));
  }
  return out;
}

/** ValidateAnnotations: keys qualified names in any case, a total size limit. */
export function annotationErrors(annotations: Record<string, unknown>, path: string): FieldCause[] {
  const out: FieldCause[] = [];
  let size = 0;
  for (const [key, value] of Object.entries(annotations)) {
    for (const m of isQualifiedName(key.toLowerCase())) out.push(invalid(path, key, m));
    size += Buffer.byteLength(key) + Buffer.byteLength(typeof value === 'string' ? value : '');
  }
  if (size > TOTAL_ANNOTATION_SIZE) {
    out.push({ reason: 'FieldValueTooLong', field: path, message: fieldErrorBody('FieldValueTooLong', `may not be more than ${TOTAL_ANNOTATION_SIZE} bytes`) });
  }
  return out;
}
