/**
 * A YAML writer that produces what controller-gen writes: gopkg.in/yaml.v2 marshalling a map decoded from
 * JSON. Block style, two-space indent, sequences not indented under their key, keys sorted (sort-keys.ts),
 * strings plain when they read back as strings, else single- or double-quoted, multi-line strings as
 * literal blocks (`|-`), long plain and quoted strings folded at spaces past column 80.
 * The state machine below follows the libyaml emitter that go-yaml v2 ports.
 */
import { resolvesToString } from './resolve.js';
import { compareYamlKeys } from './sort-keys.js';

const BEST_INDENT = 2;
const BEST_WIDTH = 80;

type Style = 'plain' | 'single' | 'double' | 'literal';

interface ScalarAnalysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

const PRINTABLE_ASCII = /^[\x20-\x7e\n]*$/;

const isBreak = (c: string) => c === '\n' || c === '\r' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const isBlankOrBreak = (c: string | undefined) => c === undefined || isBlank(c) || isBreak(c) || c === '\0';

/** yaml.v2's is_printable: note that tab, CR and characters beyond the BMP are not. */
function isPrintable(c: string): boolean {
  const cp = c.codePointAt(0) as number;
  if (cp === 0x0a) return true;
  if (cp >= 0x20 && cp <= 0x7e) return true;
  if (cp >= 0xa0 && cp <= 0xd7ff) return true;
  if (cp >= 0xe000 && cp <= 0xfffd) return cp !== 0xfeff;
  return false;
}

const PLAIN_SAFE: ScalarAnalysis = { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true };
const ALNUM_START = /^[A-Za-z0-9][\x20-\x7e]*$/;

