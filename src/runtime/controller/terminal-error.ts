/**
 * An error that retrying will not fix (a bad spec, say): the controller logs and counts it but
 * does not requeue, as controller-runtime's `reconcile.TerminalError`.
 */
export class TerminalError extends Error {
  override readonly name = 'TerminalError';

  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export function isTerminalError(err: unknown): err is TerminalError {
  return err instanceof TerminalError;
}
