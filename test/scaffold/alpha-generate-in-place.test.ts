// `alpha generate --force` scaffolds a project again where it is. It replaces every file but .git, so
// it runs only where git can give each one back (the root of a work tree with nothing uncommitted), keeps
// the files git ignores (kubeconfigs, node_modules), and swaps the new tree in so that a process killed
// at any step (simulated in-process, as in interrupted-write.test.ts: from the chosen step on every
// file-system change fails) leaves the old tree or the new one, never half of one, and the next run
// completes the swap.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { noInstall, noMake, ok, runCli, snapshot } from '../cli/run-cli.js';

const killed = vi.hoisted(() => ({ dir: '', atStep: Number.POSITIVE_INFINITY, steps: 0, dead: false }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  // A step of the swap: a change in the project itself, not in the staging folder the replay writes to.
  const isSwapStep = (args: unknown[]) => killed.dir !== '' && args.some((a) => typeof a === 'string'
    && a.startsWith(`${killed.dir}${sep}`) && !/^\.scaffolder-generate-\d+-/.test(a.slice(killed.dir.length + 1)));
  const mutation = <A extends unknown[], R>(f: (...args: A) => R) => (...args: A): R => {
    if (killed.dead) throw new Error('the process is dead');
    if (isSwapStep(args) && ++killed.steps === killed.atStep) {
      killed.dead = true;
      throw new Error('SIGKILL');
    }
    return f(...args);
  };
  return {
    ...fs,
    writeFileSync: mutation(fs.writeFileSync),
    renameSync: mutation(fs.renameSync),
    rmSync: mutation(fs.rmSync),
    rmdirSync: mutation(fs.rmdirSync),
    mkdirSync: mutation(fs.mkdirSync),
    mkdtempSync: mutation(fs.mkdtempSync),
    cpSync: mutation(fs.cpSync),
  };
});

function watch(dir: string, atStep = Number.POSITIVE_INFINITY): void {
  Object.assign(killed, { dir, atStep, steps: 0, dead: false });
}

