/**
 * A field selected by a name that CEL's lexer makes a keyword (`self.in`, `has(self.true)`): cel-go,
 * kube-apiserver's parser, refuses it with the errors its ANTLR parser reports while it recovers,
 * where @bufbuild/cel's parser reports one ("reserved keyword"). This file gives cel-go's errors
 * for such a rule when the keyword selections are its only syntax errors (the field itself is
 * reached as `self.__in__`: escape.ts).
 *
 * What cel-go does, as measured against cel-go v0.26 (kube-apiserver 1.36):
 * - `.true`, `.false`, `.null`: "mismatched input 'true' expecting IDENTIFIER" at the keyword; the
 *   selection and what follows it in the member chain are dropped.
 * - `.in`: "no viable alternative at input '.in'" at the keyword; the dot is dropped and `in` is
 *   read as the `in` operator. The innermost global call, list or map literal around it is closed
 *   first (a member call, an index or parentheses are not); its closing token then comes later as a
 *   stray one. The right operand of `in` starts at the next token: a token that cannot start an
 *   operand is reported "extraneous" and skipped when the one after it can, else "mismatched" (and
 *   skipped unless it may follow here: an operator, or a token closing what is still open).
 * - `has()` whose argument became something other than a field selection: "invalid argument to
 *   has() macro" at that argument (an identifier, a call's `(`, an index's `[`).
 * - A stray closing token (or `:`) at the top: "extraneous input ')' expecting <EOF>" when the input
 *   ends right after it, else "mismatched input ')' expecting <EOF>" and nothing more is read.
 * As ANTLR does, no error is reported between an error and the next token matched.
 */
import type { CheckIssue } from './check-issue.js';
import { endOfString, parseWithinLimits } from './parse-limits.js';

type Kind = 'identifier' | 'keyword' | 'literal' | 'punctuation' | 'eof';

interface Token {
  kind: Kind;
  text: string;
  offset: number;
}

const KEYWORDS = new Set(['in', 'true', 'false', 'null']);
const LITERAL_KEYWORDS = new Set(['true', 'false', 'null']);
const PUNCTUATION = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '+', '-', '*', '/', '%', '!', '?', ':', ',', '.', '(', ')', '[', ']', '{', '}'];
const BINARY = new Set(['==', '!=', '<=', '>=', '&&', '||', '<', '>', '+', '-', '*', '/', '%', '?', ':', 'in']);
const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** What cel-go's parser expects where an operand must start, as its messages spell it. */
const OPERAND_START = "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";

/** CEL's tokens (enough of them to follow brackets and operands), or undefined on a character CEL has no token for. */
function tokenize(source: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) i++;
    else if (source.startsWith('//', i)) i = source.includes('\n', i) ? source.indexOf('\n', i) : source.length;
    else if (/[A-Za-z_]/.test(ch)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))![0];
      const quote = source[i + word.length];
      if ((quote === '"' || quote === "'") && /^([rR][bB]?|[bB][rR]?)$/.test(word)) {
        const end = endOfString(source, i + word.length);
        tokens.push({ kind: 'literal', text: source.slice(i, end), offset: i });
        i = end;
      } else {
        tokens.push({ kind: KEYWORDS.has(word) ? 'keyword' : 'identifier', text: word, offset: i });
        i += word.length;
      }
    } else if (ch === '"' || ch === "'") {
      const end = endOfString(source, i);
      tokens.push({ kind: 'literal', text: source.slice(i, end), offset: i });
      i = end;
    } else if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const number = /^(0[xX][0-9a-fA-F]+[uU]?|[0-9]*\.?[0-9]+([eE][+-]?[0-9]+)?[uU]?)/.exec(source.slice(i))![0];
      tokens.push({ kind: 'literal', text: number, offset: i });
      i += number.length;
    } else if (ch === '`') {
      const end = source.indexOf('`', i + 1);
      if (end < 0) return undefined;
      tokens.push({ kind: 'identifier', text: source.slice(i, end + 1), offset: i });
      i = end + 1;
    } else {
      const p = PUNCTUATION.find((q) => source.startsWith(q, i));
      if (!p) return undefined;
      tokens.push({ kind: 'punctuation', text: p, offset: i });
      i += p.length;
    }
  }
  tokens.push({ kind: 'eof', text: '<EOF>', offset: source.length });
  return tokens;
}

