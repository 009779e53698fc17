/**
 * apimachinery's ValidateLabels, ValidateAnnotations and ValidateLabelSelector (metav1
 * validation) as field errors: qualified label keys and label values, qualified annotation keys
 * in any case and at most 256 KiB of annotations in all, selector requirements whose values fit
 * their operator. Object metadata, embedded resources' metadata, pod templates and workload
 * selectors use them.
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

/** ValidateLabelSelector (label values in requirements checked too, as workloads' strict validation does). */
export function labelSelectorErrors(selector: Record<string, unknown>, path: string): FieldCause[] {
  const out: FieldCause[] = [];
  const matchLabels = selector.matchLabels;
  if (typeof matchLabels === 'object' && matchLabels !== null && !Array.isArray(matchLabels)) out.push(...labelErrors(matchLabels as Record<string, unknown>, `${path}.matchLabels`));
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  expressions.forEach((e: unknown, i) => {
    const requirement = (typeof e === 'object' && e !== null ? e : {}) as Record<string, unknown>;
    const at = `${path}.matchExpressions[${i}]`;
    const values = Array.isArray(requirement.values) ? requirement.values.map(String) : [];
    const operator = typeof requirement.operator === 'string' ? requirement.operator : '';
    if (operator === 'In' || operator === 'NotIn') {
      if (values.length === 0) out.push({ reason: 'FieldValueRequired', field: `${at}.values`, message: fieldErrorBody('FieldValueRequired', "must be specified when `operator` is 'In' or 'NotIn'") });
    } else if (operator === 'Exists' || operator === 'DoesNotExist') {
      if (values.length > 0) out.push({ reason: 'FieldValueForbidden', field: `${at}.values`, message: fieldErrorBody('FieldValueForbidden', "may not be specified when `operator` is 'Exists' or 'DoesNotExist'") });
    } else {
      out.push(invalid(`${at}.operator`, operator, 'not a valid selector operator'));
    }
    const key = typeof requirement.key === 'string' ? requirement.key : '';
    for (const m of isQualifiedName(key)) out.push(invalid(`${at}.key`, key, m));
    values.forEach((value, j) => {
      for (const m of isValidLabelValue(value)) out.push(invalid(`${at}.values[${j}]`, value, m));
    });
  });
  return out;
}
