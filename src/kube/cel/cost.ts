/**
 * The static cost estimate of a checked CEL expression, as cel-go's checker/cost.go computes it
 * with the Kubernetes library estimator (apiserver/pkg/cel/library/cost.go) and
 * apiextensions-apiserver's size estimator: identifiers and field selections cost 1, most calls
 * 1 plus their arguments, string operations a tenth of the string sizes involved, regexes a
 * quarter of the pattern length times a tenth of the string, a comprehension its range's size
 * times the cost of one iteration. Sizes of schema values come from the declared types
 * (maxItems, maxProperties, maxLength, or what a 3 MiB request can hold).
 *
 * Limits: sets.*, join and format use a simplified estimate; two-variable comprehensions are
 * costed as all() is (cel-go expands them into comprehensions, which we do not see).
 */
import { TWO_VARIABLE_MACROS, type CheckedExpression, type Expr } from './checker.js';
import type { CelType } from './types.js';

// math.MaxUint64 in float64, where it rounds to 2^64 (the literal 18446744073709551615 read as the same number).
const U64_MAX = 2 ** 64;

export interface Estimate {
  readonly min: number;
  readonly max: number;
}

const fixed = (n: number): Estimate => ({ min: n, max: n });
const UNKNOWN: Estimate = { min: 0, max: U64_MAX };
const sat = (n: number) => (n >= U64_MAX ? U64_MAX : n);
const add = (a: Estimate, b: Estimate): Estimate => ({ min: sat(a.min + b.min), max: sat(a.max + b.max) });
const mul = (a: Estimate, b: Estimate): Estimate => ({ min: sat(a.min * b.min), max: sat(a.max * b.max) });
const union = (a: Estimate, b: Estimate): Estimate => ({ min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) });
function factor(x: number, f: number): number {
  if (x > 0 && f > 0 && x > U64_MAX / f) return U64_MAX;
  return sat(Math.ceil(x * f));
}
const byFactor = (s: Estimate, f: number): Estimate => ({ min: factor(s.min, f), max: factor(s.max, f) });

// cel-go common/cost.go.
const STRING_TRAVERSAL = 0.1;
const REGEX_LENGTH = 0.25;
const LIST_CREATE = 10;
const MAP_CREATE = 30;
const SELECT_AND_IDENT = 1;
// cel-go charges 1 for has() since v0.17.7; Kubernetes keeps it at 0 (environment/base.go sets
// checker.PresenceTestHasCost(false) for every CEL version it ships, 1.36's cel-go v0.26 included).
const PRESENCE_TEST = 0;

function isScalar(t: CelType | undefined): boolean {
  if (!t || t.kind !== 'scalar') return false;
  return t.name !== 'string' && t.name !== 'bytes' && t.name !== 'null_type';
}

