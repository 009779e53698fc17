import { describe, expect, it } from 'vitest';
import { goJsonSyntaxError } from '../../src/kube/go-json-syntax.js';

const error = (text: string) => goJsonSyntaxError(Buffer.from(text, 'latin1'));

describe('goJsonSyntaxError (encoding/json checkValid)', () => {
  it('accepts one JSON value between white space', () => {
    for (const text of ['{}', ' [1, -2.5e+3, "a\\u00e9", true, false, null, {"k": {}}] ', '0', '"x"']) expect(error(text)).toBeUndefined();
  });

  it('names the first byte that cannot continue the text, in Go\'s words', () => {
    expect(error('{"metadata": ')).toBe('unexpected end of JSON input');
    expect(error('')).toBe('unexpected end of JSON input');
    expect(error('hello')).toBe("invalid character 'h' looking for beginning of value");
    expect(error('{"a":1,}')).toBe("invalid character '}' looking for beginning of object key string");
    expect(error('{"a" 1}')).toBe("invalid character '1' after object key");
    expect(error('{"a":1 "b"}')).toBe('invalid character \'"\' after object key:value pair');
    expect(error('[1 2]')).toBe("invalid character '2' after array element");
    expect(error('{} x')).toBe("invalid character 'x' after top-level value");
    expect(error('01')).toBe("invalid character '1' after top-level value");
    expect(error('"a\tb"')).toBe("invalid character '\\t' in string literal");
    expect(error('"\\x"')).toBe("invalid character 'x' in string escape code");
    expect(error('"\\u12g0"')).toBe("invalid character 'g' in \\u hexadecimal character escape");
  });

  it('feeds one space at the end, as Go does, so a cut number or literal names that space', () => {
    expect(error('-')).toBe("invalid character ' ' in numeric literal");
    expect(error('1.')).toBe("invalid character ' ' after decimal point in numeric literal");
    expect(error('1e')).toBe("invalid character ' ' in exponent of numeric literal");
    expect(error('tru')).toBe("invalid character ' ' in literal true (expecting 'e')");
  });
});
