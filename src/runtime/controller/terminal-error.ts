/**
 * An error that retrying will not fix (a bad spec, say): the controller logs and counts it but
 * does not requeue, as controller-runtime's `reconcile.TerminalError`.
 */
export class TerminalError extends Error {
  override readonly name = 'TerminalError';

  constructor(override readonly cause: unknown) {
    super(`terminal error: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * Whether `err` is a TerminalError or wraps one along its chain of causes
 * (`new Error('...', { cause: new TerminalError(e) })`), as Go's errors.Is finds a wrapped one.
 */
export function isTerminalError(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = err; typeof e === 'object' && e !== null && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    if (e instanceof TerminalError) return true;
    seen.add(e);
  }
  return false;
}
