/**
 * Data that lives beside the repository (../shared) rather than in it: controller-gen's and
 * kubebuilder's outputs (conformance/) and Kubernetes' published schemas (kubernetes-openapi/).
 * A user's clone has none of it, so a test that needs it skips with one line naming what is
 * missing; CI has it and sets SCAFFOLDER_REQUIRE_SHARED=1, which turns that skip into a failure.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { missingPrerequisite } from './prerequisite.js';
import { conformanceDir, kubernetesOpenapiDir, repoRoot, sharedDir } from './shared-paths.js';

export { conformanceDir, kubernetesOpenapiDir, repoRoot, sharedDir };

/** The variable CI sets: a missing ../shared path is then a failure, not a skip. */
export const REQUIRE_SHARED_ENV = 'SCAFFOLDER_REQUIRE_SHARED';

/**
 * What to name for a missing path: its highest missing ancestor below ../shared, so that a
 * checkout without ../shared/conformance prints that one name, not one line per file in it.
 */
function missingRoot(missing: string): string {
  let root = missing;
  for (let parent = path.dirname(root); parent !== sharedDir && parent.startsWith(sharedDir + path.sep) && !existsSync(parent); parent = path.dirname(parent)) {
    root = parent;
  }
  return root;
}

/**
 * Whether every path exists. When one does not: with SCAFFOLDER_REQUIRE_SHARED set, throws;
 * otherwise prints one line (once per missing folder or file) saying what is missing and returns false.
 * Call it while tests are collected (as describeShared and itShared do) so a skip is decided
 * before any test runs.
 */
export function hasShared(...paths: string[]): boolean {
  const missing = paths.find((p) => !existsSync(p));
  if (missing === undefined) return true;
  return missingPrerequisite(REQUIRE_SHARED_ENV, path.relative(repoRoot, missingRoot(missing)), 'not in this checkout; CI has it');
}

/** `describe` that runs only when the given ../shared paths exist (see hasShared). */
export function describeShared(paths: string | string[], name: string, body: () => void): void {
  const list = Array.isArray(paths) ? paths : [paths];
  describe.skipIf(!hasShared(...list))(name, body);
}

/** `it` that runs only when the given ../shared paths exist (see hasShared). */
export function itShared(paths: string | string[], name: string, body: () => unknown, timeout?: number): void {
  const list = Array.isArray(paths) ? paths : [paths];
  it.skipIf(!hasShared(...list))(name, body, timeout);
}
