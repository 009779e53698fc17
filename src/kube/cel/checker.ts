/**
 * A CEL type checker over @bufbuild/cel's parsed AST (the library's own checker only types
 * constants and identifiers). It does what cel-go's checker does for CRD validation rules, with
 * cel-go's messages: identifiers against the declared variables (`undeclared reference to 'x'
 * (in container '')`), field selection against object types (`undefined field 'x'`, `type 'int'
 * does not support field selection`), overload resolution for operators and functions
 * (`found no matching overload for '_+_' applied to '(int, string)'`), comprehension ranges,
 * `has()`, optional field selection, `cel.bind`, two-variable comprehensions.
 *
 * Limits: type parameters are resolved per call only (no global unification: an empty list
 * literal is list(dyn), a `map()` macro's result is typed from its transform); functions are
 * those of functions.ts; mixed-type list and map literals are list(dyn) and map(dyn, dyn).
 */
import type { DeclType } from './decl-type.js';
import { overloadsOf, TYPE_NAMES } from './functions.js';
import { rewriteOptionalSelection } from './optional-syntax.js';
import { keywordFieldName } from './escape.js';
import { keywordSelectionIssues } from './keyword-selection.js';
import type { CheckIssue } from './check-issue.js';

export type { CheckIssue } from './check-issue.js';
import { CelLimitError, parseWithinLimits } from './parse-limits.js';
import { BOOL, BYTES, DOUBLE, DYN, ERROR, formatType, INT, isDynOrError, listOf, mapOf, NULL, optionalOf, STRING, UINT, type CelType } from './types.js';

import type { Expr } from './expr.js';

export type { Expr } from './expr.js';

export interface Variable {
  readonly type: CelType;
  /** The schema type the variable holds, for size estimates (self, oldSelf). */
  readonly decl?: DeclType;
}

export interface CheckedExpression {
  /** The source as parsed (optional selections rewritten). */
  readonly source: string;
  readonly expr: Expr;
  readonly type: CelType;
  readonly types: ReadonlyMap<bigint, CelType>;
  /** Expressions whose value is a schema-declared value (self.spec.x, list items, map values). */
  readonly decls: ReadonlyMap<bigint, DeclType>;
  /** The overloads each call may resolve to. */
  readonly overloads: ReadonlyMap<bigint, readonly string[]>;
  readonly issues: readonly CheckIssue[];
}

type Subst = Map<string, CelType>;

function unify(formal: CelType, actual: CelType, subst: Subst): boolean {
  if (actual.kind === 'error') return true;
  switch (formal.kind) {
    case 'param': {
      const bound = subst.get(formal.name);
      if (!bound) {
        subst.set(formal.name, actual);
        return true;
      }
      if (assignable(bound, actual, subst)) return true;
      // A bound type param widens to dyn when the other side is dyn.
      if (bound.kind === 'dyn') return true;
      if (assignable(actual, bound, subst)) {
        subst.set(formal.name, actual);
        return true;
      }
      return false;
    }
    default:
      return assignable(formal, actual, subst);
  }
}

const nullable = (t: CelType) => t.kind === 'object' || t.kind === 'opaque' || t.kind === 'dyn' || (t.kind === 'scalar' && t.name === 'null_type');

function assignable(formal: CelType, actual: CelType, subst: Subst): boolean {
  if (formal.kind === 'param') return unify(formal, actual, subst);
  if (formal.kind === 'dyn' || formal.kind === 'error' || actual.kind === 'dyn' || actual.kind === 'error') return true;
  if (actual.kind === 'scalar' && actual.name === 'null_type' && nullable(formal)) return true;
  if (formal.kind === 'scalar' && formal.name === 'null_type' && nullable(actual)) return true;
  switch (formal.kind) {
    case 'scalar':
      return actual.kind === 'scalar' && actual.name === formal.name;
    case 'list':
      return actual.kind === 'list' && unify(formal.elem, actual.elem, subst);
    case 'map':
      return actual.kind === 'map' && unify(formal.key, actual.key, subst) && unify(formal.value, actual.value, subst);
    case 'object':
      return actual.kind === 'object' && actual.name === formal.name;
    case 'opaque':
      return actual.kind === 'opaque' && actual.name === formal.name && actual.params.length === formal.params.length && formal.params.every((p, i) => unify(p, actual.params[i], subst));
  }
}

