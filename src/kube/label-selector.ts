/**
 * Label selectors in their string form (`app=web,tier in (a,b),!canary`), parsed
 * into requirements and matched against an object's labels as k8s.io/apimachinery's
 * labels package does: the test API server's `labelSelector` parameter and the runtime's
 * cache reads.
 */
import { labelKeyPattern, labelValuePattern } from './dns-names.js';

/** A selector that does not parse; the message is apimachinery's (the API server's 400 carries it). */
export class LabelSelectorError extends Error {
  override readonly name = 'LabelSelectorError';
}

/** metav1.LabelSelectorRequirement. */
export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

/** metav1.LabelSelector, a selector as API objects carry it (matchLabels and matchExpressions, all must hold). */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export type LabelOperator = '=' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

export interface LabelRequirement {
  key: string;
  operator: LabelOperator;
  values: string[];
}

export type LabelRequirements = LabelRequirement[];


/** Splits at commas that are not inside parentheses. */
function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      terms.push(current);
      current = '';
    } else current += ch;
  }
  terms.push(current);
  return terms.map((t) => t.trim()).filter((t) => t !== '');
}

function checkKey(key: string, selector: string): string {
  if (!labelKeyPattern.test(key) || key.length > 316) throw new LabelSelectorError(`unable to parse requirement: invalid label key "${key}" in selector "${selector}"`);
  return key;
}

function checkValue(value: string, selector: string): string {
  if (!labelValuePattern.test(value) || value.length > 63) throw new LabelSelectorError(`unable to parse requirement: invalid label value "${value}" in selector "${selector}"`);
  return value;
}

export function parseLabelSelector(selector: string | undefined): LabelRequirements {
  if (!selector || selector.trim() === '') return [];
  return splitTerms(selector).map((term) => {
    let m = /^!\s*(\S+)$/.exec(term);
    if (m) return { key: checkKey(m[1], selector), operator: '!', values: [] };
    m = /^(\S+?)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term);
    if (m) {
      const values = m[3].split(',').map((v) => checkValue(v.trim(), selector));
      return { key: checkKey(m[1], selector), operator: m[2] as 'in' | 'notin', values };
    }
    m = /^([^=!<>\s]+)\s*(==|=|!=|<|>)\s*(\S*)$/.exec(term);
    if (m) {
      const op = m[2];
      const key = checkKey(m[1], selector);
      if (op === '<' || op === '>') {
        if (!/^-?\d+$/.test(m[3])) throw new LabelSelectorError(`unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer in selector "${selector}"`);
        return { key, operator: op === '>' ? 'gt' : 'lt', values: [m[3]] };
      }
      return { key, operator: op === '!=' ? '!=' : '=', values: [checkValue(m[3], selector)] };
    }
    if (/^\S+$/.test(term)) return { key: checkKey(term, selector), operator: 'exists', values: [] };
    throw new LabelSelectorError(`unable to parse requirement: found '${term}', expected: in, notin, =, ==, !=, gt, lt in selector "${selector}"`);
  });
}

export function matchesLabels(selector: LabelRequirements, labels: Record<string, string> | undefined): boolean {
  const l = labels ?? {};
  return selector.every((r) => {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    const value = l[r.key];
    switch (r.operator) {
      case '=':
      case 'in':
        return has && r.values.includes(value);
      case '!=':
      case 'notin':
        return !has || !r.values.includes(value);
      case 'exists':
        return has;
      case '!':
        return !has;
      case 'gt':
      case 'lt': {
        if (!has || !/^-?\d+$/.test(value)) return false;
        return r.operator === 'gt' ? Number(value) > Number(r.values[0]) : Number(value) < Number(r.values[0]);
      }
    }
  });
}

/** metav1.LabelSelector (matchLabels / matchExpressions) as a requirement list. */
export function fromLabelSelectorObject(sel: LabelSelector | undefined): LabelRequirements {
  if (!sel) return [];
  const out: LabelRequirements = Object.entries(sel.matchLabels ?? {}).map(([key, v]) => ({ key, operator: '=', values: [v] }));
  for (const e of sel.matchExpressions ?? []) {
    const op = e.operator.toLowerCase();
    out.push({ key: e.key, operator: op === 'exists' ? 'exists' : op === 'doesnotexist' ? '!' : (op as 'in' | 'notin'), values: e.values ?? [] });
  }
  return out;
}

/**
 * labels.Selector's String(): the requirements sorted by key, comma-joined (a Scale's
 * status.selector, kubectl's SELECTOR column); an operator it does not know prints nothing.
 */
export function formatLabelSelector(selector: LabelRequirements): string {
  const text = (r: LabelRequirement): string | undefined => {
    switch (r.operator) {
      case '=': return `${r.key}=${r.values[0]}`;
      case '!=': return `${r.key}!=${r.values[0]}`;
      case 'in': return `${r.key} in (${[...r.values].sort().join(',')})`;
      case 'notin': return `${r.key} notin (${[...r.values].sort().join(',')})`;
      case 'exists': return r.key;
      case '!': return `!${r.key}`;
      case 'gt': return `${r.key}>${r.values[0]}`;
      case 'lt': return `${r.key}<${r.values[0]}`;
      default: return undefined;
    }
  };
  return [...selector]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(text)
    .filter((t) => t !== undefined)
    .join(',');
}
