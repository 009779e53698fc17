// The `manifests` command's flags reach the generators (src/generators/manifests) and their exit code comes back.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noInstall, noMake, ok, runCli, snapshot, tempProjectDir } from './run-cli.js';

describe('scaffolder manifests', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(async () => {
    ({ dir, cleanup } = tempProjectDir('project'));
    await ok(dir, ['init', '--domain', 'testproject.org', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
  });
  afterEach(() => cleanup());

  it('writes the CRD, role and webhook configuration; --check then passes and fails after a change', async () => {
    await ok(dir, ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--defaulting']);
    expect(readFileSync(join(dir, 'config/webhook/manifests.yaml'), 'utf8')).toContain('path: /mutate-crew-testproject-org-v1-captain');
    expect(existsSync(join(dir, 'config/crd/bases/crew.testproject.org_captains.yaml'))).toBe(true);
    await ok(dir, ['manifests', '--check']);
    const types = join(dir, 'api/v1/captain_types.ts');
    writeFileSync(types, readFileSync(types, 'utf8').replace('  foo?: string;', '  foo?: string;\n  /** bar is new. */\n  bar?: number;'));
    const stale = await runCli(dir, ['manifests', '--check']);
    expect(stale.code).not.toBe(0);
    await ok(dir, ['manifests']);
    expect(readFileSync(join(dir, 'config/crd/bases/crew.testproject.org_captains.yaml'), 'utf8')).toContain('bar:');
  });

  it('removes the *.<pid>.tmp a run killed between its renames left, only those of YAML outputs whose process is gone, and not with --check', async () => {
    await ok(dir, ['manifests']);
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
    try {
      const stale = `config/crd/bases/crew.testproject.org_captains.yaml.${dead}.tmp`;
      const running = `config/rbac/role.yaml.${live.pid}.tmp`;
      const users = [`config/rbac/notes.txt.${dead}.tmp`, `config/rbac/role.yaml.${dead}.bak`];
      for (const f of [stale, running, ...users]) writeFileSync(join(dir, f), 'half\n');
      const before = snapshot(dir);
      await ok(dir, ['manifests', '--check']);
      await ok(dir, ['manifests', '--dry-run']);
      expect(snapshot(dir)).toEqual(before);

      const run = await ok(dir, ['manifests']);
      expect(run.stdout).toBe(`removed ${stale} (left by an interrupted run)\nmanifests: 0 written, 2 unchanged\n`);
      const left = Object.keys(snapshot(dir)).filter((f) => /\.(tmp|bak)$/.test(f));
      expect(left.sort()).toEqual([running, ...users].sort());
    } finally {
      live.kill();
    }
  });

  it('--dry-run prints the diffs of the files it would write and writes nothing', async () => {
    const before = snapshot(dir);
    const first = await ok(dir, ['manifests', '--dry-run']);
    expect(first.stdout).toMatch(/^dry run: nothing written in /);
    expect(first.stdout).toContain('+++ b/config/crd/bases/crew.testproject.org_captains.yaml');
    expect(first.stdout).toContain('+  name: captains.crew.testproject.org');
    expect(first.stdout).toContain('would write: config/crd/bases/crew.testproject.org_captains.yaml, config/rbac/role.yaml\n');
    expect(snapshot(dir)).toEqual(before);

    await ok(dir, ['manifests']);
    expect((await ok(dir, ['manifests', '--dry-run'])).stdout).toMatch(/no changes\n$/);
    const types = join(dir, 'api/v1/captain_types.ts');
    writeFileSync(types, readFileSync(types, 'utf8').replace('  foo?: string;', '  foo?: string;\n  /** bar is new. */\n  bar?: number;'));
    const written = snapshot(dir);
    const changed = await ok(dir, ['manifests', '--dry-run']);
    expect(changed.stdout).toContain('+              bar:');
    expect(changed.stdout).toContain('would write: config/crd/bases/crew.testproject.org_captains.yaml\n');
    expect(snapshot(dir)).toEqual(written);

    writeFileSync(types, readFileSync(types, 'utf8').replace('  bar?: number;', '  // +kubebuilder:validation:Minimun=1\n  bar?: number;'));
    const strict = await runCli(dir, ['manifests', '--dry-run', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('Minimun');
    expect(await runCli(dir, ['manifests', '--dry-run', '--watch'])).toMatchObject({ code: 1, stderr: 'error: --dry-run and --watch cannot be used together\n' });
  });

  it('--output-dir and --max-desc-len are passed on', async () => {
    await ok(dir, ['manifests', '--output-dir', 'out', '--max-desc-len', '0']);
    const crd = readFileSync(join(dir, 'out/crd/bases/crew.testproject.org_captains.yaml'), 'utf8');
    expect(crd).not.toContain('description:');
    expect(existsSync(join(dir, 'config/crd/bases'))).toBe(false);
  });

  it('--strict turns an unknown marker from a warning into an error; --paths limits what is read', async () => {
    const types = join(dir, 'api/v1/captain_types.ts');
    writeFileSync(types, readFileSync(types, 'utf8').replace('  // +optional\n  foo?: string;', '  // +optional\n  // +kubebuilder:validation:Minimun=1\n  foo?: string;'));
    const lenient = await runCli(dir, ['manifests']);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toContain('Minimun');
    const strict = await runCli(dir, ['manifests', '--strict']);
    expect(strict.code).not.toBe(0);
    const onlySrc = await runCli(dir, ['manifests', '--paths', 'src', '--output-dir', 'only-src']);
    expect(onlySrc.code).toBe(0);
    expect(existsSync(join(dir, 'only-src/crd/bases/crew.testproject.org_captains.yaml'))).toBe(false);
  });
});

describe('scaffolder manifests outside a project', () => {
  it.each([[[]], [['--check']], [['--dry-run']]])('%j fails as every other command does, and writes nothing', async (flags) => {
    const { dir, cleanup } = tempProjectDir('empty');
    try {
      const run = await runCli(dir, ['manifests', ...flags]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^error: .*\/empty\/PROJECT not found: run this command in a project's root directory, or create a project with `scaffolder init`\n$/);
      expect(snapshot(dir)).toEqual({});
    } finally {
      cleanup();
    }
  });
});