const startsOperand = (t: Token) =>
  t.kind === 'identifier' || t.kind === 'literal' || (t.kind === 'keyword' && LITERAL_KEYWORDS.has(t.text)) || ['[', '{', '(', '.', '-', '!'].includes(t.text);
const endsOperand = (t: Token | undefined) => t !== undefined && (t.kind === 'identifier' || t.kind === 'literal' || t.kind === 'keyword' || [')', ']', '}'].includes(t.text));
const isKeywordSelection = (tokens: Token[], i: number) => tokens[i].text === '.' && tokens[i + 1]?.kind === 'keyword' && endsOperand(tokens[i - 1]);

/** An opened bracket: a global call (`has` apart), a member call, an index, parentheses, a list or a map. */
interface Open {
  kind: 'call' | 'has' | 'member' | 'index' | 'parentheses' | 'list' | 'map';
  close: string;
  /** The token its first argument starts at. */
  first: number;
}

function opened(tokens: Token[], i: number): Open {
  const text = tokens[i].text;
  const before = tokens[i - 1];
  const close = CLOSING[text];
  if (text === '{') return { kind: 'map', close, first: i + 1 };
  if (text === '[') return { kind: endsOperand(before) ? 'index' : 'list', close, first: i + 1 };
  if (before?.kind !== 'identifier') return { kind: 'parentheses', close, first: i + 1 };
  if (tokens[i - 2]?.text === '.') return { kind: 'member', close, first: i + 1 };
  return { kind: before.text === 'has' ? 'has' : 'call', close, first: i + 1 };
}

/** The index of the bracket opening the one that closes at `close`. */
function matchingOpen(tokens: Token[], close: number): number {
  let depth = 0;
  for (let j = close; j >= 0; j--) {
    const t = tokens[j].text;
    if (t === ')' || t === ']' || t === '}') depth++;
    else if ((t === '(' || t === '[' || t === '{') && --depth === 0) return j;
  }
  return 0;
}

/**
 * The member chain ending at token `end`: where it starts, and where cel-go locates it when it is not
 * a field selection (undefined when it is one): an identifier or literal at itself, a call or an
 * index at its bracket, parentheses at what they hold.
 */
function operandBefore(tokens: Token[], end: number): { start: number; location?: number } {
  let j = end;
  let located = false;
  let location: number | undefined;
  const locate = (offset: number | undefined) => {
    if (!located) location = offset;
    located = true;
  };
  const result = (start: number) => (location === undefined ? { start } : { start, location });
  for (;;) {
    const t = tokens[j];
    if (!t) return result(0);
    if (t.text === ')' || t.text === ']' || t.text === '}') {
      const open = matchingOpen(tokens, j);
      const before = tokens[open - 1];
      if (t.text === ')' && before?.kind !== 'identifier') {
        if (!located) locate(operandBefore(tokens, j - 1).location);
        return result(open);
      }
      locate(tokens[open].offset);
      if (t.text === ']' && endsOperand(before)) j = open - 1;
      else if (t.text === ')' && tokens[open - 2]?.text === '.' && endsOperand(tokens[open - 3])) j = open - 3;
      else return result(t.text === ')' ? open - 1 : open);
    } else if (tokens[j - 1]?.text === '.' && endsOperand(tokens[j - 2])) {
      locate(undefined);
      j -= 2;
    } else {
      locate(t.offset);
      return result(j);
    }
  }
}