function substitute(t: CelType, subst: Subst): CelType {
  switch (t.kind) {
    case 'param':
      return subst.get(t.name) ?? DYN;
    case 'list':
      return listOf(substitute(t.elem, subst));
    case 'map':
      return mapOf(substitute(t.key, subst), substitute(t.value, subst));
    case 'opaque':
      return t.params.length === 0 ? t : { kind: 'opaque', name: t.name, params: t.params.map((p) => substitute(p, subst)) };
    default:
      return t;
  }
}

const sameType = (a: CelType, b: CelType) => formatType(a) === formatType(b);

/** The rules' parse errors, as cel-go reports them (one or more). */
export class CelSyntaxError extends Error {
  constructor(
    readonly source: string,
    readonly issues: readonly CheckIssue[],
  ) {
    super(issues.map((issue) => issue.message).join('; '));
  }
}

interface PeggyError {
  rawMessage?: string;
  message: string;
  location?: { start?: { offset?: number } };
}

export function parseRule(text: string): { source: string; expr: Expr; positions: Record<string, number> } {
  const source = text.includes('.?') ? rewriteOptionalSelection(text) : text;
  try {
    const parsed = parseWithinLimits(source);
    return { source, expr: parsed.expr as unknown as Expr, positions: (parsed.sourceInfo?.positions ?? {}) };
  } catch (e) {
    // cel-go reports its limits at no location (`<input>:-1:0`), without echoing the rule.
    if (e instanceof CelLimitError) throw new CelSyntaxError(source, [{ message: e.message, offset: -1 }]);
    // A field selected by a keyword's name: cel-go's parser recovers and reports more than ours.
    const keywordIssues = keywordSelectionIssues(source);
    if (keywordIssues) throw new CelSyntaxError(source, keywordIssues);
    const err = e as PeggyError;
    throw new CelSyntaxError(source, [{ message: `Syntax error: ${err.rawMessage ?? err.message}`, offset: err.location?.start?.offset ?? 0 }]);
  }
}

