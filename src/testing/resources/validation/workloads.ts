/**
 * The workloads of apps/v1 and batch/v1 (pkg/apis/apps/validation, pkg/apis/batch/validation):
 * selectors that match their template's labels, and the pod templates they run.
 */
import { isPlainObject, type KubeObject } from '../object.js';
import { forbiddenField, invalidField, requiredField } from '../status.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import { podSpecErrors } from './pod-spec.js';
import { goLabelSelector, goStringMap, immutableField, semanticEqual } from './go-values.js';

type Obj = Record<string, unknown>;

function specOf(obj: KubeObject | undefined): Obj {
  return obj && isPlainObject(obj.spec) ? obj.spec : {};
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
    const given = isPlainObject(template.metadata) ? template.metadata.labels : undefined;
    const labels = (isPlainObject(given) ? given : {}) as Record<string, string>;
    if (!selectorMatches(selector, labels)) {
      errors.push({ reason: 'FieldValueInvalid', field: 'spec.template.metadata.labels', message: `Invalid value: ${goStringMap(given)}: \`selector\` does not match template \`labels\`` });
    }
  }
  errors.push(...podSpecErrors(template?.spec, 'spec.template.spec'));
  return errors;
}

/**
 * apps/v1 refuses a new selector on a Deployment, ReplicaSet or DaemonSet (their registry
 * strategies' ValidateUpdate: ValidateImmutableField on spec.selector).
 */
export function selectorUpdateErrors(obj: KubeObject, old: KubeObject): FieldCause[] {
  const selector = specOf(obj).selector;
  return immutableField('spec.selector', selector, specOf(old).selector, isPlainObject(selector) ? goLabelSelector(selector) : undefined);
}

/** The StatefulSet spec fields an update may change (ValidateStatefulSetUpdate). */
const STATEFULSET_MUTABLE = ['replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

/** ValidateStatefulSetUpdate: every other spec field is fixed at creation. */
export function statefulSetUpdateErrors(obj: KubeObject, old: KubeObject): FieldCause[] {
  const rest = (spec: Obj) => Object.fromEntries(Object.entries(spec).filter(([key]) => !STATEFULSET_MUTABLE.includes(key)));
  if (semanticEqual(rest(specOf(obj)), rest(specOf(old)))) return [];
  return [forbiddenField('spec', "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden")];
}