/** The errors cel-go reports for `source`, whose only syntax errors are fields selected by keyword names. */
function recover(tokens: Token[]): CheckIssue[] {
  const issues: CheckIssue[] = [];
  const stack: Open[] = [];
  let recovering = false;
  /** `?` read at the top whose `:` is still to come. */
  let conditionals = 0;
  const report = (message: string, offset: number) => {
    if (!recovering) issues.push({ message, offset });
    recovering = true;
  };
  const matched = () => (recovering = false);
  const show = (t: Token) => (t.kind === 'eof' ? '<EOF>' : t.text.replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t'));
  /** Whether `t` may follow an operand with `stack` open (ANTLR's recovery set). */
  const mayFollow = (t: Token) => t.kind === 'eof' || BINARY.has(t.text) || stack.some((o) => o.close === t.text) || (stack.length > 0 && t.text === ',');
  /** An invalid has() argument: the chain `[start, end]` is the whole first argument of an open has( that is not a selection. */
  const checkHas = (open: Open | undefined, chainEnd: number) => {
    if (open?.kind !== 'has') return;
    const operand = operandBefore(tokens, chainEnd);
    if (operand.start === open.first && operand.location !== undefined) issues.push({ message: 'invalid argument to has() macro', offset: operand.location });
  };
  /** Skips a member chain's suffixes (`.x`, `(...)`, `[...]`) from `i`; the index after them. */
  const skipSuffixes = (i: number) => {
    for (;;) {
      const t = tokens[i];
      if (t.text === '.' && tokens[i + 1] && tokens[i + 1].kind !== 'eof') i += 2;
      else if (t.text === '(' || t.text === '[') {
        let depth = 0;
        for (; i < tokens.length - 1; i++) {
          if (CLOSING[tokens[i].text]) depth++;
          else if ([')', ']', '}'].includes(tokens[i].text) && --depth === 0) break;
        }
        i++;
      } else return i;
    }
  };
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    if (t.kind === 'eof') break;
    if (isKeywordSelection(tokens, i)) {
      const keyword = tokens[i + 1];
      const top = stack[stack.length - 1];
      if (keyword.text !== 'in') {
        report(`Syntax error: mismatched input '${keyword.text}' expecting IDENTIFIER`, keyword.offset);
        checkHas(top, i - 1);
        i = skipSuffixes(i + 2);
        continue;
      }
      report("Syntax error: no viable alternative at input '.in'", keyword.offset);
      if (top && (top.kind === 'call' || top.kind === 'has' || top.kind === 'list' || top.kind === 'map')) {
        stack.pop();
        checkHas(top, i - 1);
      }
      matched(); // `in`, as an operator
      const next = tokens[i + 2];
      const after = tokens[i + 3];
      if (startsOperand(next)) i += 2;
      else if (after && startsOperand(after)) {
        report(`Syntax error: extraneous input '${show(next)}' expecting ${OPERAND_START}`, next.offset);
        i += 3;
      } else {
        report(`Syntax error: mismatched input '${show(next)}' expecting ${OPERAND_START}`, next.offset);
        i += 2;
        while (!mayFollow(tokens[i])) i++;
      }
      continue;
    }
    if (CLOSING[t.text]) stack.push(opened(tokens, i));
    else if (t.text === '?' && stack.length === 0) conditionals++;
    else if ([')', ']', '}'].includes(t.text) || (t.text === ':' && stack.length === 0)) {
      const top = stack[stack.length - 1];
      if (top?.close === t.text) stack.pop();
      else if (t.text === ':' && conditionals > 0) conditionals--;
      else if (stack.length === 0) {
        if (tokens[i + 1].kind === 'eof') {
          report(`Syntax error: extraneous input '${show(t)}' expecting <EOF>`, t.offset);
          break;
        }
        report(`Syntax error: mismatched input '${show(t)}' expecting <EOF>`, t.offset);
        break;
      } else break; // a bracket closing another kind: the rule would not parse escaped either
    }
    matched();
    i++;
  }
  return issues.sort((a, b) => a.offset - b.offset);
}

function parses(text: string): boolean {
  try {
    parseWithinLimits(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * cel-go's errors for `source` when fields selected by keyword names (`.in`, `.true`, `.false`,
 * `.null`) are its only syntax errors; undefined otherwise.
 */
export function keywordSelectionIssues(source: string): CheckIssue[] | undefined {
  const tokens = tokenize(source);
  if (!tokens) return undefined;
  const selections = tokens.map((_, i) => i).filter((i) => isKeywordSelection(tokens, i));
  if (selections.length === 0) return undefined;
  // The rule with each such field escaped (`self.__in__`) must parse: then nothing else is wrong with its syntax.
  let escaped = source;
  for (const i of [...selections].reverse()) {
    const keyword = tokens[i + 1];
    escaped = `${escaped.slice(0, keyword.offset)}__${keyword.text}__${escaped.slice(keyword.offset + keyword.text.length)}`;
  }
  return parses(escaped) ? recover(tokens) : undefined;
}
