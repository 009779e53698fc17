/**
 * Whether the Kubernetes tools that `npm run tools:kubernetes` builds are there (their paths and
 * versions: kubernetes-tools-paths.ts). A bare clone has none of them: tests that need them skip with
 * one line; CI sets SCAFFOLDER_REQUIRE_KUBERNETES=1, which turns that skip into a failure. Free of vitest.
 */
import { accessSync, constants } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { missingPrerequisite } from './prerequisite.js';
import { kubernetesAssetsDir } from './kubernetes-tools-paths.js';
import { testTier } from './test-tier.js';

export { controllerGenBinary, helmBinary, kubernetesAssetsDir, toolsRoot, toolVersions } from './kubernetes-tools-paths.js';

/** The variable CI sets: missing Kubernetes binaries are then a failure, not a skip. */
export const REQUIRE_KUBERNETES_ENV = 'SCAFFOLDER_REQUIRE_KUBERNETES';

/** The command that builds the tools. */
export const BUILD_TOOLS_COMMAND = 'npm run tools:kubernetes';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `~/...` for paths under the home directory, so the skip line stays short. */
function shown(file: string): string {
  const home = homedir();
  return file.startsWith(home + path.sep) ? `~${file.slice(home.length)}` : file;
}

/** Whether the built tools exist; if not, a skip line naming them (or, under SCAFFOLDER_REQUIRE_KUBERNETES, a throw). */
export function hasTools(...files: string[]): boolean {
  const missing = files.filter((f) => !isExecutable(f));
  if (missing.length === 0) return true;
  // One name for several files of one folder: ~/.cache/scaffolder/tools/kubernetes-1.36.3/{kube-apiserver,etcd}
  const dirs = new Set(missing.map((f) => path.dirname(f)));
  const what = missing.length > 1 && dirs.size === 1 ? `${shown([...dirs][0])}/{${missing.map((f) => path.basename(f)).join(',')}}` : missing.map(shown).join(', ');
  return missingPrerequisite(REQUIRE_KUBERNETES_ENV, what, `build them: ${BUILD_TOOLS_COMMAND}`);
}

/** Whether kube-apiserver and etcd of the release exist (see hasTools). Call it while tests are collected. */
export function hasKubernetesBinaries(version?: string): boolean {
  const dir = kubernetesAssetsDir(version);
  return hasTools(path.join(dir, 'kube-apiserver'), path.join(dir, 'etcd'));
}

/**
 * Whether the tests against kube-apiserver run here: not in the fast project (they belong to the slow
 * one, see test-tier.ts), else when the binaries are built (see hasKubernetesBinaries).
 */
export function runsOnKubernetes(version?: string): boolean {
  return testTier() !== 'fast' && hasKubernetesBinaries(version);
}