function analyze(chars: ArrayLike<string>): ScalarAnalysis {
  // the common case, decided without a character loop: printable ASCII that starts with a letter or digit
  // (no leading indicator) and has no `: `, ` #`, trailing `:` or trailing space
  if (typeof chars === 'string' && ALNUM_START.test(chars) && !chars.endsWith(' ') && !chars.endsWith(':') && !chars.includes(': ') && !chars.includes(' #')) {
    return PLAIN_SAFE;
  }
  if (chars.length === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  let blockIndicators = false;
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;
  let unicodeBreak = false;
  const head = `${chars[0]}${chars[1] ?? ''}${chars[2] ?? ''}`;
  if (head === '---' || head === '...') blockIndicators = true;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const followedByWhitespace = i + 1 >= chars.length || isBlank(chars[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      else if ((c === '?' || c === ':') && followedByWhitespace) blockIndicators = true;
      else if (c === '-' && followedByWhitespace) blockIndicators = true;
    } else if (c === ':' && followedByWhitespace) blockIndicators = true;
    else if (c === '#' && precededByWhitespace) blockIndicators = true;
    if (!isPrintable(c)) special = true;
    if (c === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (c === '\u2028' || c === '\u2029') unicodeBreak = true;
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankOrBreak(c);
  }
  const a: ScalarAnalysis = { multiline: lineBreaks, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) a.blockPlainAllowed = false;
  if (trailingSpace) a.blockAllowed = false;
  if (breakSpace) a.blockPlainAllowed = a.singleQuotedAllowed = false;
  if (spaceBreak || special) a.blockPlainAllowed = a.singleQuotedAllowed = a.blockAllowed = false;
  if (lineBreaks || blockIndicators) a.blockPlainAllowed = false;
  // Where yaml.v2 parts from YAML: it writes U+2028/U+2029 raw inside single quotes or a literal block,
  // where a YAML 1.2 reader keeps them as text and a 1.1 reader (yaml.v2 itself) folds them as line
  // breaks, so the value reads back changed. Only double quotes can escape them (\L, \P), as yaml.v2
  // does once it writes double quotes.
  if (unicodeBreak) a.blockPlainAllowed = a.singleQuotedAllowed = a.blockAllowed = false;
  return a;
}

/** Go's strconv.FormatFloat(f, 'g', -1, 64) (exponent form below 1e-4 and from 1e6), with yaml's specials. */
function formatFloat(n: number): string {
  if (Number.isNaN(n)) return '.nan';
  if (n === Infinity) return '.inf';
  if (n === -Infinity) return '-.inf';
  const [mantissa, exponent] = n.toExponential().split('e') as [string, string];
  const e = Number(exponent);
  if (e < -4 || e >= 6) {
    const digits = String(Math.abs(e));
    return `${mantissa}e${e < 0 ? '-' : '+'}${digits.length < 2 ? `0${digits}` : digits}`;
  }
  return String(n);
}

const spaceRuns: string[] = [];
/** `n` spaces, made once for each width. */
const spaces = (n: number): string => (spaceRuns[n] ??= ' '.repeat(n));

/** libyaml's check: a key of at most 128 bytes on one line. */
function isSimpleKey(key: string): boolean {
  return Buffer.byteLength(key) <= 128 && !/[\n\r\u0085\u2028\u2029]/.test(key);
}

class Emitter {
  private out = '';
  private column = 0;
  private whitespace = true;
  private indention = true;
  private indent = -1;
  private readonly indents: number[] = [];
  private mappingContext = false;
  private simpleKeyContext = false;

  text(): string {
    return this.out;
  }

  /** Appends text that holds no line break; `width` is its length in characters. */
  private put(s: string, width = 1): void {
    this.out += s;
    this.column += width;
  }

  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
  }

  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    // at once: a space at a time made a string piece per space (31 of the 575 MB `manifests` on 200 kinds allocated)
    if (this.column < indent) this.put(spaces(indent - this.column), indent - this.column);
    this.whitespace = true;
    this.indention = true;
  }

  private writeIndicator(indicator: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    this.put(indicator, indicator.length); // ASCII: one column a character
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }

  private popIndent(): void {
    this.indent = this.indents.pop() as number;
  }

  node(input: unknown, ctx: { mapping: boolean; simpleKey: boolean }): void {
    // values are written as their JSON (controller-gen marshals through JSON)
    const value = input !== null && typeof input === 'object' && typeof (input as { toJSON?: unknown }).toJSON === 'function' ? (input as { toJSON(): unknown }).toJSON() : input;
    this.mappingContext = ctx.mapping;
    this.simpleKeyContext = ctx.simpleKey;
    if (Array.isArray(value)) this.sequence(value);
    else if (value !== null && typeof value === 'object') this.mapping(value as Record<string, unknown>);
    else this.scalar(value);
  }

  private sequence(items: readonly unknown[]): void {
    if (items.length === 0) {
      this.writeIndicator('[', true, true, false);
      this.writeIndicator(']', false, false, false);
      return;
    }
    this.increaseIndent(false, this.mappingContext && !this.indention);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.node(item === undefined ? null : item, { mapping: false, simpleKey: false });
    }
    this.popIndent();
  }

  private mapping(map: Record<string, unknown>): void {
    const keys = Object.keys(map)
      .filter((k) => map[k] !== undefined)
      .sort(compareYamlKeys);
    if (keys.length === 0) {
      this.writeIndicator('{', true, true, false);
      this.writeIndicator('}', false, false, false);
      return;
    }
    this.increaseIndent(false, false);
    for (const key of keys) {
      this.writeIndent();
      if (isSimpleKey(key)) {
        this.node(key, { mapping: true, simpleKey: true });
        this.writeIndicator(':', false, false, false);
      } else {
        // long or multi-line keys take the explicit `? key` / `: value` form
        this.writeIndicator('?', true, false, true);
        this.node(key, { mapping: true, simpleKey: false });
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.node(map[key], { mapping: true, simpleKey: false });
    }
    this.popIndent();
  }

  private scalar(value: unknown): void {
    let text: string;
    let style: Style;
    if (value === null || value === undefined) [text, style] = ['null', 'plain'];
    else if (typeof value === 'boolean') [text, style] = [String(value), 'plain'];
    else if (typeof value === 'number') [text, style] = [Number.isInteger(value) && Math.abs(value) < 1e21 ? String(value) : formatFloat(value), 'plain'];
    else if (typeof value === 'bigint') [text, style] = [value.toString(), 'plain'];
    else {
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what typeof leaves: a string (the generators pass no symbols or functions)
      text = String(value);
      style = text.includes('\n') ? 'literal' : resolvesToString(text) ? 'plain' : 'double';
    }
    // printable ASCII can be indexed by code unit; anything else is split into code points
    const chars: ArrayLike<string> = PRINTABLE_ASCII.test(text) ? text : [...text];
    if (typeof value === 'string') style = this.selectStyle(style, chars);
    this.increaseIndent(true, false);
    const allowBreaks = !this.simpleKeyContext;
    if (style === 'plain') this.writePlain(chars, allowBreaks);
    else if (style === 'single') this.writeSingleQuoted(chars, allowBreaks);
    else if (style === 'double') this.writeDoubleQuoted(chars, allowBreaks);
    else this.writeLiteral(chars);
    this.popIndent();
  }

  private selectStyle(requested: Style, chars: ArrayLike<string>): Style {
    const a = analyze(chars);
    let style = requested;
    if (this.simpleKeyContext && a.multiline) style = 'double';
    if (style === 'plain') {
      if (!a.blockPlainAllowed) style = 'single';
      if (chars.length === 0 && this.simpleKeyContext) style = 'single';
    }
    if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
    if (style === 'literal' && (!a.blockAllowed || this.simpleKeyContext)) style = 'double';
    return style;
  }

  private writePlain(chars: ArrayLike<string>, allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    // no space can be reached past the width: nothing to fold
    if (typeof chars === 'string' && (!allowBreaks || this.column + chars.length <= BEST_WIDTH + 1)) {
      this.put(chars, chars.length);
      this.whitespace = false;
      this.indention = false;
      return;
    }
    this.writeFolding(chars, allowBreaks, false);
    this.whitespace = false;
    this.indention = false;
  }

  /**
   * The text of a plain or single-quoted scalar: a space past the width may become a line break
   * (inside quotes, never the first or last character), line breaks are written doubled as YAML
   * folding needs, and inside quotes `'` is doubled.
   */
  private writeFolding(chars: ArrayLike<string>, allowBreaks: boolean, singleQuoted: boolean): void {
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      if (c === ' ') {
        const breakable = !singleQuoted || (i > 0 && i < chars.length - 1);
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && breakable && chars[i + 1] !== ' ') this.writeIndent();
        else this.put(c);
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === '\n') this.putBreak();
        this.putBreak();
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (singleQuoted && c === "'") this.put("'");
        // the word up to the next space, break or quote at once: a piece per character was most of
        // what writing a long description allocated
        let j = i + 1;
        while (j < chars.length && chars[j] !== ' ' && chars[j] !== "'" && !isBreak(chars[j])) j++;
        this.put(typeof chars === 'string' ? chars.slice(i, j) : Array.prototype.slice.call(chars, i, j).join(''), j - i);
        i = j - 1;
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
  }

  private writeSingleQuoted(chars: ArrayLike<string>, allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    this.writeFolding(chars, allowBreaks, true);
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeDoubleQuoted(chars: ArrayLike<string>, allowBreaks: boolean): void {
    const escapes: Record<number, string> = {
      0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r', 0x1b: 'e',
      0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P',
    };
    this.writeIndicator('"', true, false, false);
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      const cp = c.codePointAt(0) as number;
      if (!isPrintable(c) || cp === 0xfeff || isBreak(c) || c === '"' || c === '\\') {
        this.put('\\');
        const esc = escapes[cp];
        if (esc !== undefined) this.put(esc);
        else {
          const [letter, width] = cp <= 0xff ? ['x', 2] : cp <= 0xffff ? ['u', 4] : ['U', 8];
          this.put(letter);
          for (const d of cp.toString(16).toUpperCase().padStart(width, '0')) this.put(d);
        }
        spaces = false;
      } else if (c === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < chars.length - 1) {
          this.writeIndent();
          if (chars[i + 1] === ' ') this.put('\\');
        } else this.put(c);
        spaces = true;
      } else {
        this.put(c);
        spaces = false;
      }
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeLiteral(chars: ArrayLike<string>): void {
    this.writeIndicator('|', true, false, false);
    if (chars[0] === ' ' || (chars[0] !== undefined && isBreak(chars[0]))) this.writeIndicator(String(BEST_INDENT), false, false, false);
    const last = chars[chars.length - 1];
    let chomp = '';
    if (last === undefined || !isBreak(last)) chomp = '-';
    else if (chars.length === 1 || isBreak(chars[chars.length - 2])) chomp = '+';
    if (chomp) this.writeIndicator(chomp, false, false, false);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (let i = 0; i < chars.length; ) {
      const c = chars[i];
      if (isBreak(c)) {
        this.putBreak();
        this.indention = true;
        breaks = true;
        i++;
      } else {
        if (breaks) this.writeIndent();
        // the rest of the line at once
        let j = i + 1;
        while (j < chars.length && !isBreak(chars[j])) j++;
        const line = typeof chars === 'string' ? chars.slice(i, j) : Array.prototype.slice.call(chars, i, j).join('');
        this.put(line, j - i);
        this.indention = false;
        breaks = false;
        i = j;
      }
    }
  }

  endDocument(): void {
    this.writeIndent();
  }
}

/** One YAML document body as go-yaml v2 writes it (no `---`), ending with a newline. */
export function marshalYaml(value: unknown): string {
  const e = new Emitter();
  e.node(value ?? null, { mapping: false, simpleKey: false });
  e.endDocument();
  return e.text();
}

/** Documents as controller-gen writes a file: each preceded by `---`. */
export function writeYamlDocuments(documents: readonly unknown[], header = ''): string {
  return header + documents.map((d) => `---\n${marshalYaml(d)}`).join('');
}
