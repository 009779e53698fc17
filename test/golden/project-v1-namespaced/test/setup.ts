// Loaded by vitest before each test file (vitest.config.ts: setupFiles). The runtime logs a line per
// reconcile; here its lines go through console.error, which vitest prints only for the tests that fail
// (silent: 'passed-only'). TEST_LOGS=1 npm test prints them all, as they come.
import { setLogger } from 'kubescaffolder/runtime';

setLogger({ output: { write: (line: string) => console.error(line.trimEnd()) } });
