import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/golden/**', 'test/**/fixtures/**'],
    globalSetup: ['test/support/build-dist.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Much of the suite waits on child processes (the CLI, tsc, npm, kubectl) and on servers, so a
    // worker more than the cores keeps them busy. vitest's own default is one fewer than the cores:
    // a single worker on a 2-core machine, where the suite took 299 s; three took 181 s.
    maxWorkers: availableParallelism() + 1,
  },
});
