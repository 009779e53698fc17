// The end-to-end tests (`npm run test:e2e`, `make test-e2e`): test/e2e/ only, one file at a time,
// with the time a cluster needs to pull images and start pods. The unit tests' vitest.config.ts
// leaves test/e2e/ out, so `npm test` never needs a cluster.
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: resolve(import.meta.dirname, '..', '..'),
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/setup.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});
