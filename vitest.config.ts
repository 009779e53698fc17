import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/longest-first-sequencer.js';
import { TEST_TIER_ENV } from './test/support/test-tier.js';
import { TIMEOUT_SCALE_ENV, timeoutScale } from './test/support/timeouts.js';

// Two projects: `npm test` runs both, `npm run test:fast` only `fast`. A file is slow by its name
// (goldens, e2e loops, the examples, suites on kube-apiserver alone); a file that mixes in-process
// tests with tests on the real Kubernetes tools runs in both, each half in its own project
// (test/support/test-tier.ts), found by the helpers those tests go through.
const SLOW_FILES = ['test/**/*.slow.test.ts', 'test/**/*.e2e.test.ts'];
const EXCLUDE = ['**/node_modules/**', 'test/golden/**', 'test/**/fixtures/**'];
const REAL_KUBERNETES_PART = /\b(describeBackends|runsOnKubernetes|describeHelm|hasHelm)\(/;

/** Test files outside test/support whose source has a part on the real Kubernetes tools. */
function filesWithRealKubernetesParts(): string[] {
  return readdirSync('test', { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join('test', file.split(path.sep).join('/')))
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('test/support/') && !file.startsWith('test/golden/') && !file.includes('/fixtures/'))
    .filter((file) => REAL_KUBERNETES_PART.test(readFileSync(file, 'utf8')));
}

const scale = timeoutScale();

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
    // The longest files first, across both projects (test/support/longest-first.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          ...shared,
          name: 'fast',
          include: ['test/**/*.test.ts'],
          exclude: [...EXCLUDE, ...SLOW_FILES],
          env: { [TEST_TIER_ENV]: 'fast', [TIMEOUT_SCALE_ENV]: String(scale) },
        },
      },
      {
        test: {
          ...shared,
          name: 'slow',
          include: [...SLOW_FILES, ...filesWithRealKubernetesParts()],
          env: { [TEST_TIER_ENV]: 'slow', [TIMEOUT_SCALE_ENV]: String(scale) },
        },
      },
    ],
  },
});
