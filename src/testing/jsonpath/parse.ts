/**
 * The parser of Kubernetes' JSONPath dialect (client-go util/jsonpath), the one kubectl's
 * `-o jsonpath` and CRD printer columns use: text with `{...}` actions holding fields
 * (`.a.b`, `['a.b']`, `\.`-escaped dots), indexes and slices (`[1]`, `[-1:]`, `[::2]`),
 * unions (`[0,2]`, `['a','b']`), wildcards, recursive descent (`..x`), filters
 * (`[?(@.type=="Ready")]`, `[?(@.x)]`), literals and `range`/`end`.
 */

export interface SliceParam {
  known: boolean;
  value: number;
  /** The end of a plain index (`[i]` reads as `[i:i+1]`). */
  derived: boolean;
}

export type JSONPathNode =
  | { type: 'list'; nodes: JSONPathNode[] }
  | { type: 'text'; text: string }
  | { type: 'field'; name: string }
  | { type: 'array'; params: [SliceParam, SliceParam, SliceParam] }
  | { type: 'filter'; left: ListNode; right: ListNode; operator: string }
  | { type: 'int'; value: number }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'wildcard' }
  | { type: 'recursive' }
  | { type: 'union'; nodes: ListNode[] }
  | { type: 'identifier'; name: string };

export type ListNode = Extract<JSONPathNode, { type: 'list' }>;

export class JSONPathSyntaxError extends Error {}

const DICT_KEY = /^'([^']*)'$/;
const SLICE = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/;
const FILTER = /^([^!<>=]+)([!<>=]+)(.+?)$/;

function isTerminator(ch: string | undefined): boolean {
  return ch === undefined || ' \t\r\n.,[]$@{}'.includes(ch);
}

function isAlphaNumeric(ch: string | undefined): boolean {
  return ch !== undefined && (ch === '_' || /[\p{L}\p{Nd}]/u.test(ch));
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && /\p{Nd}/u.test(ch);
}

/** Go's strconv.Atoi: optional sign and decimal digits only. */
function atoi(text: string): number | undefined {
  return /^[+-]?\d+$/.test(text) ? Number(text) : undefined;
}

const ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"' };

/** strconv.Unquote that also takes single-quoted strings of any length (the dialect's UnquoteExtend). */
function unquote(quoted: string): string {
  const quote = quoted[0];
  if (quoted.length < 2 || quoted[quoted.length - 1] !== quote) throw new JSONPathSyntaxError('invalid syntax');
  const body = quoted.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === quote) throw new JSONPathSyntaxError('invalid syntax');
    if (ch !== '\\') { out += ch; continue; }
    const next = body[++i];
    if (next === undefined) throw new JSONPathSyntaxError('invalid syntax');
    if (next in ESCAPES && (next !== "'" || quote === "'") && (next !== '"' || quote === '"')) { out += ESCAPES[next]; continue; }
    const hex = { x: 2, u: 4, U: 8 }[next as 'x' | 'u' | 'U'];
    if (hex !== undefined) {
      const digits = body.slice(i + 1, i + 1 + hex);
      if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits)) throw new JSONPathSyntaxError('invalid syntax');
      out += String.fromCodePoint(parseInt(digits, 16));
      i += hex;
      continue;
    }
    if (/[0-7]/.test(next)) {
      const digits = body.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(digits)) throw new JSONPathSyntaxError('invalid syntax');
      out += String.fromCharCode(parseInt(digits, 8));
      i += 2;
      continue;
    }
    throw new JSONPathSyntaxError('invalid syntax');
  }
  return out;
}

class Parser {
  readonly root: ListNode = { type: 'list', nodes: [] };
  private pos = 0;
  private start = 0;

  constructor(private readonly input: string) {}

  parse(): ListNode {
    this.parseText(this.root);
    return this.root;
  }

  private next(): string | undefined {
    if (this.pos >= this.input.length) return undefined;
    const ch = String.fromCodePoint(this.input.codePointAt(this.pos)!);
    this.pos += ch.length;
    return ch;
  }

  private peek(): string | undefined {
    return this.pos >= this.input.length ? undefined : String.fromCodePoint(this.input.codePointAt(this.pos)!);
  }

  private consume(): string {
    const text = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return text;
  }

  private rest(): string {
    return this.input.slice(this.pos);
  }

