/**
 * The one list of tests that run on the in-process server only, each with why: they reach into
 * env.server (fault injection, direct store access) or test a behaviour of the in-process server
 * itself. describeBackends skips them on kube-apiserver, with the reason as the skip note.
 * Files that are wholly in-process keep `startEnv` and are listed with no test name.
 */
export interface InProcessOnly {
  /** Test file, relative to the repository root. */
  file: string;
  /** The test's name (as in `it(name)`); absent: every test of the file. */
  test?: string;
  why: string;
}

export const IN_PROCESS_ONLY: InProcessOnly[] = [
];

/** The entry that keeps a test of a file off the real control plane, if any. */
export function inProcessOnly(file: string, test: string): InProcessOnly | undefined {
  return IN_PROCESS_ONLY.find((e) => e.file === file && (e.test === undefined || e.test === test));
}
