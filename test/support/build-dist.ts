// vitest's global setup: tests that spawn bin/scaffolder.js or import dist/ run the compiled
// package, as users and generated projects do. It is compiled here once, before any test file
// runs (so that none sees it half-written), and only when dist/ is older than src/. It only emits:
// type errors are for `npm run typecheck`, not a reason to run no test at all.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export default function buildDist(): void {
  const root = resolve(import.meta.dirname, '..', '..');
  execFileSync(process.execPath, [join(root, 'scripts', 'build-if-stale.mjs'), '--no-check'], { cwd: root, stdio: 'inherit' });
}
