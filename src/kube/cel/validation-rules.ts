/**
 * What kube-apiserver checks in a CRD schema's x-kubernetes-validations when it compiles them, on
 * CRD create or update (apiextensions validation.go with schema/cel/compilation.go): each rule
 * compiles against the declared type of the schema holding it and evaluates to bool; a
 * messageExpression compiles and evaluates to string; `oldSelf` is not used under a list that is
 * not a map list; `optionalOldSelf` only with oldSelf; each rule's estimated cost (times how often
 * it can run in one request) stays within StaticEstimatedCostLimit, and the rules of the whole
 * schema within StaticEstimatedCRDCostLimit. Errors have the API server's paths, types and wording.
 * The text of the entries (reason, fieldPath, message) is checked before, with the schema's other
 * rules (src/apiextensions/schema/openapi-rules.ts), and the rules compile only when that passes.
 */
import { fieldErrorBody, type FieldCause, type FieldErrorType } from '../field-errors.js';
import { goJSON, goJSONStruct } from '../go-format.js';
import type { JSONSchemaProps, ValidationRule } from '../json-schema-props.js';
import { CelSyntaxError, checkExpression, displayIssues, type CheckedExpression, type Variable } from './checker.js';
import { estimateCost } from './cost.js';
import { maxCardinality, schemaDeclType, type DeclType } from './decl-type.js';
import { BOOL, formatType, optionalOf, STRING } from './types.js';

/** The largest estimated cost of one rule (apiextensions validation StaticEstimatedCostLimit). */
export const STATIC_ESTIMATED_COST_LIMIT = 10_000_000;
/** The largest estimated cost of all rules of a schema (StaticEstimatedCRDCostLimit). */
export const STATIC_ESTIMATED_CRD_COST_LIMIT = 100_000_000;

export const RULE_REASONS = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'] as const;

/** A problem with one x-kubernetes-validations entry, located for whoever wrote it. */
export interface RuleError extends FieldCause {
  /** The detail alone (after `Invalid value: ...: `). */
  readonly detail: string;
  /** The schema holding the rule, in the API server's notation (`openAPIV3Schema.properties[spec]`). */
  readonly schemaPath: string;
  readonly ruleIndex: number;
  readonly rule: ValidationRule;
  /** The estimated cost, for cost errors. */
  readonly cost?: number;
}

/**
 * The internal apiextensions.ValidationRule as kube-apiserver prints it as the bad value of a rule
 * compile error: its JSON, with the Go field names (the internal type has no JSON tags).
 */
export function goValidationRule(rule: ValidationRule): string {
  return goJSONStruct([
    ['Rule', goJSON(rule.rule ?? '')],
    ['Message', goJSON(rule.message ?? '')],
    ['MessageExpression', goJSON(rule.messageExpression ?? '')],
    ['Reason', goJSON(rule.reason ?? null)],
    ['FieldPath', goJSON(rule.fieldPath ?? '')],
    ['OptionalOldSelf', goJSON(rule.optionalOldSelf ?? null)],
  ]);
}