/** Type-checks `text` with `variables` declared. Throws CelSyntaxError when it does not parse. */
export function checkExpression(text: string, variables: ReadonlyMap<string, Variable>): CheckedExpression {
  const { source, expr, positions } = parseRule(text);
  const types = new Map<bigint, CelType>();
  const decls = new Map<bigint, DeclType>();
  const overloads = new Map<bigint, string[]>();
  const issues: CheckIssue[] = [];
  const rootDecl = variables.get('self')?.decl;

  const report = (e: Expr, message: string) => {
    // The parser places a binary operator's call just after its left operand; cel-go points at the operator.
    let offset = positions[String(e.id)] ?? 0;
    while (offset < source.length && /\s/.test(source[offset])) offset++;
    issues.push({ message, offset });
  };

  type Scope = ReadonlyMap<string, Variable>;

  const setType = (e: Expr, t: CelType): CelType => {
    types.set(e.id, t);
    return t;
  };

  const resolveCall = (e: Expr, name: string, member: boolean, argTypes: CelType[]): CelType => {
    const candidates = overloadsOf(name);
    if (!candidates) {
      report(e, `undeclared reference to '${name}' (in container '')`);
      return ERROR;
    }
    if (argTypes.some((t) => t.kind === 'error')) return ERROR;
    const matched: { id: string; result: CelType }[] = [];
    for (const o of candidates) {
      if (o.member !== member || o.args.length !== argTypes.length) continue;
      const subst: Subst = new Map();
      if (o.args.every((formal, i) => unify(formal, argTypes[i], subst))) matched.push({ id: o.id, result: substitute(o.result, subst) });
    }
    if (matched.length === 0) {
      const shown = argTypes.map(formatType);
      const signature = member ? `${shown[0]}.(${shown.slice(1).join(', ')})` : `(${shown.join(', ')})`;
      report(e, `found no matching overload for '${name}' applied to '${signature}'`);
      return ERROR;
    }
    overloads.set(e.id, matched.map((m) => m.id));
    const first = matched[0].result;
    return matched.every((m) => sameType(m.result, first)) ? first : DYN;
  };

  const selectField = (e: Expr, operand: CelType, field: string, operandExpr: Expr): CelType => {
    switch (operand.kind) {
      case 'dyn':
      case 'error':
        return operand;
      case 'object': {
        const name = operand.fields.has(field) ? field : (keywordFieldName(field) ?? field);
        const t = operand.fields.get(name);
        if (!t) {
          report(e, `undefined field '${field}'`);
          return ERROR;
        }
        // kube-apiserver's size estimate follows the field path by escaped names: a keyword written
        // as it is (`self.namespace`) finds no schema there, so its size (and what is under it) is unknown.
        const parent = name === field ? decls.get(operandExpr.id) : undefined;
        const child = parent?.fields?.get(name);
        if (child) decls.set(e.id, child);
        return t;
      }
      case 'map':
        return operand.value;
      default:
        report(e, `type '${formatType(operand)}' does not support field selection`);
        return ERROR;
    }
  };

  const visit = (e: Expr, scope: Scope): CelType => {
    const v = e.exprKind.value;
    switch (e.exprKind.case) {
      case 'constExpr': {
        const c = v.constantKind.case as string;
        const t =
          c === 'int64Value' ? INT : c === 'uint64Value' ? UINT : c === 'doubleValue' ? DOUBLE : c === 'stringValue' ? STRING : c === 'bytesValue' ? BYTES : c === 'boolValue' ? BOOL : NULL;
        return setType(e, t);
      }
      case 'identExpr': {
        const name = v.name;
        const variable = scope.get(name);
        if (variable) {
          // As cel-go's size estimator: a name without a schema path of its own is looked up from self's type.
          const decl = variable.decl ?? rootDecl;
          if (decl) decls.set(e.id, decl);
          return setType(e, variable.type);
        }
        const typeName = TYPE_NAMES.get(name);
        if (typeName) {
          if (rootDecl) decls.set(e.id, rootDecl);
          return setType(e, typeName);
        }
        report(e, `undeclared reference to '${name}' (in container '')`);
        return setType(e, ERROR);
      }
      case 'selectExpr': {
        const operandExpr = v.operand;
        const operand = visit(operandExpr, scope);
        const t = selectField(e, operand, v.field, operandExpr);
        return setType(e, v.testOnly ? (t.kind === 'error' ? ERROR : BOOL) : t);
      }
      case 'callExpr':
        return setType(e, visitCall(e, scope));
      case 'listExpr': {
        const elems = (v.elements ?? []).map((el) => visit(el, scope));
        if (elems.some((t) => t.kind === 'error')) return setType(e, ERROR);
        const first = elems[0];
        return setType(e, listOf(first && elems.every((t) => sameType(t, first)) ? first : DYN));
      }
      case 'structExpr': {
        const keys: CelType[] = [];
        const values: CelType[] = [];
        for (const entry of (v.entries as { keyKind: { case: string; value: Expr }; value: Expr }[]) ?? []) {
          if (entry.keyKind.case === 'mapKey') keys.push(visit(entry.keyKind.value, scope));
          values.push(visit(entry.value, scope));
        }
        if (v.messageName) return setType(e, DYN);
        const uniform = (ts: CelType[]) => (ts[0] && ts.every((t) => sameType(t, ts[0])) ? ts[0] : DYN);
        return setType(e, mapOf(uniform(keys), uniform(values)));
      }
      case 'comprehensionExpr':
        return setType(e, visitComprehension(e, scope));
      default:
        return setType(e, DYN);
    }
  };

  const visitCall = (e: Expr, scope: Scope): CelType => {
    const v = e.exprKind.value;
    const name = v.function;
    const args = v.args ?? [];
    const target = v.target;
    // Qualified global functions (`sets.contains(...)`, `optional.none()`) parse as member calls.
    if (target?.exprKind.case === 'identExpr' && !scope.has(target.exprKind.value.name)) {
      const qualified = `${target.exprKind.value.name}.${name}`;
      if (qualified === 'cel.bind' && args.length === 3 && args[0].exprKind.case === 'identExpr') {
        const init = visit(args[1], scope);
        const inner = new Map(scope);
        const initDecl = decls.get(args[1].id);
        inner.set(args[0].exprKind.value.name, { type: init, ...(initDecl ? { decl: initDecl } : {}) });
        return visit(args[2], inner);
      }
      if (qualified === 'optional.select_' && args.length === 2) return optionalSelect(e, args, scope);
      if (overloadsOf(qualified)) {
        const argTypes = args.map((a) => visit(a, scope));
        return resolveCall(e, qualified, false, argTypes);
      }
    }
    if (target && TWO_VARIABLE_MACROS.has(name) && args.length >= 3 && args[0].exprKind.case === 'identExpr' && args[1].exprKind.case === 'identExpr') {
      return twoVariableComprehension(name, target, args, scope);
    }
    const argTypes = args.map((a) => visit(a, scope));
    if (target) {
      const targetType = visit(target, scope);
      return resolveCall(e, name, true, [targetType, ...argTypes]);
    }
    const t = resolveCall(e, name, false, argTypes);
    if (name === '_[_]' && args.length === 2) {
      const parent = decls.get(args[0].id);
      if (parent?.elem) decls.set(e.id, parent.elem);
    }
    return t;
  };

  const optionalSelect = (e: Expr, args: Expr[], scope: Scope): CelType => {
    let operand = visit(args[0], scope);
    visit(args[1], scope);
    const fieldExpr = args[1].exprKind.value;
    const field = fieldExpr?.constantKind?.value as string;
    if (operand.kind === 'opaque' && operand.name === 'optional_type') operand = operand.params[0] ?? DYN;
    const t = selectField(e, operand, field, args[0]);
    return t.kind === 'error' ? ERROR : optionalOf(t);
  };

  // cel-go's two-variable comprehensions (`l.all(i, v, ...)`, `m.transformMap(k, v, ...)`), which
  // @bufbuild/cel's parser leaves as calls: index or key and value, then the predicate or transform.
  const twoVariableComprehension = (name: string, target: Expr, args: Expr[], scope: Scope): CelType => {
    const range = visit(target, scope);
    const rangeDecl = decls.get(target.id);
    const inner = new Map(scope);
    const [first, second] = [args[0].exprKind.value.name, args[1].exprKind.value.name];
    if (range.kind === 'list') {
      inner.set(first, { type: INT });
      inner.set(second, { type: range.elem, ...(rangeDecl?.elem ? { decl: rangeDecl.elem } : {}) });
    } else if (range.kind === 'map') {
      inner.set(first, { type: range.key, ...(rangeDecl?.key ? { decl: rangeDecl.key } : {}) });
      inner.set(second, { type: range.value, ...(rangeDecl?.elem ? { decl: rangeDecl.elem } : {}) });
    } else if (isDynOrError(range)) {
      inner.set(first, { type: range });
      inner.set(second, { type: range });
    } else {
      report(target, `expression of type '${formatType(range)}' cannot be range of a comprehension (must be list, map, or dynamic)`);
      return ERROR;
    }
    const bodies = args.slice(2).map((a) => visit(a, inner));
    const last = bodies[bodies.length - 1] ?? DYN;
    if (name === 'transformList') return listOf(last);
    if (name === 'transformMap') return mapOf(range.kind === 'list' ? INT : range.kind === 'map' ? range.key : DYN, last);
    if (name === 'transformMapEntry') return mapOf(DYN, DYN);
    return BOOL;
  };

  const visitComprehension = (e: Expr, scope: Scope): CelType => {
    const v = e.exprKind.value;
    const rangeExpr = v.iterRange;
    const range = visit(rangeExpr, scope);
    const rangeDecl = decls.get(rangeExpr.id);
    const iterVar = v.iterVar;
    const iterVar2 = (v.iterVar2) || undefined;
    let first: Variable;
    let second: Variable | undefined;
    if (range.kind === 'list') {
      const elem: Variable = { type: range.elem, ...(rangeDecl?.elem ? { decl: rangeDecl.elem } : {}) };
      if (iterVar2) {
        first = { type: INT };
        second = elem;
      } else first = elem;
    } else if (range.kind === 'map') {
      first = { type: range.key, ...(rangeDecl?.key ? { decl: rangeDecl.key } : {}) };
      if (iterVar2) second = { type: range.value, ...(rangeDecl?.elem ? { decl: rangeDecl.elem } : {}) };
    } else if (isDynOrError(range)) {
      first = { type: range };
      if (iterVar2) second = { type: range };
    } else {
      report(rangeExpr, `expression of type '${formatType(range)}' cannot be range of a comprehension (must be list, map, or dynamic)`);
      first = { type: ERROR };
      if (iterVar2) second = { type: ERROR };
    }
    const initExpr = v.accuInit;
    const init = visit(initExpr, scope);
    const accuVar = v.accuVar;
    const inner = new Map(scope);
    inner.set(accuVar, { type: init });
    inner.set(iterVar, first);
    if (iterVar2 && second) inner.set(iterVar2, second);
    visit(v.loopCondition, inner);
    visit(v.loopStep, inner);
    // map() and filter() start from []: their result is a list of what the step appends.
    const appended = appendedElement(v.loopStep, accuVar);
    if (appended && initExpr.exprKind.case === 'listExpr') {
      const elem = types.get(appended.id) ?? DYN;
      inner.set(accuVar, { type: listOf(elem.kind === 'error' ? DYN : elem) });
    }
    return visit(v.result, inner);
  };

  const rootType = visit(expr, variables);
  issues.sort((a, b) => a.offset - b.offset);
  return { source, expr, type: rootType, types, decls, overloads, issues };
}

