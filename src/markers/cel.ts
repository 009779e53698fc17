/**
 * CEL syntax checking for `+kubebuilder:validation:XValidation:rule=...`, so that a typo in a rule is
 * reported at generation time rather than when the API server rejects the CRD.
 */
import { keywordSelectionIssues } from '../kube/cel/keyword-selection.js';
import { CelLimitError, parseWithinLimits } from '../kube/cel/parse-limits.js';
import type { Diagnostic } from './diagnostic.js';
import { quoteShort } from './grammar.js';
import type { MarkedValue } from './types.js';

export interface CelSyntaxProblem {
  readonly message: string;
  /** 1-based, within the rule. */
  readonly line: number;
  readonly column: number;
}

interface PeggyLikeError {
  rawMessage?: string;
  message: string;
  location?: { start?: { line?: number; column?: number } };
}

/** Rules already checked: watch mode checks the same rules on every regeneration. */
const checked = new Map<string, CelSyntaxProblem | undefined>();
const CACHE_LIMIT = 10_000;

/** How much of a rule its error quotes: enough to recognise it, not a megabyte of it. */
const QUOTED_RULE_LENGTH = 80;

function parseProblem(rule: string): CelSyntaxProblem | undefined {
  try {
    parseWithinLimits(rule);
    return undefined;
  } catch (e) {
    if (e instanceof CelLimitError) {
      const before = rule.slice(0, e.offset);
      return { message: e.message, line: before.split('\n').length, column: e.offset - before.lastIndexOf('\n') };
    }
    // A field selected by a keyword's name (`self.in`): CRD validation reports it, in kube-apiserver's words.
    if (keywordSelectionIssues(rule)) return undefined;
    const err = e as PeggyLikeError;
    const start = err.location?.start;
    return {
      message: err.rawMessage ?? err.message,
      line: start?.line ?? 1,
      column: start?.column ?? 1,
    };
  }
}

/** The syntax error of a CEL expression, or undefined when it parses. */
export function celSyntaxProblem(rule: string): CelSyntaxProblem | undefined {
  if (checked.has(rule)) return checked.get(rule);
  const problem = parseProblem(rule);
  if (checked.size >= CACHE_LIMIT) checked.clear();
  checked.set(rule, problem);
  return problem;
}

/**
 * A diagnostic for an XValidation marker whose `rule` does not parse as CEL, located at the marker.
 * The CRD generator calls this for every XValidation marker it uses.
 */
export function checkCelRule(marker: MarkedValue): Diagnostic | undefined {
  const value = marker.value;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const rule = value['rule'];
  if (typeof rule !== 'string') return undefined;
  const problem = celSyntaxProblem(rule);
  if (problem === undefined) return undefined;
  const start = ruleColumn(marker);
  const column = start !== marker.location.column && problem.line === 1 ? start + problem.column - 1 : marker.location.column;
  return {
    severity: 'error',
    message: `invalid CEL rule ${quoteShort(rule, QUOTED_RULE_LENGTH)} in +${marker.name}: ${problem.message} (rule line ${problem.line}, column ${problem.column})`,
    file: marker.location.file,
    line: marker.location.line,
    column,
  };
}

/** The column where an XValidation marker's rule text starts (the marker's column when not found). */
export function ruleColumn(marker: MarkedValue): number {
  const ruleOffset = marker.text.indexOf('rule=');
  if (ruleOffset < 0) return marker.location.column;
  const quoted = marker.text[ruleOffset + 5] === '"' || marker.text[ruleOffset + 5] === '`';
  return marker.location.column + 1 + ruleOffset + 'rule='.length + (quoted ? 1 : 0);
}
