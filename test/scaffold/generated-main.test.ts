// The generated src/main.ts run as `make run` runs it, without a cluster to talk to: the user reads
// why in one line, not a stack trace of the runtime's internals.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noInstall, ok, tempProjectDir } from '../cli/run-cli.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');

describe('generated src/main.ts without a kubeconfig', () => {
  const { dir, cleanup } = tempProjectDir('noconfig');
  const home = mkdtempSync(join(tmpdir(), 'scaffolder-home-'));
  beforeAll(async () => {
    await ok(dir, ['init', '--domain', 'my.domain', ...noInstall]);
    // `kubescaffolder/runtime` resolves to this checkout, as after npm install of a file: dependency.
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(repoRoot, join(dir, 'node_modules', 'kubescaffolder'), 'dir');
  });
  afterAll(() => {
    cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  it('prints why the manager cannot start in one line, without a stack trace, and exits 1', () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home };
    const run = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/main.ts'], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toBe('unable to start manager: no kubeconfig found: set KUBECONFIG or --kubeconfig, create ~/.kube/config, or run in a pod with a service account\n');
  }, 150_000);
});
