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

// Refuses a Node.js older than package.json's engines.node, in one line, before anything else
// loads: src/main.ts and vitest.config.ts import this first. On too old a Node,
// @kubernetes/client-node fails inside undici with a TypeError that does not say why.
import { existsSync, readFileSync } from 'node:fs';

/** This project's package.json: above src/ (tsx, vitest) or dist/src/ (node dist/src/main.js, the image). */
function manifestUrl(): URL | undefined {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    const candidate = new URL('package.json', dir);
    if (existsSync(candidate)) return candidate;
    if (new URL('../', dir).href === dir.href) return undefined;
  }
}

/** Why Node.js `found` does not satisfy `range` (">=X.Y.Z"), or undefined when it does or the range is not of that form. */
export function unsupportedNode(found: string, range: string | undefined): string | undefined {
  const floor = /^>=\s*v?(\d+)\.(\d+)\.(\d+)$/.exec((range ?? '').trim());
  const have = /^v?(\d+)\.(\d+)\.(\d+)/.exec(found);
  if (!floor || !have) return undefined;
  for (let i = 1; i <= 3; i++) {
    const diff = Number(have[i]) - Number(floor[i]);
    if (diff > 0) return undefined;
    if (diff < 0) return `this project needs Node.js ${floor[1]}.${floor[2]}.${floor[3]} or newer (engines.node "${range}" in package.json), but this is Node.js ${found}`;
  }
  return undefined;
}

const manifest = manifestUrl();
const engines = manifest ? (JSON.parse(readFileSync(manifest, 'utf8')) as { engines?: { node?: string } }).engines : undefined;
const refusal = unsupportedNode(process.versions.node, engines?.node);
if (refusal !== undefined) {
  console.error(refusal);
  process.exit(1);
}
