/**
 * Which vitest project a worker runs in (vitest.config.ts sets SCAFFOLDER_TEST_TIER per project):
 * `fast` leaves out everything that needs the real Kubernetes tools, `slow` runs only that part of a
 * file that mixes both (describeBackends' kube-apiserver half), and unset (a file run outside the
 * projects) runs everything. Free of vitest so that vitest.config.ts can use it.
 */
export const TEST_TIER_ENV = 'SCAFFOLDER_TEST_TIER';

export type TestTier = 'fast' | 'slow' | 'all';

export function testTier(): TestTier {
  const value = process.env[TEST_TIER_ENV];
  return value === 'fast' || value === 'slow' ? value : 'all';
}

/**
 * A file is slow by its name: end-to-end files (the longest), then `.slow` ones (goldens, e2e loops,
 * the examples, suites on kube-apiserver alone). Project `slow` runs them; the order is the
 * sequencer's guess of their length when no earlier run recorded it.
 */
export const SLOW_FILE_SUFFIXES = ['.e2e.test.ts', '.slow.test.ts'] as const;
