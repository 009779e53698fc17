/**
 * The marker grammar: splitting `+name:arg=value,...` into a name and typed arguments, following
 * controller-gen's parser (same value forms, same guessing for `any`-typed values, same quirks).
 */
import { distance } from 'fastest-levenshtein';
import { MAX_NESTING } from './nesting.js';
import { EOF, MarkerSyntaxError, Scanner, describeToken, unquoteGo } from './scanner.js';
import type { ArgType, MarkerDefinition, MarkerValue } from './types.js';

const COMMA = 0x2c;
const SEMI = 0x3b;
const COLON = 0x3a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const MINUS = 0x2d;

export interface SplitMarker {
  /** The name when the last `:` segment is an argument name (`kubebuilder:printcolumn`). */
  readonly name: string;
  /** Everything before the first `=` (`kubebuilder:printcolumn:name`): the name of an anonymous-value marker. */
  readonly anonymousName: string;
  /** The text after the first `=`. */
  readonly fields: string;
  /** Offset of `fields` in the text given to splitMarker. */
  readonly fieldsOffset: number;
  /** Whether the text has an `=` (`+groupName=` has one, with empty fields; `+groupName` has none). */
  readonly hasEquals: boolean;
}

/** Splits `+a:b:c=arg,d=arg` into `a:b`, `a:b:c` and `arg,d=arg`. The leading `+` is optional. */
export function splitMarker(text: string): SplitMarker {
  const body = text.startsWith('+') ? text.slice(1) : text;
  const lead = text.length - body.length;
  const eq = body.indexOf('=');
  if (eq < 0) return { name: body, anonymousName: body, fields: '', fieldsOffset: text.length, hasEquals: false };
  const anonymousName = body.slice(0, eq);
  const lastColon = anonymousName.lastIndexOf(':');
  const name = lastColon >= 0 ? anonymousName.slice(0, lastColon) : anonymousName;
  return { name, anonymousName, fields: body.slice(eq + 1), fieldsOffset: lead + eq + 1, hasEquals: true };
}

export function isEmptyDefinition(def: MarkerDefinition): boolean {
  return def.value === undefined && (def.args === undefined || Object.keys(def.args).length === 0);
}

export function describeArgType(t: ArgType): string {
  if (typeof t === 'string') return t === 'number' ? 'float' : t;
  if ('slice' in t) return `[]${describeArgType(t.slice)}`;
  return `map[string]${describeArgType(t.map)}`;
}

/**
 * Parses a marker's text (with or without the leading `+`) against its definition.
 * Throws MarkerSyntaxError whose offset is relative to `text`.
 */
export function parseMarker(def: MarkerDefinition, text: string): MarkerValue {
  const split = splitMarker(text);
  let fields = split.fields;
  let base = split.fieldsOffset;
  const anonymous = def.value !== undefined;
  const empty = isEmptyDefinition(def);
  // `+a:b:c=v,d=w` with a definition `a:b` that takes named arguments: `c` is the first argument's name.
  if (!anonymous && !empty && split.anonymousName.length >= split.name.length + 1) {
    const lead = text.startsWith('+') ? 1 : 0;
    base = lead + split.name.length + 1;
    fields = text.slice(base);
  }
  const tooDeep = bracePastLimit(fields);
  if (tooDeep >= 0) {
    throw new MarkerSyntaxError(`value nested more than ${MAX_NESTING} levels deep (each {...} adds a level; no real API comes near this): flatten the value`, base + tooDeep);
  }
  const scanner = new Scanner(fields, 0, (message, offset) => {
    throw new MarkerSyntaxError(message, base + offset);
  });
  let result: MarkerValue;
  if (def.value !== undefined) {
    if (scanner.peek() !== EOF) result = parseValue(def.value.type, scanner, false);
    // `+groupName=`: a string given `=` and nothing after it is the empty string (controller-gen's zero value)
    else if (def.value.type === 'string' && split.hasEquals) result = '';
    else if (def.value.optional) result = true;
    else throw new MarkerSyntaxError(`missing value: expected ${describeArgType(def.value.type)}`, base);
  } else if (empty) {
    result = true;
  } else {
    result = parseNamedArguments(def, scanner);
  }
  const rest = scanner.scan();
  if (rest.kind !== 'eof') scanner.error(`extra arguments provided: ${JSON.stringify(fields.slice(rest.start))}`, rest.start);
  return result;
}

