/**
 * CEL's optional field selection (`self.?spec.?replicas.orValue(1)`) is not in @bufbuild/cel's
 * grammar, so rules are rewritten before parsing: `X.?name` becomes `optional.select_(X, 'name')`,
 * a function of the optional library (see optional.ts). String literals are left alone.
 */

const identChar = /[A-Za-z0-9_]/;

/** The start of the postfix expression that ends just before `end` (identifiers, calls, indexing). */
function operandStart(src: string, end: number): number {
  let i = end;
  for (;;) {
    const ch = src[i - 1];
    if (ch === ')' || ch === ']') {
      const open = ch === ')' ? '(' : '[';
      let depth = 0;
      let j = i - 1;
      for (; j >= 0; j--) {
        if (src[j] === ch) depth++;
        else if (src[j] === open && --depth === 0) break;
      }
      if (j < 0) return i;
      i = j;
      continue;
    }
    if (ch !== undefined && identChar.test(ch)) {
      while (i > 0 && identChar.test(src[i - 1])) i--;
      if (src[i - 1] === '.' && !/\d/.test(src[i - 2] ?? '')) {
        i--;
        continue;
      }
      return i;
    }
    return i;
  }
}

function skipString(src: string, i: number): number {
  const quote = src[i];
  const triple = src.startsWith(quote.repeat(3), i);
  const closing = triple ? quote.repeat(3) : quote;
  let j = i + closing.length;
  while (j < src.length) {
    if (src[j] === '\\') j += 2;
    else if (src.startsWith(closing, j)) return j + closing.length;
    else j++;
  }
  return j;
}

export function rewriteOptionalSelection(src: string): string {
  let out = src;
  for (;;) {
    let found = -1;
    for (let i = 0; i < out.length; i++) {
      const ch = out[i];
      if (ch === '"' || ch === "'") {
        i = skipString(out, i) - 1;
        continue;
      }
      if (ch === '.' && out[i + 1] === '?' && identChar.test(out[i + 2] ?? '')) {
        found = i;
        break;
      }
    }
    if (found < 0) return out;
    let nameEnd = found + 2;
    while (nameEnd < out.length && identChar.test(out[nameEnd])) nameEnd++;
    const name = out.slice(found + 2, nameEnd);
    const start = operandStart(out, found);
    const operand = out.slice(start, found);
    out = `${out.slice(0, start)}optional.select_(${operand}, '${name}')${out.slice(nameEnd)}`;
  }
}
