/**
 * What counts as a panic of a reconciler. JavaScript has no panics; the closest are the errors
 * the engine itself raises for programming bugs, where Go would panic: reading a property of
 * undefined (TypeError, Go's nil dereference), an unbounded recursion or bad length (RangeError),
 * an undeclared name (ReferenceError). Errors that carry a `cause` are excluded: the engine never
 * sets one, while library I/O failures that reuse TypeError (fetch's "fetch failed") do.
 */
const ENGINE_ERRORS = [TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError] as const;

export function isPanic(err: unknown): boolean {
  if (!(err instanceof Error) || err.cause !== undefined) return false;
  return ENGINE_ERRORS.some((ctor) => Object.getPrototypeOf(err) === ctor.prototype);
}
