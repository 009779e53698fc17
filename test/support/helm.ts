/**
 * Helm, as `npm run tools:kubernetes` builds it (kubernetes-tools-paths.ts: helmBinary()), for the
 * tests of the helm/v2-alpha chart. A user's clone without it skips those tests with one line; CI
 * builds it and sets SCAFFOLDER_REQUIRE_KUBERNETES=1, which turns that skip into a failure.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe } from 'vitest';
import { helmBinary } from './kubernetes-tools-paths.js';

/** The variable CI sets: missing Kubernetes tools are then a failure, not a skip. */
export const REQUIRE_KUBERNETES_ENV = 'SCAFFOLDER_REQUIRE_KUBERNETES';

const reported = new Set<string>();

/**
 * Whether the tool `npm run tools:kubernetes` builds at `binary` is there. When it is not: with
 * SCAFFOLDER_REQUIRE_KUBERNETES set, throws; otherwise prints one line (once per tool and run) and
 * returns false. Call it while tests are collected.
 */
export function hasKubernetesTool(binary: string, name: string): boolean {
  if (existsSync(binary)) return true;
  const required = process.env[REQUIRE_KUBERNETES_ENV];
  if (required && required !== '0') throw new Error(`${REQUIRE_KUBERNETES_ENV} is set but ${name} is missing (${binary}): run npm run tools:kubernetes`);
  if (!reported.has(name)) {
    reported.add(name);
    console.warn(`skipped: needs ${name} (npm run tools:kubernetes builds it; CI has it)`);
  }
  return false;
}

/** Whether helm is there (see hasKubernetesTool). */
export function hasHelm(): boolean {
  return hasKubernetesTool(helmBinary(), 'helm');
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
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`helm ${args.join(' ')} failed:\n${e.stderr ?? ''}${e.stdout ?? ''}` || e.message);
  }
}
