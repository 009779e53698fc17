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

// Loaded by vitest before each test file (vitest.config.ts: setupFiles). The runtime logs a line per
// reconcile; here its lines go through console.error, which vitest prints only for the tests that fail
// (silent: 'passed-only'). TEST_LOGS=1 npm test prints them all, as they come.
import { setLogger } from 'kubescaffolder/runtime';

setLogger({ output: { write: (line: string) => console.error(line.trimEnd()) } });
