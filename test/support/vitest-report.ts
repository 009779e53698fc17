/**
 * A nested vitest run (an example's or a generated project's own suite), read from the JSON report
 * it writes with `--reporter=json --outputFile.json=<file>`: each test's file, name and outcome, so
 * that a test can say which tests ran, and which were skipped or failed, on each backend.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface TestOutcome {
  /** The test file, relative to the project's directory. */
  file: string;
  /** The test's own name, as in `it(name)`. */
  test: string;
  state: 'passed' | 'failed' | 'skipped';
  /** Why it failed. */
  failure?: string;
}

interface JSONReport {
  testResults: Array<{ name: string; status: string; message?: string; assertionResults: Array<{ title: string; status: string; failureMessages?: string[] }> }>;
}

/** The vitest arguments that write the report to `file` beside the usual output. */
export function reportArgs(file: string): string[] {
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
}

export function readVitestReport(file: string, projectDir: string): TestOutcome[] {
  const report = JSON.parse(readFileSync(file, 'utf8')) as JSONReport;
  return report.testResults.flatMap((result) => {
    const file = path.relative(projectDir, result.name);
    // A file that failed before its tests ran (an import, a beforeAll) has a message and may list no test.
    const fileFailure: TestOutcome[] = result.status === 'failed' && result.message ? [{ file, test: '(the file)', state: 'failed', failure: result.message }] : [];
    return [
      ...fileFailure,
      ...result.assertionResults.map((a): TestOutcome => {
        const state = a.status === 'passed' ? 'passed' : a.status === 'failed' ? 'failed' : 'skipped';
        return { file, test: a.title, state, ...(state === 'failed' ? { failure: (a.failureMessages ?? []).join('\n') } : {}) };
      }),
    ];
  });
}

/** A --testNamePattern that runs every test but those named (each name matched whole, at the end of the full name). */
export function excludingTests(names: string[]): string {
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `^(?!.*(?:${escaped.join('|')})$)`;
}
