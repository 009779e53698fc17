/**
 * Data that lives beside the repository (../shared) rather than in it: controller-gen's and
 * kubebuilder's outputs (conformance/) and Kubernetes' published schemas (kubernetes-openapi/).
 * A user's clone has none of it, so a test that needs it skips with one line naming what is
 * missing; CI has it and sets SCAFFOLDER_REQUIRE_SHARED=1, which turns that skip into a failure.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const sharedDir = path.resolve(repoRoot, '..', 'shared');
export const conformanceDir = path.join(sharedDir, 'conformance');
export const kubernetesOpenapiDir = path.join(sharedDir, 'kubernetes-openapi');

/** The variable CI sets: a missing ../shared path is then a failure, not a skip. */
export const REQUIRE_SHARED_ENV = 'SCAFFOLDER_REQUIRE_SHARED';

const reported = new Set<string>();

/**
 * Whether every path exists. When one does not: with SCAFFOLDER_REQUIRE_SHARED set, throws;
 * otherwise prints one line (once per path) saying what is missing and returns false.
 */
export function hasShared(...paths: string[]): boolean {
  const missing = paths.find((p) => !existsSync(p));
  if (missing === undefined) return true;
  const shown = path.relative(repoRoot, missing);
  if (process.env[REQUIRE_SHARED_ENV]) {
    throw new Error(`${REQUIRE_SHARED_ENV} is set but ${shown} is missing`);
  }
  if (!reported.has(shown)) {
    reported.add(shown);
    console.warn(`skipped: needs ${shown} (not in this checkout; CI has it)`);
  }
  return false;
}

/** `describe` that runs only when the given ../shared paths exist (see hasShared). */
export function describeShared(paths: string | string[], name: string, body: () => void): void {
  const list = Array.isArray(paths) ? paths : [paths];
  describe.skipIf(!hasShared(...list))(name, body);
}

/** `it` that runs only when the given ../shared paths exist (see hasShared). */
export function itShared(paths: string | string[], name: string, body: () => unknown | Promise<unknown>, timeout?: number): void {
  const list = Array.isArray(paths) ? paths : [paths];
  it.skipIf(!hasShared(...list))(name, body, timeout);
}
