/**
 * x-kubernetes-validations: each rule is parsed and planned once, when the schema is compiled,
 * and evaluated with `self` (and `oldSelf` on update) as apiextensions-apiserver does, producing
 * the same field errors (`Invalid value: 5: failed rule: <rule>`, message, messageExpression,
 * reason, fieldPath).
 */
import type { CelEnv, CelInput, CelResult } from '@bufbuild/cel';
import { cel } from '../../../kube/cel/bufbuild.js';
import { fieldError, forbidden, invalid, required, duplicate, childPath, OMIT, ROOT_FIELD, type FieldCause } from '../../../kube/field-errors.js';
import type { JSONSchemaProps, ValidationRule } from '../../../kube/json-schema-props.js';
import { compileValidationRule, RULE_REASONS } from '../../../kube/cel/validation-rules.js';
import { schemaDeclType } from '../../../kube/cel/decl-type.js';
import { resolveFieldPath } from '../../../kube/cel/field-path.js';
import { kubernetesFunctions } from './library.js';
import { optionalOf } from './optional.js';
import { rewriteOptionalSelection } from '../../../kube/cel/optional-syntax.js';
import { parseCel } from '../../../kube/cel/parse-cache.js';

let env: CelEnv | undefined;

function celEnvironment(): CelEnv {
  return (env ??= cel().celEnv({ funcs: kubernetesFunctions() }));
}

type Program = (bindings: Record<string, CelInput>) => CelResult;

export interface CompiledRule {
  rule: ValidationRule;
  program: Program;
  messageProgram?: Program;
  usesOldSelf: boolean;
  /** The rule's fieldPath as an apimachinery field path relative to the schema (`spec.x`, `m[key]`). */
  fieldPath: string;
}

/** A rule that does not compile: `member` is the ValidationRule field at fault (rule, fieldPath, ...). */
export class RuleCompileError extends Error {
  constructor(
    readonly member: 'rule' | 'messageExpression' | 'fieldPath' | 'reason' | 'optionalOldSelf',
    readonly detail: string,
  ) {
    super(`${member}: ${detail}`);
  }
}

