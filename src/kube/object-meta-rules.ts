/**
 * apimachinery's ValidateLabels, ValidateAnnotations and ValidateLabelSelector (metav1
 * validation) as field errors: qualified label keys and label values, qualified annotation keys
 * in any case and at most 256 KiB of annotations in all, selector requirements whose values fit
 * their operator; finalizer names and owner references (ValidateObjectMeta). Object metadata,
 * embedded resources' metadata, pod templates and workload selectors use them.
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

/** The finalizers of Kubernetes itself, the only ones that may go without a domain. */
const STANDARD_FINALIZERS = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

/**
 * ValidateFinalizers' name rules: every name a qualified name; on built-in kinds (`builtin`, core
 * validation) a name without `/` must also be a standard one.
 */
export function finalizerErrors(finalizers: readonly string[], path: string, builtin: boolean): FieldCause[] {
  const out: FieldCause[] = [];
  for (const name of finalizers) for (const m of isQualifiedName(name)) out.push(invalid(path, name, m));
  if (finalizers.includes('orphan') && finalizers.includes('foregroundDeletion')) out.push(invalid(path, finalizers, 'finalizer orphan and foregroundDeletion cannot be both set'));
  // Core validation's own check, after the generic ones, at each name's index.
  if (builtin) {
    finalizers.forEach((name, i) => {
      if (!name.includes('/') && !STANDARD_FINALIZERS.has(name)) out.push(invalid(`${path}[${i}]`, name, 'name is neither a standard finalizer name nor is it fully qualified'));
    });
  }
  return out;
}

/**
 * What a custom resource's writer is warned of, for each finalizer it adds (`added`): a name
 * without a domain that is not a standard one (the apiextensions strategy's warnings).
 */
export function finalizerWarnings(added: readonly string[], path: string): string[] {
  return [...new Set(added)].sort().flatMap((name) => [
    ...isQualifiedName(name).map((m) => `${path}: ${goQuote(name)}: ${m}`),
    ...(!name.includes('/') && !STANDARD_FINALIZERS.has(name) ? [`${path}: ${goQuote(name)}: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`] : []),
  ]);
}

/** An OwnerReference's fields in its Go struct's order, as a refused list of them is quoted. */
const OWNER_REFERENCE_FIELDS = ['apiVersion', 'kind', 'name', 'uid', 'controller', 'blockOwnerDeletion'];

/** The version of an apiVersion as schema.ParseGroupVersion reads it ('' when it does not parse). */
function versionOf(apiVersion: string): string {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return parts[0];
  return parts.length === 2 ? parts[1] : '';
}

/** ValidateOwnerReferences: each reference whole (and not to an Event), at most one controller. */
export function ownerReferenceErrors(references: readonly Record<string, unknown>[], path: string): FieldCause[] {
  const out: FieldCause[] = [];
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const quoted = () => `[${references.map((r) => `{${OWNER_REFERENCE_FIELDS.filter((k) => r[k] !== undefined && r[k] !== null).map((k) => `${goJSON(k)}:${goJSON(r[k])}`).join(',')}}`).join(',')}]`;
  let firstController = '';
  for (const ref of references) {
    const apiVersion = str(ref.apiVersion);
    if (versionOf(apiVersion) === '') out.push(invalid(`${path}.apiVersion`, apiVersion, 'version must not be empty'));
    for (const field of ['kind', 'name', 'uid']) if (str(ref[field]) === '') out.push(invalid(`${path}.${field}`, str(ref[field]), 'must not be empty'));
    if (apiVersion === 'v1' && ref.kind === 'Event') out.push(invalid(path, ref, '/v1, Kind=Event is disallowed from being an owner'));
    if (ref.controller === true) {
      const name = `${str(ref.kind)}/${str(ref.name)}`;
      if (firstController === '') firstController = name;
      else out.push({ reason: 'FieldValueInvalid', field: path, message: fieldErrorBody('FieldValueInvalid', `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${name}`, quoted) });
    }
  }
  return out;
}
