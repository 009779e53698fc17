/**
 * What counts as a panic of a reconciler or webhook. JavaScript has no panics; the closest are
 * the errors the engine itself raises for programming bugs, where Go would panic: reading a
 * property of undefined (TypeError, Go's nil dereference), an unbounded recursion or a bad length
 * (RangeError), an undeclared name (ReferenceError).
 *
 * Not panics: errors about bad input that Go would return as errors (SyntaxError from JSON.parse,
 * URIError from decodeURIComponent), Node's API errors (they carry a `code` such as
 * ERR_INVALID_URL, though some are TypeErrors), and errors with a `cause` (the engine never sets
 * one, while I/O failures that reuse TypeError, like fetch's "fetch failed", do).
 */
const ENGINE_BUG_ERRORS = [TypeError, RangeError, ReferenceError] as const;

export function isPanic(err: unknown): boolean {
  if (!(err instanceof Error) || err.cause !== undefined || (err as { code?: unknown }).code !== undefined) return false;
  return ENGINE_BUG_ERRORS.some((ctor) => Object.getPrototypeOf(err) === ctor.prototype);
}
