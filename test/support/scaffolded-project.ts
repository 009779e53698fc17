/**
 * What tests need to run a scaffolded project's own tools without npm install: a node_modules of this
 * checkout's packages with `kubescaffolder` linking to the checkout itself (its compiled dist/), and a
 * child process run asynchronously (a server in the test's own process must keep answering it), and
 * kubectl polled for a condition.
 */
import type { AsyncRun } from './run-async.js';
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from '../../src/testing/index.js';
import { repoRoot } from './shared-paths.js';

/** A node_modules for a scaffolded project without npm install: this checkout's packages, and scaffolder itself. */
export function linkNodeModules(project: string): void {
  const modules = join(project, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(repoRoot, 'node_modules'))) {
    if (entry !== 'kubescaffolder') symlinkSync(join(repoRoot, 'node_modules', entry), join(modules, entry), 'dir');
  }
  symlinkSync(repoRoot, join(modules, 'kubescaffolder'), 'dir');
}

const exec = promisify(execFile);

/** tsc over a scaffolded project, then the given tests of it with its own vitest; returns vitest's output. */
export async function typecheckAndTest(dir: string, tests: string[]): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
  const run = async (args: string[]) => {
    try {
      const { stdout, stderr } = await exec(process.execPath, args, { cwd: dir, env: { ...env, CI: 'true', NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 });
      return stdout + stderr;
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`${args.join(' ')} failed\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: err });
    }
  };
  await run([join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit']);
  return run([join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...tests]);
}

export type { AsyncRun as CommandResult } from './run-async.js';
export { runAsync } from './run-async.js';

/**
 * Polls `kubectl get <resource>` until its condition `type` is True: `kubectl wait --for=condition`
 * fails outright while a new object has no status.conditions yet.
 */
export async function conditionTrue(kubectl: (...args: string[]) => Promise<AsyncRun>, resource: string, type: string, ...flags: string[]): Promise<void> {
  await eventually(async () => {
    const got = await kubectl('get', resource, ...flags, '-o', `jsonpath={.status.conditions[?(@.type=="${type}")].status}`);
    return got.stdout === 'True';
  }, { timeout: 120_000, interval: 250, description: `${resource} ${type}` });
}