/** The estimated cost range of evaluating `checked` once. */
export function estimateCost(checked: CheckedExpression): Estimate {
  const computed = new Map<bigint, Estimate>();

  const size = (e: Expr): Estimate => {
    const c = computed.get(e.id);
    if (c) return c;
    const v = e.exprKind.value;
    if (e.exprKind.case === 'constExpr') {
      const k = v.constantKind.case as string;
      if (k === 'stringValue') return fixed([...(v.constantKind.value as string)].length);
      if (k === 'bytesValue') return fixed((v.constantKind.value as Uint8Array).length);
      return fixed(1);
    }
    if (e.exprKind.case === 'listExpr') return fixed(v.elements.length);
    if (e.exprKind.case === 'structExpr') return fixed(v.entries.length);
    const decl = checked.decls.get(e.id);
    if (decl) return { min: 0, max: decl.maxElements };
    if (isScalar(checked.types.get(e.id))) return fixed(1);
    return UNKNOWN;
  };

  const cost = (e: Expr): Estimate => {
    const v = e.exprKind.value;
    switch (e.exprKind.case) {
      case 'constExpr':
        return fixed(0);
      case 'identExpr':
        return fixed(SELECT_AND_IDENT);
      case 'selectExpr': {
        const operand = v.operand;
        if (v.testOnly) return add(fixed(PRESENCE_TEST), cost(operand));
        const kind = checked.types.get(operand.id)?.kind;
        const own = kind === 'map' || kind === 'object' || kind === 'param' ? SELECT_AND_IDENT : 0;
        return add(cost(operand), fixed(own));
      }
      case 'callExpr':
        return callCost(e);
      case 'listExpr':
        return v.elements.reduce((sum, el) => add(sum, cost(el)), fixed(LIST_CREATE));
      case 'structExpr':
        return (v.entries as { keyKind: { case: string; value: Expr }; value: Expr }[]).reduce(
          (sum, entry) => add(add(sum, entry.keyKind.case === 'mapKey' ? cost(entry.keyKind.value) : fixed(0)), cost(entry.value)),
          fixed(MAP_CREATE),
        );
      case 'comprehensionExpr': {
        let sum = add(cost(v.iterRange), cost(v.accuInit));
        const loop = add(cost(v.loopCondition), cost(v.loopStep));
        sum = add(sum, cost(v.result));
        const range = size(v.iterRange);
        computed.set(e.id, range);
        return add(sum, mul(range, loop));
      }
      default:
        return fixed(0);
    }
  };

  const callCost = (e: Expr): Estimate => {
    const v = e.exprKind.value;
    const args = v.args;
    const target = v.target;
    const name = v.function;
    // cel.bind(name, init, body): the init once plus the body.
    if (target?.exprKind.case === 'identExpr' && target.exprKind.value.name === 'cel' && name === 'bind' && args.length === 3) {
      return add(cost(args[1]), cost(args[2]));
    }
    // Two-variable comprehensions: as a comprehension, one iteration per element (loop bookkeeping as all()'s).
    if (target && TWO_VARIABLE_MACROS.has(name) && args.length >= 3 && args[0].exprKind.case === 'identExpr' && args[1].exprKind.case === 'identExpr') {
      const body = args.slice(2).reduce((sum, a) => add(sum, cost(a)), fixed(3));
      const range = size(target);
      computed.set(e.id, range);
      return add(add(cost(target), fixed(1)), mul(range, body));
    }
    const argCosts = args.map(cost);
    const argSum = argCosts.reduce(add, fixed(0));
    const qualified = target?.exprKind.case === 'identExpr' && !checked.types.has(target.id);
    let sum = fixed(0);
    if (target && !qualified) sum = add(sum, cost(target));
    const ids = checked.overloads.get(e.id) ?? [];
    let fnCost: Estimate | undefined;
    let resultSize: Estimate | undefined;
    for (const id of ids.length > 0 ? ids : ['']) {
      const r = functionCost(name, id, qualified ? undefined : target, args, argCosts, argSum);
      fnCost = fnCost ? union(fnCost, r.cost) : r.cost;
      if (r.size) resultSize = resultSize ? union(resultSize, r.size) : r.size;
    }
    if (resultSize) computed.set(e.id, resultSize);
    return add(sum, fnCost!);
  };

  const functionCost = (
    name: string,
    id: string,
    target: Expr | undefined,
    args: Expr[],
    argCosts: Estimate[],
    argSum: Estimate,
  ): { cost: Estimate; size?: Estimate } => {
    const library = libraryCost(name, target, args);
    if (library) return { cost: add(library.cost, argSum), ...(library.size ? { size: library.size } : {}) };
    switch (id) {
      case 'starts_with_string':
      case 'ends_with_string':
        if (args.length === 1) return { cost: add(byFactor(size(args[0]), STRING_TRAVERSAL), argSum) };
        break;
      case 'in_list':
        if (args.length === 2) return { cost: add(size(args[1]), argSum) };
        break;
      case 'matches_string':
      case 'matches': {
        const str = target ?? args[0];
        const re = target ? args[0] : args[1];
        if (str && re) {
          const strCost = byFactor(add(size(str), fixed(1)), STRING_TRAVERSAL);
          const reCost = byFactor(size(re), REGEX_LENGTH);
          return { cost: add(mul(strCost, reCost), argSum) };
        }
        break;
      }
      case 'contains_string':
        if (target && args.length === 1) {
          return { cost: add(mul(byFactor(size(target), STRING_TRAVERSAL), byFactor(size(args[0]), STRING_TRAVERSAL)), argSum) };
        }
        break;
      case 'logical_and':
      case 'logical_or': {
        const [lhs, rhs] = argCosts as [Estimate, Estimate];
        return { cost: { min: lhs.min, max: add(lhs, rhs).max } };
      }
      case 'conditional': {
        const [c, t, f] = argCosts as [Estimate, Estimate, Estimate];
        return { cost: add(c, union(t, f)), size: union(size(args[1]), size(args[2])) };
      }
      case 'add_string':
      case 'add_bytes':
      case 'add_list':
        if (args.length === 2) {
          const s = add(size(args[0]), size(args[1]));
          if (id === 'add_list') return { cost: add(fixed(1), argSum), size: s };
          return { cost: add(byFactor(s, STRING_TRAVERSAL), argSum), size: s };
        }
        break;
      case 'less_string':
      case 'greater_string':
      case 'less_equals_string':
      case 'greater_equals_string':
      case 'less_bytes':
      case 'greater_bytes':
      case 'less_equals_bytes':
      case 'greater_equals_bytes':
      case 'equals':
      case 'not_equals': {
        const smallestMax = Math.min(size(args[0]).max, size(args[1]).max);
        return { cost: add(byFactor({ min: smallestMax > 0 ? 1 : 0, max: smallestMax }, STRING_TRAVERSAL), argSum) };
      }
    }
    return { cost: add(fixed(1), argSum) };
  };

  /** apiserver/pkg/cel/library/cost.go's EstimateCallCost (without the arguments' own costs). */
  const libraryCost = (name: string, target: Expr | undefined, args: Expr[]): { cost: Estimate; size?: Estimate } | undefined => {
    switch (name) {
      case 'isSorted':
      case 'sum':
      case 'max':
      case 'min':
      case 'indexOf':
      case 'lastIndexOf': {
        if (!target) return undefined;
        const t = checked.types.get(target.id);
        if (t?.kind === 'list') {
          let elCost = fixed(1);
          const elem = t.elem;
          if (elem.kind === 'scalar' && (elem.name === 'string' || elem.name === 'bytes')) {
            const elemSize = checked.decls.get(target.id)?.elem;
            elCost = add(elCost, byFactor(elemSize ? { min: 0, max: elemSize.maxElements } : UNKNOWN, STRING_TRAVERSAL));
          }
          return { cost: mul(size(target), elCost) };
        }
        if (name === 'indexOf' || name === 'lastIndexOf') return { cost: byFactor(size(target), STRING_TRAVERSAL) };
        return undefined;
      }
      case 'url':
      case 'isURL':
      case 'ip':
      case 'isIP':
      case 'cidr':
      case 'isCIDR':
      case 'quantity':
      case 'isQuantity':
      case 'semver':
      case 'isSemver':
        if (!target && args.length >= 1) return { cost: byFactor(size(args[0]), STRING_TRAVERSAL) };
        return undefined;
      case 'lowerAscii':
      case 'upperAscii':
      case 'substring':
      case 'trim':
        if (target) {
          const s = size(target);
          return { cost: byFactor(s, STRING_TRAVERSAL), size: s };
        }
        return undefined;
      case 'replace':
        if (target && args.length >= 2) return replaceCost(size(target), size(args[0]), size(args[1]));
        return undefined;
      case 'split':
        if (target) {
          const s = size(target);
          let max = s.max;
          const limit = args[1]?.exprKind.case === 'constExpr' ? args[1].exprKind.value.constantKind.value : undefined;
          if (typeof limit === 'bigint') max = Number(limit);
          return { cost: byFactor(s, 2 * STRING_TRAVERSAL), size: { min: 0, max } };
        }
        return undefined;
      case 'join':
        if (target) {
          const elem = checked.decls.get(target.id)?.elem;
          const listSize = size(target);
          const elemSize: Estimate = elem ? { min: 0, max: elem.maxElements } : UNKNOWN;
          const sepSize = args[0] ? size(args[0]) : fixed(0);
          const s = add(mul(listSize, elemSize), mul(listSize, sepSize));
          return { cost: byFactor(s, STRING_TRAVERSAL), size: s };
        }
        return undefined;
      case 'find':
      case 'findAll':
        if (target && args.length >= 1) {
          const s = size(target);
          const strCost = byFactor(add(s, fixed(1)), STRING_TRAVERSAL);
          const reCost = byFactor(size(args[0]), REGEX_LENGTH);
          return { cost: mul(strCost, reCost), size: { min: 0, max: s.max } };
        }
        return undefined;
      case 'containsIP':
      case 'containsCIDR':
        if (target && args.length === 1) return { cost: byFactor(size(args[0]), STRING_TRAVERSAL) };
        return undefined;
      case 'format':
        if (target) return { cost: byFactor(size(target), STRING_TRAVERSAL) };
        return undefined;
      case 'contains':
      case 'equivalent':
      case 'intersects':
        // sets.*: every element of one list against every element of the other.
        if (!target && args.length === 2) return { cost: mul(size(args[0]), size(args[1])) };
        return undefined;
      default:
        return undefined;
    }
  };

  return cost(checked.expr);
}

function replaceCost(s: Estimate, toReplace: Estimate, replaceWith: Estimate): { cost: Estimate; size: Estimate } {
  let countMax: number;
  let countMin: number;
  let retainedMax = 0;
  let retainedMin = 0;
  if (toReplace.min === 0) {
    countMax = s.max < U64_MAX ? s.max + 1 : s.max;
    retainedMax = s.max;
  } else if (replaceWith.max <= toReplace.min) {
    countMax = 0;
    retainedMax = s.max;
  } else {
    countMax = Math.ceil(s.max / toReplace.min);
  }
  if (toReplace.max === 0) {
    countMin = s.min < U64_MAX ? s.min + 1 : s.min;
    retainedMin = s.min;
  } else if (toReplace.max <= replaceWith.min) {
    countMin = 0;
    retainedMin = s.min;
  } else {
    countMin = Math.ceil(s.min / toReplace.max);
  }
  const size = add(mul({ min: countMin, max: countMax }, replaceWith), { min: retainedMin, max: retainedMax });
  return { cost: byFactor(s, 2 * STRING_TRAVERSAL), size };
}
