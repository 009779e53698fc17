/**
 * The parts of a pod's spec that say where and how it lands (ValidatePodSpec): its DNS policy,
 * node selector and tolerations, with kube-apiserver's messages.
 */
import { isPlainObject } from '../../model/object.js';
import { invalid, notSupported, required, type FieldCause } from '../../../kube/field-errors.js';
import { isQualifiedName, isValidLabelValue } from '../../../kube/dns-names.js';
import { labelErrors } from '../../../kube/object-meta-rules.js';

type Obj = Record<string, unknown>;

/** validateDNSPolicy's supported values, in its order (not sorted). */
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const TOLERATION_OPERATORS = ['Equal', 'Exists'];
/** validateTaintEffect's values, in its order. */
const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function dnsPolicyErrors(policy: unknown, path: string): FieldCause[] {
  const value = text(policy);
  if (value === '') return [required(path, '')];
  return DNS_POLICIES.includes(value) ? [] : [notSupported(path, value, DNS_POLICIES)];
}

/** ValidateTolerations: a key that is a label name, an operator that fits the key and value, a known effect. */
function tolerationErrors(tolerations: unknown, path: string): FieldCause[] {
  if (!Array.isArray(tolerations)) return [];
  const errors: FieldCause[] = [];
  tolerations.forEach((item: unknown, i) => {
    const toleration: Obj = isPlainObject(item) ? item : {};
    const at = `${path}[${i}]`;
    const key = text(toleration.key);
    const operator = text(toleration.operator);
    const value = text(toleration.value);
    const effect = text(toleration.effect);
    if (key !== '') errors.push(...isQualifiedName(key).map((m) => invalid(`${at}.key`, key, m)));
    if (key === '' && operator !== 'Exists') {
      errors.push(invalid(`${at}.operator`, operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (typeof toleration.tolerationSeconds === 'number' && effect !== 'NoExecute') {
      errors.push(invalid(`${at}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    if (operator === '' || operator === 'Equal') {
      const problems = isValidLabelValue(value);
      if (problems.length > 0) errors.push(invalid(`${at}.operator`, value, problems.join(';')));
    } else if (operator === 'Exists') {
      if (value !== '') errors.push(invalid(`${at}.operator`, value, "value must be empty when `operator` is 'Exists'"));
    } else {
      errors.push(notSupported(`${at}.operator`, operator, TOLERATION_OPERATORS));
    }
    if (effect !== '' && !TAINT_EFFECTS.includes(effect)) errors.push(notSupported(`${at}.effect`, effect, TAINT_EFFECTS));
  });
  return errors;
}

/** The DNS policy, the node selector (label rules, reported at the selector) and the tolerations of `spec`. */
export function podSchedulingErrors(spec: Obj, path: string): FieldCause[] {
  return [
    ...dnsPolicyErrors(spec.dnsPolicy, `${path}.dnsPolicy`),
    ...(isPlainObject(spec.nodeSelector) ? labelErrors(spec.nodeSelector, `${path}.nodeSelector`) : []),
    ...tolerationErrors(spec.tolerations, `${path}.tolerations`),
  ];
}
