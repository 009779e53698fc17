/**
 * The limits kube-apiserver's CEL parser (cel-go, with its default options) puts on a rule: at most
 * 100,000 code points, and expressions nested at most 250 levels deep. Past them cel-go refuses the
 * rule with these messages, at no location.
 *
 * They are checked here before @bufbuild/cel's parser runs, which is recursive descent (1,000 nested
 * parentheses, or a string literal of 150,000 characters, exhaust its stack), and on the parsed
 * expression before the checker, the cost estimate and the evaluation walk it recursively. The
 * depth of the parsed expression counts every operand (a chain of 250 `+` terms or field selections
 * is as deep as 250 parentheses), where cel-go counts only nested sub-expressions: such a chain,
 * which cel-go would take, is refused here with the same message.
 */
import type { cel } from './bufbuild.js';
import { parseCel } from './parse-cache.js';
import type { Expr } from './expr.js';

export const MAX_EXPRESSION_CODE_POINTS = 100_000;
export const MAX_PARSE_RECURSION_DEPTH = 250;

/** A rule past a parser limit; `offset` is where (in the source) the limit is passed, for callers that locate it. */
export class CelLimitError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const recursionLimit = (offset: number) => new CelLimitError(`expression recursion limit exceeded: ${MAX_PARSE_RECURSION_DEPTH}`, offset);

function codePoints(source: string): number {
  let n = source.length;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0 && (source.charCodeAt(i - 1) & 0xfc00) === 0xd800) n--;
  }
  return n;
}

/** Where a string literal starting at the quote at `i` ends (the offset after it); raw when prefixed r/R. */
export function endOfString(source: string, i: number): number {
  const quote = source[i];
  const raw = /[rR]/.test(source[i - 1] ?? '') || (/[bB]/.test(source[i - 1] ?? '') && /[rR]/.test(source[i - 2] ?? ''));
  const triple = source.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  for (let j = i + close.length; j < source.length; j++) {
    if (!raw && source[j] === '\\') j++;
    else if (source.startsWith(close, j)) return j + close.length;
    else if (!triple && source[j] === '\n') return j;
  }
  return source.length;
}

/** The first limit `source` passes before it is parsed: its size, or brackets nested past the depth limit. */
function sourceLimitError(source: string): CelLimitError | undefined {
  const size = codePoints(source);
  if (size > MAX_EXPRESSION_CODE_POINTS) {
    return new CelLimitError(`expression code point size exceeds limit: size: ${size}, limit ${MAX_EXPRESSION_CODE_POINTS}`, 0);
  }
  // The whole rule is one expression; each bracket opens another.
  let depth = 1;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '"' || c === "'") i = endOfString(source, i) - 1;
    else if (c === '/' && source[i + 1] === '/') {
      const newline = source.indexOf('\n', i);
      i = newline < 0 ? source.length : newline;
    } else if (c === '(' || c === '[' || c === '{') {
      if (++depth > MAX_PARSE_RECURSION_DEPTH) return recursionLimit(i);
    } else if (c === ')' || c === ']' || c === '}') depth = Math.max(1, depth - 1);
  }
  return undefined;
}

function children(e: Expr): Expr[] {
  const v = e.exprKind.value;
  switch (e.exprKind.case) {
    case 'selectExpr':
      return [v.operand];
    case 'callExpr':
      return v.target ? [v.target, ...v.args] : [...v.args];
    case 'listExpr':
      return [...v.elements];
    case 'structExpr':
      return v.entries.flatMap((entry) =>
        entry.keyKind.case === 'mapKey' ? [entry.keyKind.value, entry.value] : [entry.value]);
    case 'comprehensionExpr':
      return [v.iterRange, v.accuInit, v.loopCondition, v.loopStep, v.result];
    default:
      return [];
  }
}

/** The first node of the parsed expression deeper than the limit, walked without recursion. */
function depthLimitError(expr: Expr, positions: Record<string, number>): CelLimitError | undefined {
  const stack: Array<[Expr, number]> = [[expr, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_PARSE_RECURSION_DEPTH) return recursionLimit(positions[String(node.id)] ?? 0);
    for (const child of children(node)) if (child) stack.push([child, depth + 1]);
  }
  return undefined;
}

/**
 * @bufbuild/cel's parse of `source` within cel-go's limits. Throws CelLimitError past a limit, else
 * what the parser throws for a syntax error.
 */
export function parseWithinLimits(source: string): ReturnType<ReturnType<typeof cel>['parse']> {
  const before = sourceLimitError(source);
  if (before) throw before;
  let parsed;
  try {
    parsed = parseCel(source);
  } catch (e) {
    // Nesting the bracket count does not see (a chain of `?:`) can still exhaust the parser's stack.
    if (e instanceof RangeError) throw recursionLimit(0);
    throw e;
  }
  const after = depthLimitError(parsed.expr as unknown as Expr, (parsed.sourceInfo?.positions ?? {}));
  if (after) throw after;
  return parsed;
}
