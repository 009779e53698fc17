import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/longest-first-sequencer.js';
import { SLOW_FILE_SUFFIXES, TEST_TIER_ENV } from './test/support/test-tier.js';
import { TIMEOUT_SCALE_ENV, timeoutScale } from './test/support/timeouts.js';

// Three projects: `npm test` runs all, `npm run test:fast` the two fast ones (`fast`, whose files
// share their worker's modules, and `fast-isolated`). A file is slow by its name
// (test/support/test-tier.ts); a file that mixes in-process tests with tests on the real Kubernetes
// tools runs in both, each half in its own project, found by the helpers those tests go through.
const SLOW_FILES = SLOW_FILE_SUFFIXES.map((suffix) => `test/**/*${suffix}`);
const EXCLUDE = ['**/node_modules/**', 'test/golden/**', 'test/**/fixtures/**'];
const REAL_KUBERNETES_PART = /\b(describeBackends|runsOnKubernetes|describeHelm|hasHelm)\(/;

// Files that need a module graph of their own: they mock a module (vi.mock holds only for modules
// loaded after it), or read which modules the process has loaded.
const NEEDS_OWN_MODULES = /\bvi\.(?:doMock|mock)\(|createRequire\([^)]*\)\.cache\b/;

/** The test files outside test/support, test/golden and fixtures, with their sources (read once). */
const testSources = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .map((file) => path.posix.join('test', file.split(path.sep).join('/')))
  .filter((file) => file.endsWith('.test.ts') && !file.startsWith('test/support/') && !file.startsWith('test/golden/') && !file.includes('/fixtures/'))
  .map((file) => ({ file, source: readFileSync(file, 'utf8') }));

const filesWhoseSourceMatches = (pattern: RegExp): string[] => testSources.filter(({ source }) => pattern.test(source)).map(({ file }) => file);

const scale = timeoutScale();
const ownModules = filesWhoseSourceMatches(NEEDS_OWN_MODULES);
const fastEnv = { [TEST_TIER_ENV]: 'fast', [TIMEOUT_SCALE_ENV]: String(scale) };

const shared = {
  exclude: EXCLUDE,
  globalSetup: ['test/support/build-dist.ts'],
  // Scaled with the machine's load (test/support/timeouts.ts); workers get the same factor.
  testTimeout: Math.round(30_000 * scale),
  hookTimeout: Math.round(60_000 * scale),
};

export default defineConfig({
  test: {
    // Much of the suite waits on child processes (the CLI, tsc, npm, kubectl) and on servers, so a
    // worker more than the cores keeps them busy. vitest's own default is one fewer than the cores:
    // a single worker on a 2-core machine, where the suite took 299 s; three took 181 s.
    maxWorkers: availableParallelism() + 1,
    // The longest files first, across all projects (test/support/longest-first.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          ...shared,
          name: 'fast',
          include: ['test/**/*.test.ts'],
          exclude: [...EXCLUDE, ...SLOW_FILES, ...ownModules],
          // The files share their worker's modules: importing the sources and their libraries again
          // for each file took 170-210 s of vitest's "import" phase, summed, against 27 s shared.
          isolate: false,
          env: fastEnv,
        },
      },
      {
        test: {
          ...shared,
          name: 'fast-isolated',
          include: ownModules,
          exclude: [...EXCLUDE, ...SLOW_FILES],
          env: fastEnv,
        },
      },
      {
        test: {
          ...shared,
          name: 'slow',
          include: [...SLOW_FILES, ...filesWhoseSourceMatches(REAL_KUBERNETES_PART)],
          env: { [TEST_TIER_ENV]: 'slow', [TIMEOUT_SCALE_ENV]: String(scale) },
        },
      },
    ],
  },
});
