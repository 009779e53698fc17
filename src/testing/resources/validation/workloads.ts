/**
 * The workloads of apps/v1 and batch/v1 (pkg/apis/apps/validation, pkg/apis/batch/validation):
 * selectors that match their template's labels, and the pod templates they run.
 */
import { isPlainObject, type KubeObject } from '../object.js';
import { invalidField, requiredField } from '../status.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import { podSpecErrors } from './pod-spec.js';

type Obj = Record<string, unknown>;

/** Go's %#v of a map[string]string, keys sorted. */
function goStringMap(labels: Record<string, string>): string {
  const entries = Object.keys(labels).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(labels[k])}`);
  return `map[string]string{${entries.join(', ')}}`;
}

function selectorMatches(selector: Obj, labels: Record<string, string>): boolean {
  const matchLabels = isPlainObject(selector.matchLabels) ? (selector.matchLabels as Record<string, string>) : {};
  if (!Object.entries(matchLabels).every(([k, v]) => labels[k] === v)) return false;
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions.filter(isPlainObject) : [];
  return expressions.every((e) => {
    const has = Object.prototype.hasOwnProperty.call(labels, String(e.key));
    const values = Array.isArray(e.values) ? e.values.map(String) : [];
    switch (e.operator) {
      case 'In': return has && values.includes(labels[String(e.key)]);
      case 'NotIn': return !has || !values.includes(labels[String(e.key)]);
      case 'Exists': return has;
      case 'DoesNotExist': return !has;
      default: return false;
    }
  });
}

export function workloadErrors(obj: KubeObject, selectorRequired: boolean): FieldCause[] {
  const spec = isPlainObject(obj.spec) ? obj.spec : {};
  const template = isPlainObject(spec.template) ? spec.template : undefined;
  const errors: FieldCause[] = [];
  const selector = isPlainObject(spec.selector) ? spec.selector : undefined;
  if (!selector) {
    if (selectorRequired) errors.push(requiredField('spec.selector', ''));
  } else if (Object.keys(selector).length === 0) {
    errors.push(invalidField('spec.selector', 'null', 'empty selector is invalid for deployment'));
  } else if (template) {
    const labels = (isPlainObject(template.metadata) && isPlainObject(template.metadata.labels) ? template.metadata.labels : {}) as Record<string, string>;
    if (!selectorMatches(selector, labels)) {
      errors.push({ reason: 'FieldValueInvalid', field: 'spec.template.metadata.labels', message: `Invalid value: ${goStringMap(labels)}: \`selector\` does not match template \`labels\`` });
    }
  }
  errors.push(...podSpecErrors(template?.spec, 'spec.template.spec'));
  return errors;
}

export function jobErrors(o: KubeObject): FieldCause[] {
  const spec = isPlainObject(o.spec) ? o.spec : {};
  const template = isPlainObject(spec.template) ? spec.template : {};
  const podSpec = isPlainObject(template.spec) ? template.spec : undefined;
  const errors = podSpecErrors(podSpec, 'spec.template.spec');
  const policy = podSpec?.restartPolicy;
  if (podSpec && policy !== 'OnFailure' && policy !== 'Never') {
    errors.push({ reason: 'FieldValueNotSupported', field: 'spec.template.spec.restartPolicy', message: `Unsupported value: ${JSON.stringify(policy ?? '')}: supported values: "OnFailure", "Never"` });
  }
  return errors;
}
