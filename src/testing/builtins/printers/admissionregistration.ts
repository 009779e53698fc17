/** Printers of the admissionregistration.k8s.io group. */
import type { KubeObject } from '../../model/object.js';
import { AGE, ageOf, at, col, isSet, list, NAME, nameOf, obj, since, str, type TablePrinter } from './cells.js';

const WEBHOOKS_PRINTER: TablePrinter = {
  columns: [NAME, col('Webhooks', 'integer'), AGE],
  row: (o, now) => [o.metadata?.name ?? '', Array.isArray(o.webhooks) ? o.webhooks.length : 0, since(o.metadata?.creationTimestamp, now)],
};

/** A policy's paramKind as `apiVersion/kind`. */
function paramKindText(policy: KubeObject): string {
  const kind = at(policy.spec, 'paramKind');
  return isSet(kind) ? `${str(obj(kind).apiVersion)}/${str(obj(kind).kind)}` : '<unset>';
}

/** The generated (protobuf) String() of a metav1.LabelSelector, which the binding printers show. */
function labelSelectorGoString(selector: unknown): string {
  const s = obj(selector);
  const labels = Object.keys(obj(s.matchLabels)).sort().map((k) => `${k}: ${str(obj(s.matchLabels)[k])},`).join('');
  const expressions = list(s.matchExpressions)
    .map((e) => `LabelSelectorRequirement{Key:${str(e.key)},Operator:${str(e.operator)},Values:[${(Array.isArray(e.values) ? e.values.map(str) : []).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${expressions}},}`;
}

/** A binding's paramRef: `namespace/name` (`*` for no namespace), else its selector. */
function paramRefText(binding: KubeObject): string {
  const ref = at(binding.spec, 'paramRef');
  if (!isSet(ref)) return '<unset>';
  const r = obj(ref);
  if (str(r.name) !== '') return `${str(r.namespace) || '*'}/${str(r.name)}`;
  return isSet(r.selector) ? labelSelectorGoString(r.selector) : '<unset>';
}

/** printValidatingAdmissionPolicy and printMutatingAdmissionPolicy: how many rules, of which field. */
function policyPrinter(rules: 'validations' | 'mutations', column: string): TablePrinter {
  return {
    columns: [NAME, col(column, 'integer'),
      col('ParamKind', 'string'), AGE],
    row: (o, now) => [nameOf(o), list(at(o.spec, rules)).length, paramKindText(o), ageOf(o, now)],
  };
}

const BINDING_PRINTER: TablePrinter = {
  columns: [NAME, col('PolicyName', 'string'),
    col('ParamRef', 'string'), AGE],
  row: (o, now) => [nameOf(o), str(at(o.spec, 'policyName')), paramRefText(o), ageOf(o, now)],
};

export const ADMISSIONREGISTRATION_PRINTERS: Record<string, TablePrinter> = {
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': WEBHOOKS_PRINTER,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': WEBHOOKS_PRINTER,
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': policyPrinter('validations', 'Validations'),
  'admissionregistration.k8s.io/MutatingAdmissionPolicy': policyPrinter('mutations', 'Mutations'),
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': BINDING_PRINTER,
  'admissionregistration.k8s.io/MutatingAdmissionPolicyBinding': BINDING_PRINTER,
};
