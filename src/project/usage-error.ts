/**
 * An error caused by what the user asked for (a bad flag value, a missing file, a conflict).
 * The CLI prints its message as one line and exits 1; any other error is a bug and gets a stack.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
