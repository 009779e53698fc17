/**
 * x-kubernetes-validations: each rule is parsed and planned once, when the schema is compiled,
 * and evaluated with `self` (and `oldSelf` on update) as apiextensions-apiserver does, producing
 * the same field errors (`Invalid value: "object": failed rule: <rule>`, message, messageExpression,
 * reason, fieldPath).
 */
import { celEnv, isCelError, parse, plan, type CelInput, type CelResult } from '@bufbuild/cel';
import { fieldError, forbidden, invalid, required, duplicate, childPath, ROOT_FIELD } from '../field-error.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import type { ValidationRule } from '../../../kube/json-schema-props.js';
import type { SchemaNode } from '../node.js';
import { undefinedField } from './field-check.js';
import { kubernetesFunctions } from './library.js';
import { optionalOf } from './optional.js';
import { rewriteOptionalSelection } from '../../../kube/cel/optional-syntax.js';

const env = celEnv({ funcs: kubernetesFunctions });

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
    readonly member: 'rule' | 'messageExpression' | 'fieldPath' | 'reason',
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

function compileExpression(text: string, what: 'rule' | 'messageExpression'): { program: Program; ast: unknown } {
  let parsed;
  try {
    parsed = parse(rewriteOptionalSelection(text));
  } catch (err) {
    throw new RuleCompileError(what, `${JSON.stringify(text)} does not compile: ${(err as Error).message}`);
  }
  const program = plan(env, parsed) as unknown as Program;
  return { program, ast: parsed.expr };
}

/**
 * A rule's fieldPath (`.spec.x`, `.m['a.b']`) as a field path string, checked against the schema
 * that holds the rule as apiextensions-apiserver checks it (ValidFieldPath): each step names a
 * property or a map key, and list indices are not allowed.
 */
function normalizeFieldPath(fieldPath: string, node: SchemaNode): string {
  const fail = (why: string): never => {
    throw new RuleCompileError('fieldPath', `${JSON.stringify(fieldPath)} must be a valid path: ${why}`);
  };
  let out = '';
  let rest = fieldPath;
  let current: SchemaNode | undefined = node;
  while (rest.length > 0) {
    let m: RegExpExecArray | null;
    let name: string;
    if ((m = /^\.([A-Za-z_][A-Za-z0-9_-]*)/.exec(rest))) name = m[1]!;
    else if ((m = /^\['((?:[^'\\]|\\.)*)'\]/.exec(rest))) name = m[1]!.replace(/\\(.)/g, '$1');
    else if (/^\[\d*\]/.test(rest)) return fail('array notation is not allowed');
    else return fail(`expected [ or . but got: ${rest}`);
    const next: SchemaNode | undefined = current?.properties?.get(name) ?? current?.additionalProperties;
    if (!next) fail('does not refer to a valid field');
    out = current?.properties?.has(name) ? childPath(out, name) : `${out}[${name}]`;
    current = next;
    rest = rest.slice(m[0].length);
  }
  return out;
}

/** Names a rule may refer to besides the variables of its macros. */
const typeNames = new Set(['int', 'uint', 'double', 'bool', 'string', 'bytes', 'list', 'map', 'null_type', 'type', 'dyn']);
/** Namespaces of qualified functions (`optional.none()`, `sets.contains()`). */
const functionNamespaces = new Set(['optional', 'sets', 'math', 'strings', 'base64']);

type AstNode = { exprKind?: { case?: string; value?: Record<string, unknown> } };

