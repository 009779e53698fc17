// `scaffolder manifests --check-compat`: the CRDs of the sources against those committed, through the CLI.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noInstall, ok, runCli, snapshot, tempProjectDir } from '../cli/run-cli.js';

function git(dir: string, ...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
}

describe('scaffolder manifests --check-compat', () => {
  let dir: string;
  let cleanup: () => void;
  const types = () => join(dir, 'api/v1/captain_types.ts');
  beforeEach(async () => {
    ({ dir, cleanup } = tempProjectDir('project'));
    await ok(dir, ['init', '--domain', 'testproject.org', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource', '--controller=false']);
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'init');
  });
  afterEach(() => cleanup());

  it('passes when nothing changed, and fails on a tightened field at its marker, writing nothing', async () => {
    const same = await ok(dir, ['manifests', '--check-compat']);
    expect(same.stdout).toContain('1 CRD at HEAD compared: 0 findings, 0 breaking not accepted');

    const source = readFileSync(types(), 'utf8');
    writeFileSync(types(), source.replace('  // +optional\n  foo?: string;', '  // +optional\n  // +kubebuilder:validation:MaxLength=3\n  foo?: string;'));
    const markerLine = readFileSync(types(), 'utf8').split('\n').indexOf('  // +kubebuilder:validation:MaxLength=3') + 1;
    const before = snapshot(dir);
    const run = await runCli(dir, ['manifests', '--check-compat']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`api/v1/captain_types.ts:${markerLine}:`);
    expect(run.stderr).toContain('breaking: [maxLength-tightened] captains.crew.testproject.org v1 .spec.foo: (none) → 3');
    expect(snapshot(dir)).toEqual(before);
  });

  it('a removed field is reported at its parent, and the allow-list accepts it with its reason', async () => {
    writeFileSync(types(), readFileSync(types(), 'utf8').replace(/ {2}\/\*\* foo is[^\n]*\n {2}\/\/ \+optional\n {2}foo\?: string;\n/, ''));
    const run = await runCli(dir, ['manifests', '--check-compat=HEAD']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('breaking: [field-removed] captains.crew.testproject.org v1 .spec.foo: string → (removed)');
    expect(run.stderr).toMatch(/api\/v1\/captain_types\.ts:\d+:\d+: breaking/);

    writeFileSync(join(dir, '.compat-allow.yaml'), 'allow:\n  - rule: field-removed\n    path: .spec.foo\n    reason: foo was never set by anyone\n');
    const accepted = await ok(dir, ['manifests', '--check-compat']);
    expect(accepted.stdout).toContain('(accepted in .compat-allow.yaml:2: foo was never set by anyone)');

    writeFileSync(join(dir, '.compat-allow.yaml'), 'allow:\n  - rule: field-removed\n    path: .spec.foo\n');
    const noReason = await runCli(dir, ['manifests', '--check-compat']);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('.compat-allow.yaml:2: the entry has no "reason"');
  });

  it('reads the committed CRDs of a project in a subfolder of its repository', async () => {
    rmSync(join(dir, '.git'), { recursive: true, force: true });
    const repo = dirname(dir);
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'init');
    writeFileSync(types(), readFileSync(types(), 'utf8').replace('  foo?: string;', '  foo?: number;'));
    const run = await runCli(dir, ['manifests', '--check-compat']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('breaking: [type-changed] captains.crew.testproject.org v1 .spec.foo: string → number');
  });

  it('names a ref that is no commit, and refuses --check-compat with --check', async () => {
    const bad = await runCli(dir, ['manifests', '--check-compat=no-such-branch']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"no-such-branch" is not a commit');
    const both = await runCli(dir, ['manifests', '--check-compat', '--check']);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain('--check-compat and --check cannot be used together');
  });
});