/** Macros of cel-go's two-variable comprehension extension. */
export const TWO_VARIABLE_MACROS: ReadonlySet<string> = new Set(['all', 'exists', 'existsOne', 'exists_one', 'transformList', 'transformMap', 'transformMapEntry']);

/** In `@result + [x]` (possibly under `_?_:_`), the expression x appended to the accumulator. */
function appendedElement(step: Expr, accuVar: string): Expr | undefined {
  const v = step.exprKind.value;
  if (step.exprKind.case !== 'callExpr') return undefined;
  if (v.function === '_?_:_') return appendedElement(v.args[1], accuVar);
  if (v.function !== '_+_' || v.args.length !== 2) return undefined;
  const [lhs, rhs] = v.args;
  if (lhs.exprKind.case !== 'identExpr' || lhs.exprKind.value.name !== accuVar) return undefined;
  if (rhs.exprKind.case !== 'listExpr' || rhs.exprKind.value.elements.length !== 1) return undefined;
  return rhs.exprKind.value.elements[0];
}

/** How much of a long source line an error shows on each side of its column. */
const SNIPPET_REACH = 80;

/**
 * cel-go's display of compile errors (common.Error.ToDisplayString): each error as
 * `ERROR: <input>:line:column: message`, the source line and a caret under the column; an error at
 * no location (offset -1: a parser limit) as `ERROR: <input>:-1:0: message` alone. A line longer
 * than the reach on either side of the column is cut to it, each cut marked `...` (cel-go echoes
 * the whole line, which for a rule past the size limit is a megabyte).
 */
export function displayIssues(source: string, issues: readonly CheckIssue[]): string {
  const lines = source.split('\n');
  return issues
    .map((issue) => {
      if (issue.offset < 0) return `ERROR: <input>:-1:0: ${issue.message}`;
      const before = source.slice(0, issue.offset);
      const line = before.split('\n').length;
      const column = issue.offset - (before.lastIndexOf('\n') + 1);
      const chars = [...(lines[line - 1] ?? '').replace(/\t/g, ' ')];
      const from = Math.max(0, column - SNIPPET_REACH);
      const to = Math.min(chars.length, column + SNIPPET_REACH + 1);
      const lead = from > 0 ? '...' : '';
      const text = `${lead}${chars.slice(from, to).join('')}${to < chars.length ? '...' : ''}`;
      const dots = lead + chars.slice(from, column).map((ch) => (ch.length > 1 || ch.charCodeAt(0) > 0x7f ? '\uff0e' : '.')).join('');
      const caret = (chars[column]?.codePointAt(0) ?? 0) > 0x7f ? '\uff3e' : '^';
      return `ERROR: <input>:${line}:${column + 1}: ${issue.message}\n | ${text}\n | ${dots}${caret}`;
    })
    .join('\n');
}
