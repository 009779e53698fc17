/**
 * Helm, as `npm run tools:kubernetes` builds it (kubernetes-tools-paths.ts: helmBinary()), for the
 * tests of the helm/v2-alpha chart. A user's clone without it skips those tests with one line; CI
 * builds it and sets SCAFFOLDER_REQUIRE_KUBERNETES=1, which turns that skip into a failure.
 */
import { execFileSync } from 'node:child_process';
import { describe } from 'vitest';
import { helmBinary } from './kubernetes-tools-paths.js';
import { hasTools } from './kubernetes-tools.js';
import { testTier } from './test-tier.js';

/** Whether helm runs here: not in the fast project (see test-tier.ts), else when it is built (kubernetes-tools.ts hasTools). */
export function hasHelm(): boolean {
  return testTier() !== 'fast' && hasTools(helmBinary());
}

/** `describe` that runs only when helm is there (see hasHelm). */
export function describeHelm(name: string, body: () => void): void {
  describe.skipIf(!hasHelm())(name, body);
}

/**
 * Runs helm with `args` in `cwd`; its output, or an error with what it printed. `kubeconfig` points
 * it at an API server (install, uninstall); without it helm talks to no cluster (lint, template).
 */
export function helm(args: string[], opts: { cwd: string; kubeconfig?: string }): string {
  const env: NodeJS.ProcessEnv = { ...process.env, HELM_CACHE_HOME: `${opts.cwd}/.helm/cache`, HELM_CONFIG_HOME: `${opts.cwd}/.helm/config`, HELM_DATA_HOME: `${opts.cwd}/.helm/data` };
  if (opts.kubeconfig) env.KUBECONFIG = opts.kubeconfig;
  try {
    return execFileSync(helmBinary(), args, { cwd: opts.cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    throw new Error(`helm ${args.join(' ')} failed:\n${e.stderr ?? ''}${e.stdout ?? ''}`, { cause: err });
  }
}
