// `scaffolder alpha update` on a project made by an earlier scaffolder (test/fixtures/alpha-update: the
// scaffold of this repository at commit c1b4f85, before generated projects had ESLint and PROJECT a
// cliVersion, with a user change that merges and one that conflicts). The old scaffolder is that
// commit of this repository, taken from its git history and compiled.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../../scripts/golden-sequence.js';
import { runCli } from '../cli/run-cli.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const fixture = join(repoRoot, 'test', 'fixtures', 'alpha-update', 'guestbook');
const oldCommit = 'c1b4f85';
const work = mkdtempSync(join(tmpdir(), 'scaffolder-alpha-update-'));
const oldScaffolder = join(work, 'scaffolder-c1b4f85');
const identity = ['-c', 'user.name=Jane Doe', '-c', 'user.email=jane@example.com'];
const haveOldCommit = spawnSync('git', ['cat-file', '-e', `${oldCommit}^{commit}`], { cwd: repoRoot }).status === 0;
if (!haveOldCommit) console.log(`alpha update tests skipped: commit ${oldCommit} (the old scaffolder) is not in this clone's history (a shallow clone?)`);

const git = (cwd: string, ...args: string[]) => execFileSync('git', [...identity, ...args], { cwd, encoding: 'utf8' });

/** The fixture in a fresh git repository, its tree committed on main; `change` edits it in a second commit. */
function project(name: string, change?: (dir: string) => void): string {
  const dir = join(work, name, 'guestbook');
  cpSync(fixture, dir, { recursive: true });
  git(dir, 'init', '--quiet', '--initial-branch=main');
  // The user's identity, which the update's commit carries.
  git(dir, 'config', 'user.name', 'Jane Doe');
  git(dir, 'config', 'user.email', 'jane@example.com');
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '-m', 'guestbook as scaffolder c1b4f85 made it, and changed');
  if (change) {
    change(dir);
    git(dir, 'commit', '--quiet', '--all', '-m', 'a change');
  }
  return dir;
}

const branches = (dir: string) => git(dir, 'branch', '--format=%(refname:short)').trim().split('\n').sort();

