/**
 * A tokenizer for marker arguments that behaves like Go's text/scanner in the mode controller-gen uses
 * (identifiers, ints, floats, "strings" and `raw strings`; no comments, no char literals), because the
 * marker grammar is defined by what that scanner does: bare strings are runs of tokens up to a delimiter.
 */

export const EOF = -1;

export type TokenKind = 'ident' | 'int' | 'float' | 'string' | 'rawstring' | 'char' | 'eof';

export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  /** Offset of the token's first character in the scanned text. */
  readonly start: number;
}

/** A syntax error in a marker's arguments; `offset` is relative to the scanned text. */
export class MarkerSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'MarkerSyntaxError';
  }
}

export type ScanErrorHandler = (message: string, offset: number) => void;

const throwingHandler: ScanErrorHandler = (message, offset) => {
  throw new MarkerSyntaxError(message, offset);
};

function isWhitespace(ch: number): boolean {
  return ch === 0x20 || ch === 0x09 || ch === 0x0a || ch === 0x0d;
}

function isDecimal(ch: number): boolean {
  return ch >= 0x30 && ch <= 0x39;
}

const letter = /[\p{L}_]/u;
const digit = /\p{Nd}/u;

function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
}

function isIdentPart(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return c < 0x80 ? isAsciiLetter(c) || isDecimal(c) : letter.test(ch) || digit.test(ch);
}

export class Scanner {
  /** Offset of the next character to read. */
  pos: number;
  /** The last token scanned. */
  token: Token;
  /** Whether digits start numbers; switched off while reading bare strings, as controller-gen does. */
  scanNumbers = true;

  constructor(
    readonly src: string,
    start = 0,
    readonly onError: ScanErrorHandler = throwingHandler,
  ) {
    this.pos = start;
    this.token = { kind: 'eof', text: '', start };
  }

  /** A scanner over the same text from the current position whose errors only set a flag. */
  fork(): { scanner: Scanner; failed: () => boolean } {
    let hadError = false;
    const scanner = new Scanner(this.src, this.pos, () => {
      hadError = true;
    });
    return { scanner, failed: () => hadError };
  }

  error(message: string, offset = this.token.start): void {
    this.onError(message, offset);
  }

  /** The next character without consuming it or skipping whitespace. */
  peek(): number {
    return this.pos < this.src.length ? this.src.charCodeAt(this.pos) : EOF;
  }

  /** Skips whitespace, then peeks. */
  peekNoSpace(): number {
    while (this.pos < this.src.length && isWhitespace(this.src.charCodeAt(this.pos))) this.pos++;
    return this.peek();
  }

  scan(): Token {
    this.peekNoSpace();
    const start = this.pos;
    if (start >= this.src.length) return (this.token = { kind: 'eof', text: '', start });
    const cp = this.src.codePointAt(start) as number;
    let kind: TokenKind;
    if (cp < 0x80 ? isAsciiLetter(cp) : letter.test(String.fromCodePoint(cp))) {
      this.pos += cp > 0xffff ? 2 : 1;
      // ASCII identifier characters without making a string of each; others as before
      while (this.pos < this.src.length) {
        const c = this.src.charCodeAt(this.pos);
        if (c < 0x80) {
          if (!(isAsciiLetter(c) || isDecimal(c))) break;
          this.pos++;
          continue;
        }
        const next = String.fromCodePoint(this.src.codePointAt(this.pos) as number);
        if (!isIdentPart(next)) break;
        this.pos += next.length;
      }
      kind = 'ident';
    } else if (this.scanNumbers && (isDecimal(cp) || (cp === 0x2e && isDecimal(this.src.charCodeAt(start + 1))))) {
      kind = this.scanNumber();
    } else if (cp === 0x22) {
      this.scanQuoted('"');
      kind = 'string';
    } else if (cp === 0x60) {
      this.scanQuoted('`');
      kind = 'rawstring';
    } else {
      this.pos += cp > 0xffff ? 2 : 1;
      kind = 'char';
    }
    return (this.token = { kind, text: this.src.slice(start, this.pos), start });
  }

  private scanNumber(): 'int' | 'float' {
    const s = this.src;
    let kind: 'int' | 'float' = 'int';
    const digits = (re: RegExp) => {
      while (this.pos < s.length && re.test(s[this.pos])) this.pos++;
    };
    if (s[this.pos] === '0' && /[xXoObB]/.test(s[this.pos + 1] ?? '')) {
      const base = (s[this.pos + 1]).toLowerCase();
      this.pos += 2;
      digits(base === 'x' ? /[0-9a-fA-F_]/ : base === 'o' ? /[0-7_]/ : /[01_]/);
      return 'int';
    }
    digits(/[0-9_]/);
    if (s[this.pos] === '.') {
      kind = 'float';
      this.pos++;
      digits(/[0-9_]/);
    }
    if (/[eE]/.test(s[this.pos] ?? '')) {
      const save = this.pos;
      this.pos++;
      if (/[+-]/.test(s[this.pos] ?? '')) this.pos++;
      if (!isDecimal(s.charCodeAt(this.pos))) {
        this.error('exponent has no digits', this.pos);
        this.pos = save + 1;
      }
      digits(/[0-9_]/);
      kind = 'float';
    }
    return kind;
  }

  private scanQuoted(quote: '"' | '`'): void {
    const start = this.pos;
    this.pos++;
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === quote) {
        this.pos++;
        return;
      }
      if (quote === '"' && c === '\n') break;
      if (quote === '"' && c === '\\') this.pos++;
      this.pos++;
    }
    this.pos = Math.min(this.pos, this.src.length);
    this.error('literal not terminated', start);
  }
}

/** Decodes a Go string literal ("..." with escapes, or `raw`), as strconv.Unquote does. */
export function unquoteGo(literal: string): string {
  if (literal.startsWith('`')) {
    if (literal.length < 2 || !literal.endsWith('`')) throw new Error('invalid syntax');
    return literal.slice(1, -1).replace(/\r/g, '');
  }
  if (literal.length < 2 || !literal.startsWith('"') || !literal.endsWith('"')) throw new Error('invalid syntax');
  const body = literal.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"' || c === '\n') throw new Error('invalid syntax');
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i];
    const simple: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"' };
    if (e !== undefined && e in simple) {
      out += simple[e];
      continue;
    }
    const hexLen = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    if (hexLen > 0) {
      const hex = body.slice(i + 1, i + 1 + hexLen);
      if (!new RegExp(`^[0-9a-fA-F]{${hexLen}}$`).test(hex)) throw new Error(`invalid escape \\${e}${hex}`);
      const code = parseInt(hex, 16);
      if (e === 'x') out += String.fromCharCode(code);
      else if (code > 0x10ffff || (code >= 0xd800 && code < 0xe000)) throw new Error(`invalid escape \\${e}${hex}`);
      else out += String.fromCodePoint(code);
      i += hexLen;
      continue;
    }
    if (e !== undefined && /[0-7]/.test(e)) {
      const oct = body.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(oct) || parseInt(oct, 8) > 255) throw new Error(`invalid escape \\${oct}`);
      out += String.fromCharCode(parseInt(oct, 8));
      i += 2;
      continue;
    }
    throw new Error(`invalid escape \\${e ?? ''}`);
  }
  return out;
}

/** How a token reads in an error message. */
export function describeToken(t: Token): string {
  return t.kind === 'eof' ? 'end of marker' : JSON.stringify(t.text);
}
