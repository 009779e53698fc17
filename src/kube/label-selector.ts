/**
 * Label selectors in their string form (`app=web,tier in (a,b),!canary`), parsed
 * into requirements and matched against an object's labels as k8s.io/apimachinery's
 * labels package does: the test API server's `labelSelector` parameter and the runtime's
 * cache reads.
 */
import { isQualifiedName, isValidLabelValue } from './dns-names.js';
import { fieldErrorBody, ROOT_FIELD } from './field-errors.js';
import { goQuote } from './go-format.js';

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


// The string form's grammar, as apimachinery's labels.Parse reads it: a lexer (tokens below), then a
// recursive-descent parser whose error texts are Go's, word for word (the API server's 400 quotes them).

type TokenKind = 'end' | 'error' | 'identifier' | '!' | '!=' | '=' | '==' | '>' | '<' | '(' | ')' | ',' | 'in' | 'notin';

interface Token {
  kind: TokenKind;
  text: string;
}

/** The symbols and keywords the lexer knows (`in` and `notin` are identifiers where a value is read). */
const KEYWORDS: ReadonlySet<string> = new Set(['!', '!=', '=', '==', '>', '<', '(', ')', ',', 'in', 'notin']);
const SPECIAL = new Set(['=', '!', '(', ')', ',', '>', '<']);
const WHITESPACE = new Set([' ', '\t', '\r', '\n']);

/** The lexer reads bytes; a NUL ends the string as the end does. */
function lex(selector: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  const at = (i: number) => (i < selector.length && selector[i] !== '\0' ? selector[i] : '');
  for (;;) {
    while (WHITESPACE.has(at(pos))) pos++;
    const ch = at(pos);
    if (ch === '') {
      tokens.push({ kind: 'end', text: '' });
      return tokens;
    }
    if (SPECIAL.has(ch)) {
      // The longest run of symbols that is still a token; none at all is an error token.
      let buffer = '';
      let last: Token | undefined;
      while (SPECIAL.has(at(pos))) {
        buffer += at(pos);
        if (KEYWORDS.has(buffer)) last = { kind: buffer as TokenKind, text: buffer };
        else if (last) break;
        pos++;
      }
      tokens.push(last ?? { kind: 'error', text: `error expected: keyword found '${buffer}'` });
    } else {
      let word = '';
      while (at(pos) !== '' && !SPECIAL.has(at(pos)) && !WHITESPACE.has(at(pos))) word += at(pos++);
      tokens.push({ kind: word === 'in' || word === 'notin' ? word : 'identifier', text: word });
    }
  }
}

/** A field error as labels' requirement checks word it, its path printed from the nil root. */
function fieldInvalid(field: string, value: string, detail: string): string {
  return `${field}: ${fieldErrorBody('FieldValueInvalid', detail, () => goQuote(value))}`;
}

function checkKey(key: string): void {
  const errs = isQualifiedName(key);
  if (errs.length > 0) throw new LabelSelectorError(`unable to parse requirement: ${fieldInvalid(ROOT_FIELD, key, errs.join('; '))}`);
}

/** strconv.ParseInt(v, 10, 64) succeeds. */
function isInt64(v: string): boolean {
  if (!/^[+-]?\d+$/.test(v)) return false;
  const n = BigInt(v);
  return n >= -(2n ** 63n) && n < 2n ** 63n;
}