function referencesIdent(node: unknown, name: string, seen = new Set<unknown>()): boolean {
  if (node === null || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  const rec = node as Record<string, unknown>;
  if (rec.case === 'identExpr' && (rec.value as { name?: string } | undefined)?.name === name) return true;
  for (const v of Object.values(rec)) if (referencesIdent(v, name, seen)) return true;
  return false;
}

function parseForPlan(text: string, what: 'rule' | 'messageExpression') {
  try {
    return parseCel(rewriteOptionalSelection(text));
  } catch (err) {
    throw new RuleCompileError(what, `${what === 'rule' ? 'compilation failed' : 'messageExpression compilation failed'}: ${(err as Error).message}`);
  }
}

/**
 * Compiles a rule of `node` (whose children are compiled already): it must pass kube-apiserver's
 * checks (src/kube/cel: types against the schema, reason, fieldPath), then it is planned for
 * evaluation with @bufbuild/cel. Only the node's schema is read: taking the SchemaNode type here would
 * make node.ts, which calls this, and this file import each other.
 */
export function compileRule(rule: ValidationRule, node: { readonly schema: JSONSchemaProps }, isRoot = false): CompiledRule {
  if (typeof rule.rule !== 'string' || rule.rule.trim() === '') {
    throw new RuleCompileError('rule', 'Required value: a CEL expression');
  }
  if (rule.reason !== undefined && !(RULE_REASONS as readonly string[]).includes(rule.reason)) {
    throw new RuleCompileError('reason', `Unsupported value: ${JSON.stringify(rule.reason)}: supported values: ${RULE_REASONS.map((r) => JSON.stringify(r)).join(', ')}`);
  }
  const fieldPath = rule.fieldPath ? resolveFieldPath(rule.fieldPath, node.schema) : '';
  if (fieldPath instanceof Error) throw new RuleCompileError('fieldPath', 'fieldPath must be a valid path');
  const decl = schemaDeclType(node.schema, isRoot || node.schema['x-kubernetes-embedded-resource'] === true);
  let usesOldSelf: boolean | undefined;
  if (decl) {
    const checked = compileValidationRule(rule, decl);
    const problem = checked.problems[0];
    if (problem) throw new RuleCompileError(problem.member, problem.detail);
    usesOldSelf = checked.usesOldSelf;
  }
  usesOldSelf ??= referencesIdent(parseForPlan(rule.rule, 'rule').expr, 'oldSelf');
  const compiled: CompiledRule = {
    rule,
    program: cel().plan(celEnvironment(), parseForPlan(rule.rule, 'rule')),
    usesOldSelf,
    fieldPath,
  };
  if (rule.messageExpression) {
    compiled.messageProgram = cel().plan(celEnvironment(), parseForPlan(rule.messageExpression, 'messageExpression'));
  }
  return compiled;
}

/** cel-go's wording for the evaluation errors users meet most, which reach them in the Status. */
function celGoMessage(message: string): string {
  let m: RegExpExecArray | null;
  if ((m = /^field not found: (.*)$/.exec(message))) return `no such key: ${m[1]}`;
  if (message.startsWith('found no matching overload')) return 'no such overload';
  if (message === 'int divide by zero') return 'division by zero';
  if (message === 'int modulus by zero') return 'modulus by zero';
  return message;
}

function ruleErrorString(rule: ValidationRule): string {
  return rule.message && rule.message.length > 0 ? rule.message.trim() : rule.rule.trim();
}

function ruleMessageOrDefault(rule: ValidationRule): string {
  return rule.message && rule.message.length > 0 ? rule.message.trim() : `failed rule: ${ruleErrorString(rule)}`;
}

function messageFromExpression(program: Program, bindings: Record<string, CelInput>): string | undefined {
  const result = program(bindings);
  if (cel().isCelError(result) || typeof result !== 'string') return undefined;
  const trimmed = result.trim();
  if (trimmed.length === 0 || trimmed.length > 5 * 1024 || /\n/.test(trimmed)) return undefined;
  return trimmed;
}

export interface RuleScope {
  /** The field path of the value (apimachinery rendering; '' is the root). */
  field: string;
  /** The schema type name of the value, the bad value of evaluation errors (`"object"`, `"string"`). */
  typeName: string;
  /** The value as decoded JSON: the bad value of a failed rule (left out for objects and lists, since 1.35). */
  value: unknown;
  self: CelInput;
  /** Undefined when there is no old value (create, or a new field). */
  oldSelf: CelInput | undefined;
  /** True when the old value exists and equals the new one: rules not using oldSelf ratchet. */
  unchanged: boolean;
}

export function evaluateRules(rules: CompiledRule[], scope: RuleScope, out: FieldCause[]): void {
  const fieldOrRoot = (f: string) => (f === '' ? ROOT_FIELD : f);
  for (const compiled of rules) {
    const { rule } = compiled;
    const optionalOld = rule.optionalOldSelf === true;
    if (compiled.usesOldSelf && scope.oldSelf === undefined && !optionalOld) continue;
    if (!compiled.usesOldSelf && scope.unchanged) continue;
    const bindings: Record<string, CelInput> = { self: scope.self };
    if (optionalOld) bindings.oldSelf = optionalOf(scope.oldSelf);
    else if (scope.oldSelf !== undefined) bindings.oldSelf = scope.oldSelf;

    const result = compiled.program(bindings);
    if (cel().isCelError(result)) {
      const text = celGoMessage(result.message);
      const detail = text.startsWith('no such overload')
        ? `'${text}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(rule)}`
        : `${text} evaluating rule: ${ruleErrorString(rule)}`;
      out.push(invalid(fieldOrRoot(scope.field), scope.typeName, detail));
      continue;
    }
    if (result === true) continue;

    const field = fieldOrRoot(compiled.fieldPath ? childPath(scope.field, compiled.fieldPath) : scope.field);
    let detail: string | undefined;
    if (compiled.messageProgram) {
      const msgBindings = { ...bindings };
      if (scope.oldSelf !== undefined) msgBindings.oldSelf = scope.oldSelf;
      detail = messageFromExpression(compiled.messageProgram, msgBindings);
    }
    detail ??= ruleMessageOrDefault(rule);
    const bad = scope.typeName === 'object' || scope.typeName === 'array' ? OMIT : scope.value;
    switch (rule.reason) {
      case 'FieldValueForbidden':
        out.push(forbidden(field, detail));
        break;
      case 'FieldValueRequired':
        out.push(required(field, detail));
        break;
      case 'FieldValueDuplicate':
        out.push(duplicate(field, bad));
        break;
      default:
        out.push(fieldError('FieldValueInvalid', field, bad, detail));
    }
  }
}