function revive(): void {
  Object.assign(killed, { dir: '', atStep: Number.POSITIVE_INFINITY, steps: 0, dead: false });
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Jane Doe', '-c', 'user.email=jane@example.com', ...args], { cwd, encoding: 'utf8' });
const generate = ['alpha', 'generate', '--force', ...noInstall, ...noMake];
const work = join(tmpdir(), `scaffolder-generate-in-place-${process.pid}`);
const base = join(work, 'base', 'fleet');

/** The project's files but git's (node_modules/ too, which snapshot leaves out): what a user sees of the tree. */
function tree(dir: string): Record<string, string> {
  const files = Object.entries(snapshot(dir)).filter(([f]) => !f.startsWith('.git/'));
  const leftPad = join(dir, 'node_modules', 'left-pad', 'index.js');
  if (existsSync(leftPad)) files.push(['node_modules/left-pad/index.js', readFileSync(leftPad, 'utf8')]);
  return Object.fromEntries(files);
}

/** A fresh copy of the base project (its repository included), at `name`. */
function copy(name: string): string {
  const dir = join(work, name, 'fleet');
  cpSync(base, dir, { recursive: true });
  return dir;
}

let oldTree: Record<string, string>;
let newTree: Record<string, string>;

beforeAll(async () => {
  revive();
  mkdirSync(base, { recursive: true });
  await ok(base, ['init', '--domain', 'example.org', ...noInstall]);
  await ok(base, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
  // The user's work: committed changes, and files git ignores.
  writeFileSync(join(base, 'src', 'main.ts'), `${readFileSync(join(base, 'src', 'main.ts'), 'utf8')}// the user's line\n`);
  mkdirSync(join(base, 'docs'));
  writeFileSync(join(base, 'docs', 'notes.md'), 'notes\n');
  writeFileSync(join(base, 'staging.kubeconfig'), 'apiVersion: v1\nkind: Config\n');
  mkdirSync(join(base, 'node_modules', 'left-pad'), { recursive: true });
  writeFileSync(join(base, 'node_modules', 'left-pad', 'index.js'), 'module.exports = 1;\n');
  git(base, 'init', '--quiet', '--initial-branch=main');
  git(base, 'add', '--all');
  git(base, 'commit', '--quiet', '-m', 'fleet');
  oldTree = tree(base);
  const reference = copy('reference');
  await ok(reference, generate);
  newTree = tree(reference);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeEach(() => revive());

describe('alpha generate --force', () => {
  it('replaces the committed tree, keeps .git and the files git ignores, and leaves nothing of its own', () => {
    expect(newTree['src/main.ts']).not.toContain("the user's line");
    expect(newTree['docs/notes.md']).toBeUndefined();
    expect(newTree['staging.kubeconfig']).toBe('apiVersion: v1\nkind: Config\n');
    const reference = join(work, 'reference', 'fleet');
    expect(readFileSync(join(reference, 'node_modules', 'left-pad', 'index.js'), 'utf8')).toBe('module.exports = 1;\n');
    expect(git(reference, 'log', '--format=%s')).toBe('fleet\n');
    expect(git(reference, 'status', '--porcelain').split('\n')).toEqual(expect.arrayContaining([' M src/main.ts', ' D docs/notes.md']));
    expect(readdirSync(reference).filter((e) => e.startsWith('.scaffolder'))).toEqual([]);
    expect(readdirSync(join(work, 'reference'))).toEqual(['fleet']);
  });

  it('refuses a project outside git, one with uncommitted changes or untracked files, and one below the repository root, changing nothing', async () => {
    const refused = async (dir: string, message: RegExp) => {
      const before = snapshot(dir);
      const run = await runCli(dir, generate);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(message);
      expect(snapshot(dir)).toEqual(before);
    };
    const noGit = copy('no-git');
    rmSync(join(noGit, '.git'), { recursive: true });
    await refused(noGit, /^error: \S+ is not in a git repository: alpha generate --force replaces every file but \.git, and only git can give them back \(git init, commit the project, then run it again\)\n$/);

    const changed = copy('changed');
    writeFileSync(join(changed, 'src', 'main.ts'), '// more work\n');
    await refused(changed, /^error: the working tree has uncommitted changes \(1 paths, e\.g\. src\/main\.ts\); commit or stash them first\n$/);

    const untracked = copy('untracked');
    writeFileSync(join(untracked, '.env'), 'TOKEN=1\n');
    mkdirSync(join(untracked, 'notes'));
    writeFileSync(join(untracked, 'notes', 'todo.md'), 'x\n');
    await refused(untracked, /^error: the working tree has uncommitted changes \(2 paths, e\.g\. \.env\); commit or stash them first\n$/);

    const nested = join(work, 'monorepo');
    mkdirSync(nested);
    cpSync(base, join(nested, 'fleet'), { recursive: true });
    rmSync(join(nested, 'fleet', '.git'), { recursive: true });
    git(nested, 'init', '--quiet');
    git(nested, 'add', '--all');
    git(nested, 'commit', '--quiet', '-m', 'all');
    await refused(join(nested, 'fleet'), /^error: alpha generate --force runs at the root of the project's git repository \(\S+monorepo\), not in \S+fleet\n$/);
  });

  it('a kill at any step of the swap leaves the old tree (whole, some of it aside) or the new one, and the next run completes', async () => {
    // How many steps an uninterrupted swap takes.
    const counted = copy('counted');
    watch(counted);
    await ok(counted, generate);
    const steps = killed.steps;
    revive();
    expect(steps).toBeGreaterThan(20);

    const outcomes = new Set<string>();
    // Every third step, and the last (the one after which the new tree is whole) whatever the count.
    const points = [...new Set([...Array.from({ length: Math.ceil(steps / 3) }, (_, i) => 1 + 3 * i), steps])];
    for (const n of points) {
      const dir = copy(`killed-${n}`);
      watch(dir, n);
      const crashed = await runCli(dir, generate);
      revive();
      expect(crashed.code, `step ${n}`).not.toBe(0);

      const now = tree(dir);
      const aside = existsSync(join(dir, '.scaffolder-generate-old')) ? tree(join(dir, '.scaffolder-generate-old')) : {};
      const oldWhole = Object.entries(oldTree).every(([f, text]) => now[f] === text || aside[f] === text);
      const newWhole = Object.entries(newTree).every(([f, text]) => now[f] === text);
      expect(oldWhole || newWhole, `step ${n}: neither the old tree nor the new one is whole`).toBe(true);
      outcomes.add(newWhole ? 'new' : 'old');

      const next = await runCli(dir, generate);
      expect(next.code, `step ${n}: ${next.stderr}`).toBe(0);
      expect(tree(dir), `step ${n}`).toEqual(newTree);
      expect(readdirSync(dir).filter((e) => e.startsWith('.scaffolder')), `step ${n}`).toEqual([]);
      expect(readdirSync(join(work, `killed-${n}`)), `step ${n}`).toEqual(['fleet']);
    }
    // Both halves of the swap were interrupted.
    expect([...outcomes].sort()).toEqual(['new', 'old']);
  }, 300_000);

  it('half-swapped, other commands stop and say to run alpha generate --force again, which puts the old tree back first', async () => {
    const dir = copy('half');
    watch(dir, 8);
    await runCli(dir, generate);
    revive();
    expect(existsSync(join(dir, '.scaffolder-generate.json'))).toBe(true);
    const other = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Mate', ...noMake]);
    expect(other.code).toBe(1);
    expect(other.stderr).toBe('error: .scaffolder-generate.json: an interrupted `scaffolder alpha generate --force` left this project half-replaced; run it again: it puts the old tree back or finishes the new one\n');
    const dry = await runCli(dir, [...generate, '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain('run alpha generate --force without --dry-run: it completes that first');
    const next = await ok(dir, generate);
    expect(next.stderr).toContain('warning: .scaffolder-generate.json: an interrupted alpha generate had moved part of the project aside; put it back\n');
    expect(tree(dir)).toEqual(newTree);
  });

  it('sweeps the staging folder of a run killed while replaying, but not that of a run still going', async () => {
    const dir = copy('stale');
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    mkdirSync(join(dir, `.scaffolder-generate-${dead}-AbC123`, 'fleet'), { recursive: true });
    writeFileSync(join(dir, `.scaffolder-generate-${dead}-AbC123`, 'fleet', 'PROJECT'), 'half\n');
    await ok(dir, generate);
    expect(tree(dir)).toEqual(newTree);

    const busy = copy('busy');
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
    try {
      mkdirSync(join(busy, `.scaffolder-generate-${live.pid}-AbC123`));
      writeFileSync(join(busy, `.scaffolder-generate-${live.pid}-AbC123`, 'x'), 'x\n');
      const run = await runCli(busy, generate);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`uncommitted changes (1 paths, e.g. .scaffolder-generate-${live.pid}-AbC123/)`);
      expect(tree(busy)[`.scaffolder-generate-${live.pid}-AbC123/x`]).toBe('x\n');
    } finally {
      live.kill();
    }
  });

  it('refuses a swap record committed to the repository, or one naming paths of its own choosing, changing nothing', async () => {
    const dir = copy('crafted');
    writeFileSync(join(dir, '.scaffolder-generate.json'), JSON.stringify({ version: 1, phase: 'out', staging: '../../..', kept: [] }));
    let before = snapshot(dir);
    let run = await runCli(dir, generate);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: .scaffolder-generate.json: has not the fields of a record; it is not a record alpha generate wrote; nothing was changed: check the project (git status) and delete .scaffolder-generate.json\n');
    expect(snapshot(dir)).toEqual(before);

    writeFileSync(join(dir, '.scaffolder-generate.json'), JSON.stringify({ version: 1, phase: 'in', staging: '.scaffolder-generate-1-AbC123', kept: ['.git/config'] }));
    before = snapshot(dir);
    run = await runCli(dir, generate);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/keeps "\.git\/config", not a path of the project/);
    expect(snapshot(dir)).toEqual(before);

    writeFileSync(join(dir, '.scaffolder-generate.json'), JSON.stringify({ version: 1, phase: 'out', staging: '.scaffolder-generate-1-AbC123', kept: [] }));
    git(dir, 'add', '.scaffolder-generate.json');
    git(dir, 'commit', '--quiet', '-m', 'record');
    before = snapshot(dir);
    run = await runCli(dir, generate);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: \.scaffolder-generate\.json: is committed to the repository; it is not a record alpha generate wrote/);
    expect(snapshot(dir)).toEqual(before);
  });
});