describe.runIf(haveOldCommit)('alpha update of a project made by an earlier scaffolder', () => {
  beforeAll(() => {
    // The old scaffolder's package: its sources at that commit, compiled, with this checkout's dependencies.
    const archive = execFileSync('git', ['archive', oldCommit, 'bin', 'src', 'templates', 'data', 'package.json', 'tsconfig.json', 'tsconfig.build.json'], { cwd: repoRoot, maxBuffer: 256 * 1024 * 1024 });
    mkdirSync(oldScaffolder);
    execFileSync('tar', ['-x', '-C', oldScaffolder], { input: archive });
    symlinkSync(join(repoRoot, 'node_modules'), join(oldScaffolder, 'node_modules'), 'dir');
    execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--noCheck'], { cwd: oldScaffolder, stdio: 'inherit' });
  }, 300_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('stops on a conflict and writes nothing: no branch, no worktree, the checkout as it was', async () => {
    const dir = project('conflict');
    const head = git(dir, 'rev-parse', 'HEAD');
    const run = await runCli(dir, ['alpha', 'update', '--from-scaffolder', oldScaffolder]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toBe('error: merging your changes into the scaffold of scaffolder 0.2.0 conflicts in 1 file(s): package.json; nothing was written. Run again with --force to get branch scaffolder-update-from-unknown-to-0.2.0 with the conflict markers committed, then resolve them there\n');
    expect(branches(dir)).toEqual(['main']);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(git(dir, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
  }, 120_000);

  it('--force: one commit on a new branch with the new scaffold, the merged change and the conflict markers', async () => {
    const dir = project('force');
    const head = git(dir, 'rev-parse', 'HEAD').trim();
    const run = await runCli(dir, ['alpha', 'update', '--from-scaffolder', oldScaffolder, '--force']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toBe('warning: conflicts committed with their markers in: package.json\n');
    expect(git(dir, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('scaffolder-update-from-unknown-to-0.2.0');
    expect(git(dir, 'rev-parse', 'HEAD~1').trim()).toBe(head);
    expect(git(dir, 'log', '-1', '--format=%an <%ae>%n%s')).toBe('Jane Doe <jane@example.com>\nUpdate to scaffolder 0.2.0 (from an unknown version) with merge conflicts\n');
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    // The conflict: both sides changed the lint script.
    expect(read('package.json')).toMatch(/<<<<<<< .*\n {4}"lint": "tsc -p tsconfig.json --noEmit && eslint \.",\n {4}"lint:fix": "eslint \. --fix"\n=======\n {4}"lint": "tsc -p tsconfig.json --noEmit --pretty false"\n>>>>>>> .*\n/);
    // The user's change merged, and what the new scaffold brings.
    expect(read('src/controllers/guestbook_controller.ts')).toContain('return { requeueAfter: 60_000 };');
    expect(existsSync(join(dir, 'eslint.config.js'))).toBe(true);
    expect(read('src/main.ts')).toContain('\n  webappv1.setupGuestbookWebhookWithManager(mgr);\n');
    expect(read('PROJECT')).toMatch(/^cliVersion: 0\.2\.0$/m);
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(git(dir, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
  }, 120_000);

  it('without a conflict: the new scaffold with every change the user made to the old one', async () => {
    // The user's lint script back as scaffolded: only the controller change remains.
    const dir = project('clean', (d) => {
      const file = join(d, 'package.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace(' --pretty false', ''));
    });
    const run = await runCli(dir, ['alpha', 'update', '--from-scaffolder', oldScaffolder, '--output-branch', 'update']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(git(dir, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('update');
    // Expected: this scaffolder's scaffold of the same PROJECT, with the user's controller.
    const fresh = join(work, 'clean', 'fresh');
    const generated = await runCli(work, ['alpha', 'generate', '--input-dir', fixture, '--output-dir', fresh, '--install=false', '--make=false']);
    expect(generated.code, generated.stderr).toBe(0);
    const expected = readTree(fresh);
    // The user's reconcile, merged with the one line the new scaffold changed there: the package's new name.
    const controller = readFileSync(join(fixture, 'src/controllers/guestbook_controller.ts'), 'utf8');
    expect(controller).toContain("} from 'scaffolder/runtime';");
    expected.set('src/controllers/guestbook_controller.ts', controller.replace("} from 'scaffolder/runtime';", "} from 'kubescaffolder/runtime';"));
    const actual = readTree(dir);
    actual.delete('.git');
    for (const path of [...actual.keys()]) if (path.startsWith('.git/')) actual.delete(path);
    expect(actual).toEqual(expected);
  }, 120_000);

  it('refuses a tree with uncommitted changes, a project outside git and a PROJECT without cliVersion without --from-scaffolder', async () => {
    const dir = project('refusals');
    writeFileSync(join(dir, 'NOTES.md'), 'draft\n');
    const dirty = await runCli(dir, ['alpha', 'update', '--from-scaffolder', oldScaffolder]);
    expect(dirty.code).toBe(1);
    expect(dirty.stderr).toBe('error: the working tree has uncommitted changes (1 paths, e.g. NOTES.md); commit or stash them first\n');
    rmSync(join(dir, 'NOTES.md'));
    const dryRun = await runCli(dir, ['alpha', 'update', '--dry-run', '--from-scaffolder', oldScaffolder]);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toContain('then merge main into the new scaffold and commit the result on branch scaffolder-update-from-unknown-to-0.2.0\n');
    expect(git(dir, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
    const noFrom = await runCli(dir, ['alpha', 'update']);
    expect(noFrom.code).toBe(1);
    expect(noFrom.stderr).toBe('error: PROJECT records no cliVersion (the project was made before scaffolder recorded it): pass --from-scaffolder <directory of the scaffolder package that made it>\n');
    const outside = join(work, 'refusals', 'plain');
    cpSync(fixture, outside, { recursive: true });
    const notGit = await runCli(outside, ['alpha', 'update', '--from-scaffolder', oldScaffolder]);
    expect(notGit.code).toBe(1);
    expect(notGit.stderr).toContain('is not in a git repository');
    expect(branches(dir)).toEqual(['main']);
  }, 60_000);
});

describe('alpha update of a project this scaffolder made', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /** A project scaffolded by this scaffolder with one API, committed on main in a fresh repository. */
  async function current(name: string): Promise<string> {
    const dir = join(work, name, 'fleet');
    mkdirSync(dir, { recursive: true });
    for (const args of [['init', '--domain', 'example.com', '--install=false'], ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', '--make=false']]) {
      const run = await runCli(dir, args);
      expect(run.code, run.stderr).toBe(0);
    }
    git(dir, 'init', '--quiet', '--initial-branch=main');
    git(dir, 'add', '--all');
    git(dir, 'commit', '--quiet', '-m', 'fleet as scaffolded');
    return dir;
  }

  it('says there is nothing to update and makes no branch or commit, when PROJECT names this version', async () => {
    const dir = await current('same-version');
    const head = git(dir, 'rev-parse', 'HEAD');
    const run = await runCli(dir, ['alpha', 'update']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^alpha update: nothing to update: PROJECT on main was written by scaffolder \d+\.\d+\.\d+\S*, this version; no branch or commit made\n$/);
    expect(branches(dir)).toEqual(['main']);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
  }, 60_000);

  it('names how to get the scaffolder that made the project when PROJECT names another version', async () => {
    const dir = await current('older-version');
    const project = join(dir, 'PROJECT');
    writeFileSync(project, readFileSync(project, 'utf8').replace(/^cliVersion: .*$/m, 'cliVersion: 0.1.0'));
    git(dir, 'commit', '--quiet', '--all', '-m', 'made by 0.1.0');
    const run = await runCli(dir, ['alpha', 'update']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: PROJECT was written by scaffolder 0\.1\.0, this is \S+: pass --from-scaffolder <directory of scaffolder 0\.1\.0>, e\.g\. npm install --prefix \.\.\/scaffolder-0\.1\.0 kubescaffolder@0\.1\.0, then --from-scaffolder \.\.\/scaffolder-0\.1\.0\/node_modules\/kubescaffolder\n$/);
    expect(branches(dir)).toEqual(['main']);
  }, 60_000);

  it('says there is nothing to update when the merge gives the branch back (--from-scaffolder this checkout)', async () => {
    const dir = await current('same-scaffold');
    const head = git(dir, 'rev-parse', 'HEAD');
    const run = await runCli(dir, ['alpha', 'update', '--from-scaffolder', repoRoot]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/alpha update: nothing to update: the scaffold of scaffolder \S+ changes nothing on main; no branch or commit made\n$/);
    expect(branches(dir)).toEqual(['main']);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(dir, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
  }, 120_000);
});
