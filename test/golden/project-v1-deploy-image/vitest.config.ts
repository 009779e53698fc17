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

// First: refuses too old a Node.js before any test loads the runtime.
import './src/node-version.js';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A test file waits on its API server and controllers more than it computes (on etcd and
    // kube-apiserver with KUBEBUILDER_ASSETS, most of its time): one file more than the cores keeps
    // them busy. vitest's default, one fewer than the cores, runs one file at a time on 2 cores.
    maxWorkers: availableParallelism() + 1,
    // The files a worker runs share its loaded modules (client-node, kubescaffolder), as a Go test
    // package shares one process: loading them per file took most of a file's CPU (a 14-file project:
    // 46 CPU-s isolated, 16 shared). Files that mock modules (vi.mock holds only for modules loaded
    // after it) or need fresh module state: isolate: true.
    isolate: false,
    // With KUBEBUILDER_ASSETS, one etcd + kube-apiserver for the test files that ask to share it (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // The runtime's log lines (test/setup.ts) are printed for failing tests only, unless TEST_LOGS is set.
    setupFiles: ['test/setup.ts'],
    silent: process.env.TEST_LOGS ? false : 'passed-only',
    // A new project has no tests until `create api` or `create webhook` adds some; `npm test` passes.
    passWithNoTests: true,
    // A test file starts its own test API server (or attaches to the shared one); give it time on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
