/**
 * The rules of Roles and ClusterRoles (ValidatePolicyRule): verbs always, then either non-resource
 * URLs (not in a namespaced Role, not beside resources) or API groups and resources.
 */
import { invalid, required, type FieldCause } from '../../../kube/field-errors.js';
import { isPlainObject, type KubeObject } from '../../model/object.js';

type Obj = Record<string, unknown>;

const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

function policyRuleErrors(rule: Obj, namespaced: boolean, path: string): FieldCause[] {
  const errors: FieldCause[] = [];
  if (count(rule.verbs) === 0) errors.push(required(`${path}.verbs`, 'verbs must contain at least one value'));
  if (count(rule.nonResourceURLs) > 0) {
    const urls = rule.nonResourceURLs;
    if (namespaced) errors.push(invalid(`${path}.nonResourceURLs`, urls, 'namespaced rules cannot apply to non-resource URLs'));
    if (count(rule.apiGroups) > 0 || count(rule.resources) > 0 || count(rule.resourceNames) > 0) {
      errors.push(invalid(`${path}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errors;
  }
  if (count(rule.apiGroups) === 0) errors.push(required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  if (count(rule.resources) === 0) errors.push(required(`${path}.resources`, 'resource rules must supply at least one resource'));
  return errors;
}

function rulesErrors(obj: KubeObject, namespaced: boolean): FieldCause[] {
  const rules = Array.isArray(obj.rules) ? obj.rules : [];
  return rules.flatMap((rule: unknown, i) => policyRuleErrors(isPlainObject(rule) ? rule : {}, namespaced, `rules[${i}]`));
}

export const roleErrors = (obj: KubeObject): FieldCause[] => rulesErrors(obj, true);
export const clusterRoleErrors = (obj: KubeObject): FieldCause[] => rulesErrors(obj, false);
