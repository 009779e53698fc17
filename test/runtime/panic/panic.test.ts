import { describe, expect, it } from 'vitest';
import { isPanic } from '../../../src/runtime/panic/panic.js';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('did not throw');
}

describe('isPanic', () => {
  it('holds for the errors the engine raises for bugs', () => {
    expect(isPanic(thrown(() => (undefined as unknown as { a: number }).a))).toBe(true);
    expect(isPanic(thrown(() => new Array(-1)))).toBe(true);
    expect(isPanic(thrown(() => (globalThis as unknown as { notDeclared: () => void }).notDeclared()))).toBe(true);
    const recurse = (): number => recurse() + 1;
    expect(isPanic(thrown(recurse))).toBe(true);
  });

  it('does not hold for bad input, Node API errors, wrapped causes, or ordinary errors', () => {
    expect(isPanic(thrown(() => JSON.parse('{')))).toBe(false);
    expect(isPanic(thrown(() => decodeURIComponent('%')))).toBe(false);
    expect(isPanic(thrown(() => new URL('not a url')))).toBe(false); // TypeError with code ERR_INVALID_URL
    expect(isPanic(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }))).toBe(false);
    expect(isPanic(new Error('plain'))).toBe(false);
    expect(isPanic('a string')).toBe(false);
    class MyTypeError extends TypeError {}
    expect(isPanic(new MyTypeError('thrown on purpose'))).toBe(false);
  });
});
