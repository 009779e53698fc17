/**
 * Label selectors in the API's string syntax, evaluated in memory for cache reads:
 * `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a` (exists), `!a` (does not exist),
 * joined with commas (all must hold).
 */
import type { LabelSelector } from '../client/types.js';

type Requirement =
  | { op: 'in'; key: string; values: string[] }
  | { op: 'notin'; key: string; values: string[] }
  | { op: 'exists'; key: string }
  | { op: '!exists'; key: string };

export type LabelMatcher = (labels: Record<string, string> | undefined) => boolean;

const matchEverything: LabelMatcher = () => true;

/** Compiles a selector (string form or equality map) into a predicate; throws on bad syntax. */
export function compileLabelSelector(selector: LabelSelector | undefined): LabelMatcher {
  if (selector === undefined) return matchEverything;
  const reqs = typeof selector === 'string'
    ? parseLabelSelector(selector)
    : Object.entries(selector).map(([key, v]): Requirement => ({ op: 'in', key, values: [v] }));
  if (reqs.length === 0) return matchEverything;
  return (labels) => reqs.every((r) => matches(r, labels ?? {}));
}

function matches(r: Requirement, labels: Record<string, string>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  switch (r.op) {
    case 'exists': return has;
    case '!exists': return !has;
    case 'in': return has && r.values.includes(labels[r.key]!);
    case 'notin': return !has || !r.values.includes(labels[r.key]!);
  }
}

/** Turns a selector's string form into the canonical form of a `labelSelector` query parameter. */
export function labelSelectorString(selector: LabelSelector): string {
  if (typeof selector === 'string') return selector;
  return Object.entries(selector).map(([k, v]) => `${k}=${v}`).join(',');
}

export function parseLabelSelector(text: string): Requirement[] {
  const out: Requirement[] = [];
  for (const part of splitTopLevel(text)) {
    const s = part.trim();
    if (s === '') continue;
    let m: RegExpMatchArray | null;
    if ((m = /^!\s*([^\s=!(),]+)$/.exec(s))) out.push({ op: '!exists', key: m[1]! });
    else if ((m = /^([^\s=!(),]+)\s*(==|=|!=)\s*([^\s=!(),]*)$/.exec(s))) {
      out.push({ op: m[2] === '!=' ? 'notin' : 'in', key: m[1]!, values: [m[3]!] });
    } else if ((m = /^([^\s=!(),]+)\s+(in|notin)\s*\(([^()]*)\)$/.exec(s))) {
      const values = m[3]!.split(',').map((v) => v.trim()).filter((v) => v !== '');
      out.push({ op: m[2] as 'in' | 'notin', key: m[1]!, values });
    } else if ((m = /^([^\s=!(),]+)$/.exec(s))) out.push({ op: 'exists', key: m[1]! });
    else throw new Error(`label selector "${text}": cannot parse requirement "${s}"`);
  }
  return out;
}

/** Splits on commas outside parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
