// The generated src/main.ts run as `make run` runs it, without a cluster to talk to: the user reads
// why in one line, not a stack trace of the runtime's internals.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noInstall, noMake, ok, tempProjectDir } from '../cli/run-cli.js';

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

// `make run` in a project with webhooks: no certificate is there out of a cluster. The error says
// where the certificate is expected and how to run without the webhooks.
describe('generated src/main.ts with webhooks and no serving certificate', () => {
  const { dir, cleanup } = tempProjectDir('webhooks');
  beforeAll(async () => {
    await ok(dir, ['init', '--domain', 'my.domain', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    await ok(dir, ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--defaulting', ...noMake]);
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(repoRoot, join(dir, 'node_modules', 'kubescaffolder'), 'dir');
    // The webhook server starts before the manager talks to the API server: any address does.
    writeFileSync(join(dir, 'kubeconfig'), [
      'apiVersion: v1', 'kind: Config', 'current-context: c',
      'clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]',
      'contexts: [{name: c, context: {cluster: c, user: u}}]',
      'users: [{name: u, user: {token: t}}]', '',
    ].join('\n'));
  });
  afterAll(() => cleanup());

  const run = (env: NodeJS.ProcessEnv) => spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/main.ts', '--webhook-cert-path', join(dir, 'no-certs')], {
    cwd: dir, env: { PATH: process.env.PATH, KUBECONFIG: join(dir, 'kubeconfig'), ...env }, encoding: 'utf8', timeout: 120_000,
  });

  it('says in its one line where the certificate is expected and that ENABLE_WEBHOOKS=false make run runs without webhooks', () => {
    const failed = run({});
    expect(failed.status, failed.stderr).toBe(1);
    // The manager's JSON log lines, then the one line of the failure.
    const lines = failed.stderr.trimEnd().split('\n').filter((l) => !l.startsWith('{"level":'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^problem running manager: webhook server: cannot read the serving certificate: ENOENT/);
    expect(lines[0]).toContain(`the certificate ${join(dir, 'no-certs', 'tls.crt')} and the key ${join(dir, 'no-certs', 'tls.key')}`);
    expect(lines[0]).toContain('ENABLE_WEBHOOKS=false make run');
  }, 150_000);
});