  private parseText(cur: ListNode): void {
    for (;;) {
      if (this.rest().startsWith('{')) {
        if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consume() });
        this.pos += 1;
        this.consume();
        const action: ListNode = { type: 'list', nodes: [] };
        cur.nodes.push(action);
        this.parseInsideAction(action);
        return;
      }
      if (this.next() === undefined) break;
    }
    if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consume() });
  }

  private parseInsideAction(cur: ListNode): void {
    for (;;) {
      const rest = this.rest();
      if (rest.startsWith('}')) {
        this.pos += 1;
        this.consume();
        this.parseText(this.root);
        return;
      }
      if (rest.startsWith('[?(')) { this.parseFilter(cur); continue; }
      if (rest.startsWith('..')) { this.parseRecursive(cur); continue; }
      const ch = this.next();
      if (ch === undefined || ch === '\r' || ch === '\n') throw new JSONPathSyntaxError('unclosed action');
      if (ch === ' ' || ch === '@' || ch === '$') { this.consume(); continue; }
      if (ch === '[') { this.parseArray(cur); continue; }
      if (ch === '"' || ch === "'") { this.parseQuote(cur, ch); continue; }
      if (ch === '.') { this.parseField(cur); continue; }
      if (ch === '+' || ch === '-' || isDigit(ch)) { this.pos -= ch.length; this.parseNumber(cur); continue; }
      if (isAlphaNumeric(ch)) { this.pos -= ch.length; this.parseIdentifier(cur); continue; }
      const code = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      throw new JSONPathSyntaxError(`unrecognized character in action: U+${code} '${ch}'`);
    }
  }

  private parseIdentifier(cur: ListNode): void {
    while (!isTerminator(this.peek())) this.next();
    const value = this.consume();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
  }

  private parseRecursive(cur: ListNode): void {
    if (cur.nodes[cur.nodes.length - 1]?.type === 'recursive') throw new JSONPathSyntaxError('invalid multiple recursive descent');
    this.pos += 2;
    this.consume();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) this.parseField(cur);
  }

  private parseNumber(cur: ListNode): void {
    const sign = this.peek();
    if (sign === '+' || sign === '-') this.next();
    for (let ch = this.peek(); ch === '.' || isDigit(ch); ch = this.peek()) this.next();
    const text = this.consume();
    const int = atoi(text);
    if (int !== undefined) { cur.nodes.push({ type: 'int', value: int }); return; }
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) { cur.nodes.push({ type: 'float', value: Number(text) }); return; }
    throw new JSONPathSyntaxError(`cannot parse number ${text}`);
  }

  private parseArray(cur: ListNode): void {
    for (;;) {
      const ch = this.next();
      if (ch === undefined || ch === '\n') throw new JSONPathSyntaxError('unterminated array');
      if (ch === ']') break;
    }
    let text = this.consume().slice(1, -1);
    if (text === '*') text = ':';
    const parts = text.split(',');
    if (parts.length > 1) {
      cur.nodes.push({ type: 'union', nodes: parts.map((part) => parseAction(`[${part.replace(/^ +| +$/g, '')}]`)) });
      return;
    }
    const key = DICT_KEY.exec(text);
    if (key) {
      cur.nodes.push(...parseAction(`.${key[1]}`).nodes);
      return;
    }
    const slice = SLICE.exec(text);
    if (!slice) throw new JSONPathSyntaxError(`invalid array index ${text}`);
    const params: SliceParam[] = [];
    for (let i = 0; i < 3; i++) {
      const raw = slice[i + 1] ?? '';
      if (raw !== '') {
        const digits = i > 0 ? raw.slice(1) : raw;
        if (i > 0 && digits === '') params.push({ known: false, value: 0, derived: false });
        else {
          const value = atoi(digits);
          if (value === undefined) throw new JSONPathSyntaxError(`array index ${digits} is not a number`);
          params.push({ known: true, value, derived: false });
        }
      } else if (i === 1) {
        params.push({ known: true, value: params[0].value + 1, derived: true });
      } else {
        params.push({ known: false, value: 0, derived: false });
      }
    }
    cur.nodes.push({ type: 'array', params: params as [SliceParam, SliceParam, SliceParam] });
  }

  private parseFilter(cur: ListNode): void {
    this.pos += 3;
    this.consume();
    let begin = false;
    let end = false;
    let pair = '';
    for (;;) {
      const ch = this.next();
      if (ch === undefined || ch === '\n') throw new JSONPathSyntaxError('unterminated filter');
      if (ch === '"' || ch === "'") {
        if (!begin) { begin = true; pair = ch; continue; }
        if (this.input[this.pos - 2] !== '\\' && ch === pair) end = true;
      } else if (ch === ')' && begin === end) {
        break;
      }
    }
    if (this.next() !== ']') throw new JSONPathSyntaxError('unclosed array expect ]');
    const text = this.consume().slice(0, -2);
    const parts = FILTER.exec(text);
    if (!parts) {
      cur.nodes.push({ type: 'filter', left: parseAction(text), right: { type: 'list', nodes: [] }, operator: 'exists' });
      return;
    }
    cur.nodes.push({ type: 'filter', left: parseAction(parts[1]), right: parseAction(parts[3]), operator: parts[2] });
  }

  private parseQuote(cur: ListNode, quote: string): void {
    for (;;) {
      const ch = this.next();
      if (ch === undefined || ch === '\n') throw new JSONPathSyntaxError('unterminated quoted string');
      if (ch === quote && this.input[this.pos - 2] !== '\\') break;
    }
    const quoted = this.consume();
    let text: string;
    try {
      text = unquote(quoted);
    } catch (err) {
      throw new JSONPathSyntaxError(`unquote string ${quoted} error ${(err as Error).message}`);
    }
    cur.nodes.push({ type: 'text', text });
  }

  private parseField(cur: ListNode): void {
    this.consume();
    for (;;) {
      const ch = this.peek();
      if (ch === '\\') { this.next(); this.next(); continue; }
      if (isTerminator(ch)) break;
      this.next();
    }
    const value = this.consume();
    cur.nodes.push(value === '*' ? { type: 'wildcard' } : { type: 'field', name: value.replaceAll('\\', '') });
  }
}

/** The nodes of one action's text (what sits between `{` and `}`). */
function parseAction(text: string): ListNode {
  const root = new Parser(`{${text}}`).parse();
  return root.nodes[0] as ListNode;
}

/** Parses a template such as `{.status.conditions[?(@.type=="Ready")].status}`. */
export function parseJSONPath(template: string): ListNode {
  return new Parser(template).parse();
}