function parseNamedArguments(def: MarkerDefinition, scanner: Scanner): { [key: string]: MarkerValue } {
  const specs = def.args ?? {};
  const out: { [key: string]: MarkerValue } = Object.create(null) as { [key: string]: MarkerValue };
  if (scanner.peek() !== EOF) {
    for (;;) {
      const nameTok = scanner.scan();
      if (nameTok.kind !== 'ident') {
        scanner.error(`expected argument name, got ${describeToken(nameTok)}`);
        break;
      }
      const argName = nameTok.text;
      const spec = Object.hasOwn(specs, argName) ? specs[argName] : undefined; // not `constructor` of every object
      if (spec === undefined) {
        const known = Object.keys(specs);
        const near = known.length ? known.reduce((a, b) => (distance(a, argName) <= distance(b, argName) ? a : b)) : undefined;
        const hint = near !== undefined && distance(near, argName) <= Math.max(2, argName.length / 3) ? ` (did you mean ${JSON.stringify(near)}?)` : '';
        scanner.error(`unknown argument ${JSON.stringify(argName)}${hint}; expected one of ${known.join(', ')}`, nameTok.start);
        break;
      }
      const eq = scanner.scan();
      if (eq.text !== '=' || eq.kind !== 'char') {
        scanner.error(`expected "=" after argument ${JSON.stringify(argName)}, got ${describeToken(eq)}`);
        break;
      }
      out[argName] = parseValue(spec.type, scanner, false);
      if (scanner.peek() === EOF) break;
      const sep = scanner.scan();
      if (sep.text !== ',' || sep.kind !== 'char') {
        scanner.error(`expected comma, got ${describeToken(sep)}`);
        break;
      }
    }
  }
  const missing = Object.entries(specs)
    .filter(([name, spec]) => !spec.optional && !(name in out))
    .map(([name]) => JSON.stringify(name));
  if (missing.length > 0) scanner.error(`missing argument${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, scanner.src.length);
  return out;
}

function parseValue(type: ArgType, scanner: Scanner, inSlice: boolean): MarkerValue {
  if (typeof type === 'object') return 'slice' in type ? parseSlice(type.slice, scanner) : parseMap(type.map, scanner);
  switch (type) {
    case 'raw': {
      const value = scanner.src.slice(scanner.pos);
      scanner.pos = scanner.src.length;
      return value;
    }
    case 'number':
    case 'int': {
      const negative = scanner.peek() === MINUS;
      if (negative) scanner.scan();
      const tok = scanner.scan();
      const ok = type === 'int' ? tok.kind === 'int' : tok.kind === 'int' || tok.kind === 'float';
      if (!ok) {
        scanner.error(`expected ${type === 'int' ? 'integer' : 'integer or float'}, got ${describeToken(tok)}`);
        return 0;
      }
      const text = (negative ? '-' : '') + tok.text;
      // Unambiguous patterns: `\d+\.?\d*` backtracked quadratically on a long number that did not match.
      if (type === 'int' ? !/^-?\d+$/.test(text) : !/^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) {
        scanner.error(`unable to parse ${type === 'int' ? 'integer' : 'number'} ${quoteShort(text)}`);
        return 0;
      }
      const value = Number(text);
      // As Go's strconv (Atoi: int64; ParseFloat: finite float64), out of range is an error, not a rounding.
      if (type === 'int' ? !fitsInt64(text) : !Number.isFinite(value)) {
        scanner.error(`unable to parse ${type === 'int' ? 'integer' : 'number'} ${quoteShort(text)}: value out of range`);
        return 0;
      }
      return value;
    }
    case 'string':
      return parseString(scanner, false);
    case 'bool': {
      const tok = scanner.scan();
      if (tok.kind === 'ident' && (tok.text === 'true' || tok.text === 'false')) return tok.text === 'true';
      scanner.error(`expected true or false, got ${describeToken(tok)}`);
      return false;
    }
    case 'any':
      return parseValue(guessType(scanner, !inSlice), scanner, false);
  }
}

/** A quoted string, or a bare one: every token up to `,` `;` `}` (and `:` for map keys), trimmed. */
function parseString(scanner: Scanner, inMap: boolean): string {
  const saved = scanner.scanNumbers;
  scanner.scanNumbers = false;
  try {
    const first = scanner.scan();
    if (first.kind === 'string' || first.kind === 'rawstring') {
      try {
        return unquoteGo(first.text);
      } catch (e) {
        scanner.error(`unable to parse string: ${(e as Error).message}`);
        return '';
      }
    }
    const isDelim = (c: number) => c === COMMA || c === SEMI || c === RBRACE || c === EOF || (inMap && c === COLON);
    const start = first.start;
    let end = first.start + first.text.length;
    while (!isDelim(scanner.peekNoSpace())) {
      const t = scanner.scan();
      end = t.start + t.text.length;
    }
    return scanner.src.slice(start, end);
  } finally {
    scanner.scanNumbers = saved;
  }
}

function expectChar(scanner: Scanner, ch: string, what: string): boolean {
  const tok = scanner.scan();
  if (tok.kind === 'char' && tok.text === ch) return true;
  scanner.error(`expected ${what}, got ${describeToken(tok)}`);
  return false;
}

/** `{a,b,c}` or `a;b;c`. */
function parseSlice(item: ArgType, scanner: Scanner): MarkerValue[] {
  const out: MarkerValue[] = [];
  if (scanner.peekNoSpace() === LBRACE) {
    scanner.scan();
    for (let hint = scanner.peekNoSpace(); hint !== RBRACE && hint !== EOF; hint = scanner.peekNoSpace()) {
      out.push(parseValue(item, scanner, true));
      if (scanner.peekNoSpace() === RBRACE) break;
      if (!expectChar(scanner, ',', 'comma or close curly brace')) return out;
    }
    expectChar(scanner, '}', 'close curly brace');
    return out;
  }
  for (let hint = scanner.peekNoSpace(); hint !== COMMA && hint !== RBRACE && hint !== EOF; hint = scanner.peekNoSpace()) {
    out.push(parseValue(item, scanner, true));
    const next = scanner.peekNoSpace();
    if (next === COMMA || next === RBRACE || next === EOF) break;
    const sep = scanner.scan();
    if (sep.text !== ';') {
      scanner.error(`expected semicolon or comma, got ${describeToken(sep)}`);
      return out;
    }
  }
  return out;
}

/** `{key: value, other: value}`. */
function parseMap(item: ArgType, scanner: Scanner): { [key: string]: MarkerValue } {
  // The keys are the user's: without a prototype, `__proto__` and `constructor` are keys like any other.
  const out: { [key: string]: MarkerValue } = Object.create(null) as { [key: string]: MarkerValue };
  if (!expectChar(scanner, '{', 'open curly brace')) return out;
  for (let hint = scanner.peekNoSpace(); hint !== RBRACE && hint !== EOF; hint = scanner.peekNoSpace()) {
    const key = parseString(scanner, true);
    if (!expectChar(scanner, ':', 'colon')) return out;
    out[key] = parseValue(item, scanner, false);
    if (scanner.peekNoSpace() === RBRACE) break;
    if (!expectChar(scanner, ',', 'comma or close curly brace')) return out;
  }
  expectChar(scanner, '}', 'close curly brace');
  return out;
}

/**
 * Guesses the type of an `any` value from the text ahead, as controller-gen does: quoted -> string,
 * `{k: v}` -> map, `{a, b}` -> slice, true/false -> bool, a number followed by a delimiter -> int/float,
 * `a;b` -> slice, everything else (`100Mi`, `2024-01-15`) -> string.
 */
function guessType(scanner: Scanner, allowSlice: boolean): ArgType {
  if (allowSlice) {
    const item = guessType(scanner, false);
    const { scanner: ahead } = scanner.fork();
    let tok;
    do tok = ahead.scan();
    while (!(tok.kind === 'eof' || (tok.kind === 'char' && (tok.text === ',' || tok.text === ';'))));
    return tok.text === ';' ? { slice: item } : item;
  }
  const { scanner: ahead, failed } = scanner.fork();
  let hint = ahead.peekNoSpace();
  if (hint === 0x22 || hint === 0x27 || hint === 0x60) return 'string';
  if (hint === LBRACE) {
    ahead.scan();
    hint = ahead.peekNoSpace();
    const first = guessType(ahead, false);
    if (first === 'string') {
      parseString(ahead, true);
      const tok = ahead.scan();
      if ((tok.kind === 'char' && tok.text === ':') || hint === RBRACE) return { map: 'any' };
    }
    return { slice: first };
  }
  if (hint === 0x74 /* t */ || hint === 0x66 /* f */) {
    const tok = ahead.scan();
    if (tok.kind === 'ident' && (tok.text === 'true' || tok.text === 'false')) return 'bool';
    return 'string';
  }
  let tok = ahead.scan();
  if (tok.kind === 'char' && tok.text === '-') tok = ahead.scan();
  if (!failed() && (tok.kind === 'int' || tok.kind === 'float')) {
    const follow = ahead.peekNoSpace();
    if (follow === COMMA || follow === SEMI || follow === EOF || follow === RBRACE) return tok.kind === 'int' ? 'int' : 'number';
  }
  return 'string';
}

/**
 * The offset of the `{` that nests past MAX_NESTING in marker arguments, or -1: the value parser,
 * the type guessing and everything that walks the value later are recursive. Quoted strings skipped.
 */
function bracePastLimit(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x60) {
      // to the closing quote (a `"` string ends at a newline too, as the scanner reads it)
      for (i++; i < text.length && text.charCodeAt(i) !== c && !(c === 0x22 && text.charCodeAt(i) === 0x0a); i++) {
        if (c === 0x22 && text.charCodeAt(i) === 0x5c) i++;
      }
    } else if (c === LBRACE) {
      if (++depth > MAX_NESTING) return i;
    } else if (c === RBRACE) depth = Math.max(0, depth - 1);
  }
  return -1;
}

/** A literal as errors quote it: at most `length` characters of it. */
export function quoteShort(text: string, length = 40): string {
  return JSON.stringify(text.length > length ? `${text.slice(0, length)}…` : text);
}

/** Whether decimal integer text fits Go's int (int64), compared as text so that its length does not matter. */
function fitsInt64(text: string): boolean {
  const negative = text.startsWith('-');
  const digits = text.slice(negative ? 1 : 0).replace(/^0+(?=\d)/, '');
  const limit = negative ? '9223372036854775808' : '9223372036854775807';
  return digits.length < limit.length || (digits.length === limit.length && digits <= limit);
}
