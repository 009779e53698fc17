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
import { repoRoot } from './shared-paths.js';

export { controllerGenBinary };

/** The variable CI sets: a missing tool is then a failure, not a skip. */
export const REQUIRE_KUBERNETES_ENV = 'SCAFFOLDER_REQUIRE_KUBERNETES';

/** What is missing to run controller-gen, or undefined when it can run. */
export function controllerGenMissing(): string | undefined {
  const binary = controllerGenBinary();
  if (!existsSync(binary)) return `${binary} (run npm run tools:kubernetes)`;
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
  } catch {
    return 'go on PATH (controller-gen loads Go packages with it)';
  }
  return undefined;
}

let reported = false;

/**
 * Whether controller-gen can run. When it cannot: with SCAFFOLDER_REQUIRE_KUBERNETES set, throws;
 * otherwise prints one line saying what is missing (once per run) and returns false. Call it while
 * tests are collected, as describeControllerGen does.
 */
export function hasControllerGen(): boolean {
  const missing = controllerGenMissing();
  if (missing === undefined) return true;
  const required = process.env[REQUIRE_KUBERNETES_ENV];
  if (required && required !== '0') throw new Error(`${REQUIRE_KUBERNETES_ENV} is set but controller-gen cannot run: needs ${missing}`);
  if (!reported) {
    reported = true;
    console.warn(`skipped: needs ${missing}`);
  }
  return false;
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
    throw new Error(`controller-gen failed in ${moduleDir}:\n${e.stderr || e.stdout || e.message}`);
  }
}
