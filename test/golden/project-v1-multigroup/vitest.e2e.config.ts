/*
Copyright 2026 The Kubernetes authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// The end-to-end tests (`npm run test:e2e`, `make test-e2e`): test/e2e/*.e2e.ts, one file at a time,
// with the time a cluster needs to pull images and start pods. `npm test` (vitest.config.ts) runs
// only *.test.ts files, so it never needs a cluster.
// First: refuses too old a Node.js before any test loads the runtime.
import './src/node-version.js';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/setup.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});