/** Go's %f (six decimals) and %.1f as the API server formats the factor over budget. */
export function costErrorMessage(costName: string, cost: number, limit: number): string {
  const exceed = cost / limit;
  const factor = exceed > 100 ? 'more than 100x' : exceed < 1.5 ? `${exceed.toFixed(6)}x` : `${exceed.toFixed(1)}x`;
  return `${costName} exceeds budget by factor of ${factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

export interface CompiledRuleCheck {
  readonly problems: { member: 'rule' | 'messageExpression'; detail: string }[];
  readonly usesOldSelf: boolean;
  /** The estimated cost of one evaluation (0 when the rule does not compile). */
  readonly cost: number;
  readonly messageCost: number;
  readonly checked?: CheckedExpression;
}

function usesIdent(checked: CheckedExpression, name: string): boolean {
  const visit = (node: unknown): boolean => {
    if (node === null || typeof node !== 'object') return false;
    const rec = node as { exprKind?: { case?: string; value?: { name?: string } } };
    if (rec.exprKind?.case === 'identExpr' && rec.exprKind.value?.name === name) return true;
    for (const v of Object.values(rec.exprKind?.value ?? {})) {
      if (Array.isArray(v) ? v.some(visit) : visit(v)) return true;
    }
    if (rec.exprKind?.case === 'structExpr') {
      for (const entry of (rec.exprKind.value as { entries?: { keyKind?: { value?: unknown }; value?: unknown }[] }).entries ?? []) {
        if (visit(entry.keyKind?.value) || visit(entry.value)) return true;
      }
    }
    return false;
  };
  return visit(checked.expr);
}

function compileText(text: string, variables: Map<string, Variable>): { checked?: CheckedExpression; error?: string } {
  try {
    const checked = checkExpression(text, variables);
    if (checked.issues.length > 0) return { checked, error: displayIssues(checked.source, checked.issues) };
    return { checked };
  } catch (err) {
    if (err instanceof CelSyntaxError) return { error: displayIssues(err.source, err.issues) };
    throw err;
  }
}

/**
 * Checks by declared type, then by what of the rule they read. A schema's DeclType is one object
 * (decl-type.ts caches it per schema), and the same rule of the same schema is checked more than
 * once: by validateSchemaRules for the CRD, then by the compile of the schema for evaluation.
 */
const checks = new WeakMap<DeclType, Map<string, CompiledRuleCheck>>();

/**
 * Compiles one rule against `decl` (the declared type of the schema holding it), as
 * compilation.go does: the rule, then its messageExpression, with their cost estimates.
 */
export function compileValidationRule(rule: ValidationRule, decl: DeclType): CompiledRuleCheck {
  const key = JSON.stringify([rule.rule, rule.messageExpression, rule.optionalOldSelf === true]);
  let forDecl = checks.get(decl);
  if (forDecl === undefined) checks.set(decl, (forDecl = new Map<string, CompiledRuleCheck>()));
  let result = forDecl.get(key);
  if (result === undefined) {
    result = checkValidationRule(rule, decl);
    forDecl.set(key, result);
  }
  return result;
}

function checkValidationRule(rule: ValidationRule, decl: DeclType): CompiledRuleCheck {
  const problems: CompiledRuleCheck['problems'] = [];
  const oldSelfType = rule.optionalOldSelf === true ? optionalOf(decl.type) : decl.type;
  const variables = new Map<string, Variable>([
    ['self', { type: decl.type, decl }],
    ['oldSelf', { type: oldSelfType, decl }],
  ]);
  const compiled = compileText(rule.rule, variables);
  if (compiled.error !== undefined) {
    problems.push({ member: 'rule', detail: `compilation failed: ${compiled.error}` });
    return { problems, usesOldSelf: false, cost: 0, messageCost: 0 };
  }
  const checked = compiled.checked!;
  const t = checked.type;
  // A rule that is dyn (an int-or-string value, say) is refused by cel-go; library functions this
  // checker types loosely also give dyn, so only a known non-bool type is reported.
  const usesOldSelf = usesIdent(checked, 'oldSelf');
  if (t.kind !== 'dyn' && formatType(t) !== formatType(BOOL)) {
    // As compilation.go: no cost and no messageExpression for a rule that is not a bool.
    problems.push({ member: 'rule', detail: 'cel expression must evaluate to a bool' });
    return { problems, usesOldSelf, cost: 0, messageCost: 0, checked };
  }
  const cost = estimateCost(checked).max;
  let messageCost = 0;
  if (rule.messageExpression !== undefined && rule.messageExpression.trim() !== '') {
    const message = compileText(rule.messageExpression, variables);
    if (message.error !== undefined) {
      problems.push({ member: 'messageExpression', detail: `messageExpression compilation failed: ${message.error}` });
    } else if (message.checked!.type.kind !== 'dyn' && formatType(message.checked!.type) !== formatType(STRING)) {
      problems.push({ member: 'messageExpression', detail: 'messageExpression must evaluate to a string' });
    } else {
      messageCost = estimateCost(message.checked!).max;
    }
  }
  return { problems, usesOldSelf, cost, messageCost, checked };
}

interface Context {
  path: string;
  schema: JSONSchemaProps;
  isResourceRoot: boolean;
  /** How many times a value here can occur in one request; undefined when unbounded. */
  cardinality: number | undefined;
  /** The list above that makes oldSelf unusable here (not a map list). */
  uncorrelatable: string | undefined;
}

/** The factor by which a schema multiplies how often its children occur (extractMaxElements). */
function childCardinality(schema: JSONSchemaProps, parent: number | undefined): number | undefined {
  if (parent === undefined) return undefined;
  let factor: number | undefined = 1;
  if (schema.type === 'object' && schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    factor = schema.maxProperties !== undefined ? Math.max(0, schema.maxProperties) : undefined;
  } else if (schema.type === 'array') {
    factor = schema.maxItems !== undefined ? Math.max(0, schema.maxItems) : undefined;
  }
  return factor === undefined ? undefined : parent * factor;
}

function makeError(
  type: FieldErrorType,
  field: string,
  detail: string,
  value: string | undefined,
  at: { schemaPath: string; ruleIndex: number; rule: ValidationRule },
  cost?: number,
): RuleError {
  return {
    reason: type,
    field,
    message: fieldErrorBody(type, detail, value === undefined ? undefined : () => value),
    detail,
    ...at,
    ...(cost !== undefined ? { cost } : {}),
  };
}

/**
 * Every x-kubernetes-validations problem kube-apiserver reports for `schema` (a CRD version's
 * openAPIV3Schema, assumed structural); `prefix` is its path in the CRD
 * (`spec.versions[0].schema.openAPIV3Schema`).
 */
export function validateSchemaRules(schema: JSONSchemaProps, prefix = 'openAPIV3Schema'): RuleError[] {
  const out: RuleError[] = [];
  const costs: { field: string; cost: number; at: { schemaPath: string; ruleIndex: number; rule: ValidationRule } }[] = [];
  let total = 0;

  const visit = (ctx: Context): void => {
    const { schema: s, path } = ctx;
    const rules = s['x-kubernetes-validations'] ?? [];
    if (rules.length > 0) {
      const decl = schemaDeclType(s, ctx.isResourceRoot, 'object');
      rules.forEach((rule, i) => {
        const base = `${path}.x-kubernetes-validations[${i}]`;
        const at = { schemaPath: path, ruleIndex: i, rule };
        if (!decl || typeof rule.rule !== 'string' || rule.rule.trim() === '') return;
        const result = compileValidationRule(rule, decl);
        const ruleCost = result.cost === 0 ? 0 : result.cost * (ctx.cardinality ?? maxCardinality(decl.minSize));
        if (ruleCost > STATIC_ESTIMATED_COST_LIMIT) {
          out.push(makeError('FieldValueForbidden', `${base}.rule`, costErrorMessage('estimated rule cost', ruleCost, STATIC_ESTIMATED_COST_LIMIT), undefined, at, ruleCost));
        }
        total += ruleCost;
        costs.push({ field: `${base}.rule`, cost: ruleCost, at });
        for (const p of result.problems.filter((x) => x.member === 'rule')) {
          out.push(makeError('FieldValueInvalid', `${base}.rule`, p.detail, goValidationRule(rule), at));
        }
        const messageProblem = result.problems.find((x) => x.member === 'messageExpression');
        if (messageProblem) {
          out.push(makeError('FieldValueInvalid', `${base}.messageExpression`, messageProblem.detail, goValidationRule(rule), at));
        } else if (result.messageCost > 0) {
          if (result.messageCost > STATIC_ESTIMATED_COST_LIMIT) {
            out.push(makeError('FieldValueForbidden', `${base}.messageExpression`, costErrorMessage('estimated messageExpression cost', result.messageCost, STATIC_ESTIMATED_COST_LIMIT), undefined, at, result.messageCost));
          }
          total += result.messageCost;
          costs.push({ field: `${base}.messageExpression`, cost: result.messageCost, at });
        }
        if (result.usesOldSelf) {
          if (ctx.uncorrelatable !== undefined) {
            out.push(makeError('FieldValueInvalid', `${base}.rule`, `oldSelf cannot be used on the uncorrelatable portion of the schema within ${ctx.uncorrelatable}`, JSON.stringify(rule.rule), at));
          }
        } else if (rule.optionalOldSelf !== undefined) {
          out.push(makeError('FieldValueInvalid', `${base}.optionalOldSelf`, 'may not be set if oldSelf is not used in rule', String(rule.optionalOldSelf), at));
        }
      });
    }
    const child = (childSchema: JSONSchemaProps, childPath: string, uncorrelatable: string | undefined) =>
      visit({
        path: childPath,
        schema: childSchema,
        isResourceRoot: childSchema['x-kubernetes-embedded-resource'] === true,
        cardinality: childCardinality(s, ctx.cardinality),
        uncorrelatable,
      });
    for (const [name, prop] of Object.entries(s.properties ?? {})) child(prop, `${path}.properties[${name}]`, ctx.uncorrelatable);
    if (s.items) {
      const listType = s['x-kubernetes-list-type'];
      child(s.items, `${path}.items`, ctx.uncorrelatable ?? (listType === 'map' ? undefined : path));
    }
    if (typeof s.additionalProperties === 'object') child(s.additionalProperties, `${path}.additionalProperties`, ctx.uncorrelatable);
  };

  visit({ path: prefix, schema, isResourceRoot: true, cardinality: 1, uncorrelatable: undefined });

  if (total > STATIC_ESTIMATED_CRD_COST_LIMIT) {
    const expensive = costs.filter((c) => c.cost >= STATIC_ESTIMATED_CRD_COST_LIMIT / 100).sort((a, b) => b.cost - a.cost).slice(0, 4);
    const first = expensive[0]?.at ?? costs[0].at;
    // As kube-apiserver 1.34-1.36 word and order them: the most expensive rules, then the total.
    for (const c of expensive) {
      out.push(makeError('FieldValueForbidden', c.field, 'contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema', undefined, c.at, c.cost));
    }
    out.push(makeError('FieldValueForbidden', prefix, costErrorMessage('x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema', total, STATIC_ESTIMATED_CRD_COST_LIMIT), undefined, first, total));
  }
  return out;
}
