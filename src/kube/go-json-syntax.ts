/**
 * Why Go's encoding/json refuses a text as JSON, in its words (`invalid character 'x' looking for
 * beginning of value`, `unexpected end of JSON input`): kube-apiserver quotes them when a body or a
 * token does not parse. Go checks the syntax byte by byte before it decodes anything, so the first
 * byte that cannot continue the text is the one named. Nesting depth is json-nesting.ts's concern.
 */

/** Go's quoteChar: a byte as a rune in single quotes, escaped where strconv.Quote escapes it. */
export function goQuoteChar(byte: number): string {
  if (byte === 0x27) return `'\\''`;
  if (byte === 0x22) return `'"'`;
  if ((byte >= 0x20 && byte < 0x7f) || (byte >= 0xa1 && byte !== 0xad)) return `'${String.fromCharCode(byte)}'`;
  const named: Record<number, string> = { 0x07: '\\a', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v' };
  return `'${named[byte] ?? (byte < 0x20 || byte === 0x7f ? `\\x${byte.toString(16).padStart(2, '0')}` : `\\u${byte.toString(16).padStart(4, '0')}`)}'`;
}

const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const isHex = (b: number) => isDigit(b) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46);

/** What the scanner expects next; each step takes one byte and gives the next state, or an error's context. */
type Step = (b: number) => Step | string;

/**
 * The syntax error Go's json.Unmarshal reports for `bytes`, or undefined when they are one JSON
 * value (surrounded by white space only).
 */
export function goJsonSyntaxError(bytes: Uint8Array): string | undefined {
  const stack: ('object-key' | 'object-value' | 'array')[] = [];
  let done = false;

  const endTop: Step = (b) => (isSpace(b) ? endTop : 'after top-level value');
  const endValue: Step = (b) => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      done = true;
      return endTop(b);
    }
    if (isSpace(b)) return endValue;
    if (top === 'object-key') {
      if (b !== 0x3a) return 'after object key';
      stack[stack.length - 1] = 'object-value';
      return beginValue;
    }
    if (top === 'object-value') {
      if (b === 0x2c) {
        stack[stack.length - 1] = 'object-key';
        return beginString;
      }
      if (b !== 0x7d) return 'after object key:value pair';
      stack.pop();
      return afterPop();
    }
    if (b === 0x2c) return beginValue;
    if (b !== 0x5d) return 'after array element';
    stack.pop();
    return afterPop();
  };
  // A closed object or array ends a value; at the top level the text may end here.
  const afterPop = (): Step => {
    if (stack.length === 0) done = true;
    return endValue;
  };
  const literal = (word: string, rest: string): Step => {
    if (rest === '') return endValue;
    return (b) => (b === rest.charCodeAt(0) ? literal(word, rest.slice(1)) : `in literal ${word} (expecting '${rest[0]}')`);
  };
  const exponentDigits: Step = (b) => (isDigit(b) ? exponentDigits : endValue(b));
  const exponentSign: Step = (b) => (isDigit(b) ? exponentDigits : 'in exponent of numeric literal');
  const exponent: Step = (b) => (b === 0x2b || b === 0x2d ? exponentSign : exponentSign(b));
  const fraction: Step = (b) => (isDigit(b) ? fraction : b === 0x65 || b === 0x45 ? exponent : endValue(b));
  const dot: Step = (b) => (isDigit(b) ? fraction : 'after decimal point in numeric literal');
  const zero: Step = (b) => (b === 0x2e ? dot : b === 0x65 || b === 0x45 ? exponent : endValue(b));
  const integer: Step = (b) => (isDigit(b) ? integer : zero(b));
  const negative: Step = (b) => (b === 0x30 ? zero : isDigit(b) ? integer : 'in numeric literal');
  const unicodeEscape = (left: number): Step => (b) => (!isHex(b) ? 'in \\u hexadecimal character escape' : left === 1 ? inString : unicodeEscape(left - 1));
  const escape: Step = (b) => ('bfnrt\\/"'.includes(String.fromCharCode(b)) ? inString : b === 0x75 ? unicodeEscape(4) : 'in string escape code');
  const inString: Step = (b) => (b === 0x22 ? endValue : b === 0x5c ? escape : b < 0x20 ? 'in string literal' : inString);
  const beginString: Step = (b) => (isSpace(b) ? beginString : b === 0x22 ? inString : 'looking for beginning of object key string');
  const beginStringOrEmpty: Step = (b) => {
    if (isSpace(b)) return beginStringOrEmpty;
    if (b !== 0x7d) return beginString(b);
    stack.pop();
    return afterPop();
  };
  const beginValueOrEmpty: Step = (b) => {
    if (isSpace(b)) return beginValueOrEmpty;
    if (b !== 0x5d) return beginValue(b);
    stack.pop();
    return afterPop();
  };
  const beginValue: Step = (b) => {
    if (isSpace(b)) return beginValue;
    switch (b) {
      case 0x7b:
        stack.push('object-key');
        return beginStringOrEmpty;
      case 0x5b:
        stack.push('array');
        return beginValueOrEmpty;
      case 0x22:
        return inString;
      case 0x2d:
        return negative;
      case 0x30:
        return zero;
      case 0x74:
        return literal('true', 'rue');
      case 0x66:
        return literal('false', 'alse');
      case 0x6e:
        return literal('null', 'ull');
      default:
        return isDigit(b) ? integer : 'looking for beginning of value';
    }
  };

  let state: Step = beginValue;
  for (const b of bytes) {
    const next = state(b);
    if (typeof next === 'string') return `invalid character ${goQuoteChar(b)} ${next}`;
    state = next;
  }
  // At the end Go feeds one space: it completes a number or a literal's last state, or is itself refused.
  const last = state(0x20);
  if (typeof last === 'string') return `invalid character ' ' ${last}`;
  return done ? undefined : 'unexpected end of JSON input';
}
