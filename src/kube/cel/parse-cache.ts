/**
 * @bufbuild/cel's parse of a CEL source, kept by its text. A rule is parsed by the marker check, the
 * type checker and the planner, and an API repeats rules (the same `self == oldSelf` on many fields,
 * the same rule in every version): `manifests` on 200 kinds parsed each of its 600 rules three times,
 * a fifth of what the run allocated. The parsed expression is only read (checker, cost estimate,
 * planner), so one copy serves every caller. Syntax errors are not kept: they throw each time.
 */
import { cel } from './bufbuild.js';

type ParsedExpr = ReturnType<ReturnType<typeof cel>['parse']>;

const parsed = new Map<string, ParsedExpr>();
/** Bounds the memory of a long watch session whose rules keep changing. */
const CACHE_LIMIT = 10_000;

export function parseCel(source: string): ParsedExpr {
  const known = parsed.get(source);
  if (known !== undefined) return known;
  const expr = cel().parse(source);
  if (parsed.size >= CACHE_LIMIT) parsed.clear();
  parsed.set(source, expr);
  return expr;
}
