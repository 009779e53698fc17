import { defineConfig } from 'vitest/config';

// `make test-e2e`: the end-to-end tests under test/e2e/, against a cluster (see test/e2e/manager.e2e.ts).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    // One cluster, one deployment: the files run one after the other.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});
