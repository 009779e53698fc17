/**
 * controller-gen itself, for the tests that compare `manifests` with it live (test/differential,
 * test/crd/live-conformance). It needs the binary `npm run tools:kubernetes` builds and Go on PATH
 * (controller-gen loads packages with go/packages). A user's clone may have neither: a test that
 * needs them skips with one line naming what is missing; CI has both and sets
 * SCAFFOLDER_REQUIRE_KUBERNETES=1, which turns that skip into a failure.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe } from 'vitest';
import { controllerGenBinary } from './kubernetes-tools-paths.js';
import { BUILD_TOOLS_COMMAND, REQUIRE_KUBERNETES_ENV } from './kubernetes-tools.js';
import { missingPrerequisite } from './prerequisite.js';
import { repoRoot } from './shared-paths.js';

export { controllerGenBinary };

/** What is missing to run controller-gen, or undefined when it can run. */
export function controllerGenMissing(): { what: string; hint: string } | undefined {
  const binary = controllerGenBinary();
  if (!existsSync(binary)) return { what: binary, hint: `build it: ${BUILD_TOOLS_COMMAND}` };
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
  } catch {
    return { what: 'go on PATH', hint: 'controller-gen loads Go packages with it' };
  }
  return undefined;
}

/**
 * Whether controller-gen can run. When it cannot: with SCAFFOLDER_REQUIRE_KUBERNETES set, throws;
 * otherwise prints one line saying what is missing (once per run) and returns false
 * (prerequisite.ts, the one check for every tool and for ../shared). Call it while tests are collected.
 */
export function hasControllerGen(): boolean {
  const missing = controllerGenMissing();
  return missing === undefined || missingPrerequisite(REQUIRE_KUBERNETES_ENV, missing.what, missing.hint);
}

/** `describe` that runs only when controller-gen can (see hasControllerGen). */
export function describeControllerGen(name: string, body: () => void): void {
  describe.skipIf(!hasControllerGen())(name, body);
}

/** The Go module the differential and live-golden inputs are built in (k8s.io/api, apimachinery pinned). */
export const goModuleDir = path.join(repoRoot, 'test', 'differential', 'go');

/**
 * Runs `controller-gen <crd> paths=./... output:crd:dir=<outDir>` in `moduleDir` (a Go module), offline
 * apart from the module proxy, with the local toolchain only; `crd` is the generator with its options
 * (`crd:allowDangerousTypes=true`). Rejects with controller-gen's output.
 */
export async function runControllerGen(moduleDir: string, outDir: string, crd = 'crd'): Promise<void> {
  const env = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod', GOWORK: 'off' };
  try {
    await promisify(execFile)(controllerGenBinary(), [crd, 'paths=./...', `output:crd:dir=${outDir}`], {
      cwd: moduleDir,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`controller-gen failed in ${moduleDir}:\n${e.stderr || e.stdout || e.message}`, { cause: err });
  }
}
