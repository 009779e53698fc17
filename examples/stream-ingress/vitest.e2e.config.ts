/*
Copyright 2026 The stream-ingress Authors.

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
