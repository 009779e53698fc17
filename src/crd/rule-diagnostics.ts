/**
 * A generated CRD's x-kubernetes-validations checked as kube-apiserver checks them on create
 * (src/kube/cel: rules typed against the schema, messageExpression, reason, fieldPath, oldSelf,
 * cost budgets), each problem reported at the XValidation marker that wrote the rule, so that
 * `manifests` never writes a CRD the API server would refuse.
 */
import type { CustomResourceDefinition } from './spec/crd-types.js';
import { celSyntaxProblem, ruleColumn, type Diagnostic, type MarkedValue } from '../markers/index.js';
import { STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, validateSchemaRules, type RuleError } from '../kube/cel/validation-rules.js';
import type { JSONSchemaProps } from '../kube/json-schema-props.js';

const XVALIDATION = new Set(['kubebuilder:validation:XValidation', 'kubebuilder:validation:items:XValidation']);

/** Schemas already checked (watch mode regenerates the same schemas). */
const checked = new Map<string, RuleError[]>();
const CACHE_LIMIT = 1_000;

function schemaRuleErrors(schema: JSONSchemaProps, prefix: string): RuleError[] {
  const key = `${prefix}\n${JSON.stringify(schema)}`;
  let errors = checked.get(key);
  if (!errors) {
    errors = validateSchemaRules(schema, prefix);
    if (checked.size >= CACHE_LIMIT) checked.clear();
    checked.set(key, errors);
  }
  return errors;
}

function explain(e: RuleError): string {
  const what = e.reason === 'FieldValueForbidden' ? 'Forbidden: ' : '';
  let text = `${e.field}: ${what}${e.detail}`;
  if (e.cost !== undefined) {
    const budget = e.field.endsWith('openAPIV3Schema') ? STATIC_ESTIMATED_CRD_COST_LIMIT : STATIC_ESTIMATED_COST_LIMIT;
    text += ` [estimated cost ${e.cost}, budget ${budget}]`;
  }
  return text;
}

/**
 * The problems kube-apiserver would find in `crd`'s validation rules, located at the markers
 * (`markers`: every marker collected) whose rule they concern; `fallback` locates the others.
 */
export function ruleDiagnostics(crd: CustomResourceDefinition, markers: Iterable<MarkedValue>, fallback: (message: string) => Diagnostic): Diagnostic[] {
  const byRule = new Map<string, MarkedValue[]>();
  for (const m of markers) {
    if (!XVALIDATION.has(m.name) || typeof m.value !== 'object' || Array.isArray(m.value)) continue;
    const rule = (m.value as Record<string, unknown>)['rule'];
    if (typeof rule !== 'string') continue;
    byRule.set(rule, [...(byRule.get(rule) ?? []), m]);
  }
  const out: Diagnostic[] = [];
  crd.spec.versions.forEach((version, i) => {
    const schema = version.schema?.openAPIV3Schema as JSONSchemaProps | undefined;
    if (!schema) return;
    for (const e of schemaRuleErrors(schema, `spec.versions[${i}].schema.openAPIV3Schema`)) {
      // The marker's own syntax check has reported this one already, at the character.
      if (celSyntaxProblem(e.rule.rule) && e.detail.includes('Syntax error:')) continue;
      const sites = byRule.get(e.rule.rule) ?? [];
      const message = `CEL rule ${JSON.stringify(e.rule.rule)} of ${crd.metadata.name} ${version.name} would be refused by the API server: ${explain(e)}`;
      if (sites.length === 0) out.push(fallback(message));
      for (const m of sites) out.push({ severity: 'error', file: m.location.file, line: m.location.line, column: ruleColumn(m), message: `${message} (+${m.name})` });
    }
  });
  return out;
}
