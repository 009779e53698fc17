/**
 * Where a CRD validation error about x-kubernetes-validations comes from, for `manifests`: the
 * XValidation marker that wrote the rule (found by the rule's text, the column at the rule), and,
 * for a cost over budget, the estimate and the budget (kube-apiserver's message gives only the
 * factor). The errors themselves are the CRD validation's (src/kube/cel via apiextensions/validation).
 */
import type { CustomResourceDefinition } from './crd-types.js';
import { isMarkerOf, ruleColumn, type MarkedValue, type SourceLocation } from '../../markers/index.js';
import { STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, validateSchemaRules, type RuleError } from '../../kube/cel/validation-rules.js';
import type { JSONSchemaProps, ValidationRule } from '../../kube/json-schema-props.js';
import { X_VALIDATION_DEFINITIONS } from './markers/schema-markers.js';

/** Schemas already checked (watch mode regenerates the same schemas). */
const checked = new Map<string, RuleError[]>();
const CACHE_LIMIT = 1_000;

function schemaRuleErrors(crd: CustomResourceDefinition, version: number): RuleError[] {
  const schema = crd.spec.versions[version]?.schema?.openAPIV3Schema;
  if (!schema) return [];
  const prefix = `spec.versions[${version}].schema.openAPIV3Schema`;
  const key = `${prefix}\n${JSON.stringify(schema)}`;
  let errors = checked.get(key);
  if (!errors) {
    errors = validateSchemaRules(schema, prefix);
    if (checked.size >= CACHE_LIMIT) checked.clear();
    checked.set(key, errors);
  }
  return errors;
}

export interface CelErrorSite {
  /** The XValidation marker of the rule, at the rule text; undefined when no marker wrote it. */
  readonly location?: SourceLocation;
  /** What to add to the API server's message (the estimate and the budget of a cost error). */
  readonly note: string;
}

/** The x-kubernetes-validations entry a CRD field path (`...properties[spec].x-kubernetes-validations[0].rule`) is in. */
function ruleAt(crd: CustomResourceDefinition, field: string): ValidationRule | undefined {
  const m = /^spec\.versions\[(\d+)\]\.schema\.openAPIV3Schema((?:\.properties\[[^\]]*\]|\.items|\.additionalProperties)*)\.x-kubernetes-validations\[(\d+)\]/.exec(field);
  if (!m) return undefined;
  let schema: JSONSchemaProps | undefined = crd.spec.versions[Number(m[1])]?.schema?.openAPIV3Schema;
  for (const step of m[2].match(/\.properties\[[^\]]*\]|\.items|\.additionalProperties/g) ?? []) {
    if (step === '.items') schema = schema?.items;
    else if (step === '.additionalProperties') schema = typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    else schema = schema?.properties?.[step.slice('.properties['.length, -1)];
  }
  return schema?.['x-kubernetes-validations']?.[Number(m[3])];
}

/** The site of the CRD validation error (`field`, `message`) when it is about a validation rule. */
export function celErrorSite(crd: CustomResourceDefinition, field: string, message: string, markers: Iterable<MarkedValue>): CelErrorSite | undefined {
  const version = /^spec\.versions\[(\d+)\]\.schema\.openAPIV3Schema/.exec(field);
  if (!version) return undefined;
  const costError = schemaRuleErrors(crd, Number(version[1])).find((e) => e.field === field && e.message === message && e.cost !== undefined);
  let note = '';
  if (costError) {
    const total = /openAPIV3Schema$/.test(field) || message.includes('cost total exceeding cost limit');
    note = ` [estimated cost ${costError.cost}, budget ${total ? STATIC_ESTIMATED_CRD_COST_LIMIT : STATIC_ESTIMATED_COST_LIMIT}]`;
  }
  const rule = ruleAt(crd, field) ?? costError?.rule;
  if (!rule) return note === '' ? undefined : { note };
  for (const m of markers) {
    if (!X_VALIDATION_DEFINITIONS.some((def) => isMarkerOf(def, m) && m.value.rule === rule.rule)) continue;
    return { location: { file: m.location.file, line: m.location.line, column: ruleColumn(m) }, note };
  }
  return { note };
}
