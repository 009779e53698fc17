// First: refuses too old a Node.js before any test loads the runtime.
import './src/node-version.js';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The runtime's log lines (test/setup.ts) are printed for failing tests only, unless TEST_LOGS is set.
    setupFiles: ['test/setup.ts'],
    silent: process.env.TEST_LOGS ? false : 'passed-only',
    // A new project has no tests until `create api` or `create webhook` adds some; `npm test` passes.
    passWithNoTests: true,
    // Each test file starts its own test API server; give it time on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