/** The first identifier the expression uses that is neither declared nor bound by a macro. */
function undeclaredReference(expr: unknown, declared: Set<string>): string | undefined {
  const visit = (e: unknown, scope: Set<string>): string | undefined => {
    const kind = (e as AstNode | undefined)?.exprKind;
    if (!kind?.case || !kind.value) return undefined;
    const v = kind.value;
    switch (kind.case) {
      case 'identExpr': {
        const name = v.name as string;
        return scope.has(name) || typeNames.has(name) ? undefined : name;
      }
      case 'selectExpr':
        return visit(v.operand, scope);
      case 'callExpr': {
        const target = v.target as AstNode | undefined;
        const namespaced = target?.exprKind?.case === 'identExpr' && functionNamespaces.has(target.exprKind.value?.name as string);
        if (target && !namespaced) {
          const bad = visit(target, scope);
          if (bad) return bad;
        }
        for (const arg of (v.args as unknown[]) ?? []) {
          const bad = visit(arg, scope);
          if (bad) return bad;
        }
        return undefined;
      }
      case 'listExpr':
        for (const el of (v.elements as unknown[]) ?? []) {
          const bad = visit(el, scope);
          if (bad) return bad;
        }
        return undefined;
      case 'structExpr':
        for (const entry of (v.entries as { mapKey?: unknown; value?: unknown }[]) ?? []) {
          const bad = visit(entry.mapKey, scope) ?? visit(entry.value, scope);
          if (bad) return bad;
        }
        return undefined;
      case 'comprehensionExpr': {
        const inner = new Set(scope);
        for (const name of [v.iterVar, v.iterVar2, v.accuVar]) if (typeof name === 'string' && name !== '') inner.add(name);
        return visit(v.iterRange, scope) ?? visit(v.accuInit, scope) ?? visit(v.loopCondition, inner) ?? visit(v.loopStep, inner) ?? visit(v.result, inner);
      }
      default:
        return undefined;
    }
  };
  return visit(expr, declared);
}

const ruleReasons = ['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'];

/** Compiles the rules of `node` (whose children are compiled already, for fieldPath checks). */
export function compileRule(rule: ValidationRule, node: SchemaNode, isRoot = false): CompiledRule {
  if (typeof rule.rule !== 'string' || rule.rule.trim() === '') {
    throw new RuleCompileError('rule', 'Required value: a CEL expression');
  }
  if (rule.reason !== undefined && !ruleReasons.includes(rule.reason)) {
    throw new RuleCompileError('reason', `${JSON.stringify(rule.reason)} is not supported: supported values: ${ruleReasons.map((r) => JSON.stringify(r)).join(', ')}`);
  }
  const declared = new Set(['self', 'oldSelf']);
  const { program, ast } = compileExpression(rule.rule, 'rule');
  const undeclared = undeclaredReference(ast, declared);
  if (undeclared) {
    throw new RuleCompileError('rule', `${JSON.stringify(rule.rule)} does not compile: undeclared reference to '${undeclared}'`);
  }
  const variables = new Map([['self', node], ['oldSelf', node]]);
  const undefinedName = undefinedField(ast, variables, isRoot ? node : undefined);
  if (undefinedName) {
    throw new RuleCompileError('rule', `${JSON.stringify(rule.rule)} does not compile: undefined field '${undefinedName}'`);
  }
  const compiled: CompiledRule = {
    rule,
    program,
    usesOldSelf: referencesIdent(ast, 'oldSelf'),
    fieldPath: rule.fieldPath ? normalizeFieldPath(rule.fieldPath, node) : '',
  };
  if (rule.messageExpression) {
    const message = compileExpression(rule.messageExpression, 'messageExpression');
    const undeclaredInMessage = undeclaredReference(message.ast, declared);
    if (undeclaredInMessage) {
      throw new RuleCompileError('messageExpression', `${JSON.stringify(rule.messageExpression)} does not compile: undeclared reference to '${undeclaredInMessage}'`);
    }
    compiled.messageProgram = message.program;
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
  if (isCelError(result) || typeof result !== 'string') return undefined;
  const trimmed = result.trim();
  if (trimmed.length === 0 || trimmed.length > 5 * 1024 || /\n/.test(trimmed)) return undefined;
  return trimmed;
}

export interface RuleScope {
  /** The field path of the value (apimachinery rendering; '' is the root). */
  field: string;
  /** The schema type name of the value, shown as the bad value (`"object"`, `"string"`). */
  typeName: string;
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
    if (isCelError(result)) {
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
    switch (rule.reason) {
      case 'FieldValueForbidden':
        out.push(forbidden(field, detail));
        break;
      case 'FieldValueRequired':
        out.push(required(field, detail));
        break;
      case 'FieldValueDuplicate':
        out.push(duplicate(field, scope.typeName));
        break;
      default:
        out.push(fieldError('FieldValueInvalid', field, scope.typeName, detail));
    }
  }
}