/** labels.NewRequirement's checks of the values (the key is checked as it is read); all its errors, aggregated. */
function checkValues(key: string, operator: LabelOperator, values: string[]): void {
  const errors: string[] = [];
  if (operator === 'gt' || operator === 'lt') {
    values.forEach((v, i) => {
      if (!isInt64(v)) errors.push(fieldInvalid(`values[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
    });
  }
  values.forEach((v, i) => {
    const errs = isValidLabelValue(v);
    if (errs.length > 0) errors.push(fieldInvalid(`values[${i}][${key}]`, v, errs.join('; ')));
  });
  const distinct = [...new Set(errors)];
  if (distinct.length > 0) throw new LabelSelectorError(`unable to parse requirement: ${distinct.length === 1 ? distinct[0] : `[${distinct.join(', ')}]`}`);
}

const BINARY_OPERATORS: Partial<Record<TokenKind, LabelOperator>> = { in: 'in', notin: 'notin', '=': '=', '==': '=', '!=': '!=', '>': 'gt', '<': 'lt' };

class SelectorParser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  /** The next token; where a value is read, the keywords `in` and `notin` are identifiers. */
  private peek(values = true): Token {
    const t = this.tokens[Math.min(this.position, this.tokens.length - 1)];
    return values && (t.kind === 'in' || t.kind === 'notin') ? { kind: 'identifier', text: t.text } : t;
  }

  private next(values = true): Token {
    const t = this.peek(values);
    this.position++;
    return t;
  }

  parse(): LabelRequirements {
    const requirements: LabelRequirements = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'end') return requirements;
      if (t.kind !== 'identifier' && t.kind !== '!') throw new LabelSelectorError(`found '${t.text}', expected: !, identifier, or 'end of string'`);
      requirements.push(this.requirement());
      const after = this.next();
      if (after.kind === 'end') return requirements;
      if (after.kind !== ',') throw new LabelSelectorError(`found '${after.text}', expected: ',' or 'end of string'`);
      const following = this.peek();
      if (following.kind !== 'identifier' && following.kind !== '!') throw new LabelSelectorError(`found '${following.text}', expected: identifier after ','`);
    }
  }

  private requirement(): LabelRequirement {
    let t = this.next();
    const negated = t.kind === '!';
    if (negated) t = this.next();
    if (t.kind !== 'identifier') throw new LabelSelectorError(`unable to parse requirement: found '${t.text}', expected: identifier`);
    const key = t.text;
    checkKey(key);
    const following = this.peek().kind;
    if (negated) return { key, operator: '!', values: [] };
    if (following === 'end' || following === ',') return { key, operator: 'exists', values: [] };
    const op = this.next(false);
    const operator = BINARY_OPERATORS[op.kind];
    if (!operator) throw new LabelSelectorError(`unable to parse requirement: found '${op.text}', expected: in, notin, =, ==, !=, gt, lt`);
    const values = operator === 'in' || operator === 'notin' ? this.valueSet() : [this.exactValue()];
    checkValues(key, operator, values);
    return { key, operator, values };
  }

  private valueSet(): string[] {
    const open = this.next();
    if (open.kind !== '(') throw new LabelSelectorError(`unable to parse requirement: found '${open.text}' expected: '('`);
    const first = this.peek();
    if (first.kind === ')') {
      this.next();
      return [''];
    }
    if (first.kind !== 'identifier' && first.kind !== ',') throw new LabelSelectorError(`unable to parse requirement: found '${first.text}', expected: ',', ')' or identifier`);
    const values = this.identifiers();
    // Go quotes the token before the list here, not the one that is not ')'.
    if (this.next().kind !== ')') throw new LabelSelectorError(`unable to parse requirement: found '${first.text}', expected: ')'`);
    // A set: sorted, each once.
    return [...new Set(values)].sort();
  }

  /** The comma-separated values in parentheses; empty places (`(,a)`, `(a,,b)`, `(a,)`) are the empty value. */
  private identifiers(): string[] {
    const values: string[] = [];
    for (;;) {
      const t = this.next();
      if (t.kind === 'identifier') {
        values.push(t.text);
        const after = this.peek();
        if (after.kind === ',') continue;
        if (after.kind === ')') return values;
        throw new LabelSelectorError(`unable to parse requirement: found '${after.text}', expected: ',' or ')'`);
      }
      if (t.kind !== ',') throw new LabelSelectorError(`unable to parse requirement: found '${t.text}', expected: ',', or identifier`);
      if (values.length === 0) values.push('');
      const after = this.peek().kind;
      if (after === ')') {
        values.push('');
        return values;
      }
      if (after === ',') {
        this.next();
        values.push('');
      }
    }
  }

  private exactValue(): string {
    const t = this.peek();
    if (t.kind === 'end' || t.kind === ',') return '';
    this.next();
    if (t.kind !== 'identifier') throw new LabelSelectorError(`unable to parse requirement: found '${t.text}', expected: identifier`);
    return t.text;
  }
}

/**
 * labels.Parse: the requirements of a selector's string form, sorted by key as Go sorts them. A
 * selector that does not parse throws a {@link LabelSelectorError} with Go's text.
 */
export function parseLabelSelector(selector: string | undefined): LabelRequirements {
  if (!selector) return [];
  const requirements = new SelectorParser(lex(selector)).parse();
  return requirements.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
