/**
 * What a test needs from outside the repository (../shared, binaries built by `npm run tools:kubernetes`):
 * missing, the test skips with one line naming it and how to get it, printed once per thing; under
 * the variable CI sets for it, the skip is a failure instead. Free of vitest so that bench/ can use it too.
 */

const reported = new Set<string>();

/** Whether `name` is set to something other than empty or 0. */
export function isRequired(requireEnv: string): boolean {
  const value = process.env[requireEnv];
  return Boolean(value) && value !== '0';
}

/**
 * Reports a missing prerequisite and returns false (so a caller can `return missingPrerequisite(...)`):
 * throws when `requireEnv` is set, else prints `skipped: needs <what> (<hint>)` unless printed already.
 */
export function missingPrerequisite(requireEnv: string, what: string, hint: string): false {
  if (isRequired(requireEnv)) throw new Error(`${requireEnv} is set but ${what} is missing`);
  if (!reported.has(what)) {
    reported.add(what);
    console.warn(`skipped: needs ${what} (${hint})`);
  }
  return false;
}
