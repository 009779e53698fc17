// The undo journal (.scaffolder-undo.json) is data on disk that anyone can have put there: committed to
// a repository, unpacked from an archive. A journal that names a path no plan writes (.git, outside the
// project through a linked folder), or files that do not hold what it says, is refused as a whole,
// with a message saying what to do, and nothing on disk changes. Read-only runs never apply one.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noInstall, ok, runCli, snapshot, tempProjectDir } from '../cli/run-cli.js';

const journalName = '.scaffolder-undo.json';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Jane Doe', '-c', 'user.email=jane@example.com', ...args], { cwd, encoding: 'utf8' });

interface Entry { path: string; before: string | null; after?: string }

describe('an undo journal scaffolder did not write', () => {
  let root: string;
  let dir: string;
  let outside: string;
  let cleanup: () => void;
  beforeEach(async () => {
    const t = tempProjectDir('project');
    cleanup = t.cleanup;
    dir = t.dir;
    root = dirname(dir);
    outside = join(root, 'outside');
    mkdirSync(join(outside, 'empty'), { recursive: true });
    writeFileSync(join(outside, 'notes.txt'), 'mine\n');
    await ok(dir, ['init', '--domain', 'example.org', ...noInstall]);
    git(dir, 'init', '--quiet', '--initial-branch=main');
    git(dir, 'add', '--all');
    git(dir, 'commit', '--quiet', '-m', 'scaffold');
  });
  afterEach(() => cleanup());

  const writeJournal = (journal: unknown) => writeFileSync(join(dir, journalName), JSON.stringify(journal));
  const journal = (...files: Entry[]) => ({ version: 2, files: files.map((f) => ({ after: sha256(readFileSync(join(dir, f.path), 'utf8')), ...f })), dirs: [] as string[] });
  /** The project (.git and the journal included) and the folder beside it, to see that nothing changed. */
  const disk = () => ({ project: snapshot(dir), outside: snapshot(outside), outsideDirs: execFileSync('find', [outside], { encoding: 'utf8' }) });

  async function expectRefused(run: string[], message: RegExp): Promise<void> {
    const before = disk();
    const result = await runCli(dir, run);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(disk()).toEqual(before);
  }

  const notApplied = /it was not applied, and nothing was changed\. Delete it \(rm \.scaffolder-undo\.json\)/;

  it('refuses one that rewrites .git/config (core.fsmonitor runs a command at the next git status), however spelt', async () => {
    const evil = '[core]\n\tfsmonitor = touch /tmp/pwned\n';
    writeJournal(journal({ path: '.git/config', before: evil }));
    await expectRefused(['edit', '--owner', 'Jane Doe'], /^error: \.scaffolder-undo\.json: the file entry "\.git\/config" is under \.git, which no scaffolder command writes; /);
    await expectRefused(['manifests'], notApplied);
    writeJournal({ ...journal(), files: [{ path: '.GIT/config', before: evil, after: sha256(readFileSync(join(dir, '.git/config'), 'utf8')) }] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /the file entry "\.GIT\/config" is under \.git/);
    // Through a link inside the project to .git: the path is inside, where it lands is not a plan's.
    symlinkSync('.git', join(dir, 'settings'));
    writeJournal({ ...journal(), files: [{ path: 'settings/config', before: evil, after: sha256(readFileSync(join(dir, '.git/config'), 'utf8')) }] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /^error: \.scaffolder-undo\.json: the file entry settings\/config leads into \.git through a symbolic link, which no scaffolder command writes; /);
    expect(readFileSync(join(dir, '.git/config'), 'utf8')).not.toContain('fsmonitor');
  });

  it('refuses files and folders outside the project through a linked folder or a hard link', async () => {
    symlinkSync(outside, join(dir, 'shared'));
    writeJournal({ version: 2, files: [{ path: 'shared/notes.txt', before: null, after: sha256('mine\n') }], dirs: [] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /^error: \.scaffolder-undo\.json: the file entry shared\/notes\.txt: resolves to \S+outside\/notes\.txt through a symbolic link, outside the project root /);
    // A folder entry is checked as a file is: its empty folder outside stays.
    writeJournal({ version: 2, files: [{ path: 'shared/empty/x.ts', before: null, after: sha256('x') }], dirs: ['shared/empty'] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /the file entry shared\/empty\/x\.ts: resolves to \S+ through a symbolic link, outside the project root/);
    writeJournal({ version: 2, files: [{ path: 'api/v1/x.ts', before: null, after: sha256('x') }], dirs: ['api', 'api/v1', 'shared/empty'] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /^error: \.scaffolder-undo\.json: the folder entry shared\/empty holds none of the files it records; /);
    rmSync(join(dir, 'shared'));
    symlinkSync(join(outside, 'empty'), join(dir, 'shared'));
    writeJournal({ version: 2, files: [{ path: 'x.ts', before: null, after: sha256('x') }, { path: 'shared/x.ts', before: null, after: sha256('x') }], dirs: [] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /the file entry shared\/x\.ts: resolves to/);
    // A hard link to a file outside: the same file under a project path.
    linkSync(join(outside, 'notes.txt'), join(dir, 'notes.txt'));
    writeJournal({ version: 2, files: [{ path: 'notes.txt', before: 'pwned\n', after: sha256('mine\n') }], dirs: [] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /but 1 file\(s\) changed since: notes\.txt; nothing was put back/);
    expect(readFileSync(join(outside, 'notes.txt'), 'utf8')).toBe('mine\n');
    writeJournal({ version: 2, files: [{ path: 'x/../../outside/notes.txt', before: null, after: sha256('mine\n') }], dirs: [] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /the file entry "x\/\.\.\/\.\.\/outside\/notes\.txt" is not a relative path inside the project/);
  });

  it('refuses to delete the Makefile on a journal without hashes, or one whose hash is not the file\'s', async () => {
    writeJournal({ files: [{ path: 'Makefile', before: null }], dirs: [] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /^error: \.scaffolder-undo\.json: is not an undo journal of this scaffolder \(format 2\); it was not applied/);
    writeJournal({ version: 2, files: [{ path: 'Makefile', before: null, after: sha256('all:\n') }], dirs: [] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /^error: \.scaffolder-undo\.json: a scaffolder command was interrupted while writing, and this journal would put its files back, but 1 file\(s\) changed since: Makefile; nothing was put back/);
  });

  it('refuses one committed to the repository, however consistent', async () => {
    writeJournal(journal({ path: 'Makefile', before: null }));
    git(dir, 'add', '--force', journalName);
    git(dir, 'commit', '--quiet', '-m', 'journal');
    await expectRefused(['edit', '--owner', 'Jane Doe'], /^error: \.scaffolder-undo\.json is committed to the repository: .*; it was not applied, and nothing was changed\. Remove it \(git rm \.scaffolder-undo\.json\) and commit\n$/);
  });

  it('refuses, changing nothing, one naming a file in a missing folder after a file it could put back', async () => {
    const planned = 'package.json as the interrupted command wrote it\n';
    const original = readFileSync(join(dir, 'package.json'), 'utf8');
    writeFileSync(join(dir, 'package.json'), planned);
    writeJournal({ version: 2, files: [
      { path: 'package.json', before: original, after: sha256(planned) },
      { path: 'api/v9/thing_types.ts', before: 'export {};\n', after: sha256('export const x = 1;\n') },
    ], dirs: [] });
    await expectRefused(['edit', '--owner', 'Jane Doe'], /but 1 file\(s\) changed since: api\/v9\/thing_types\.ts \(deleted\); nothing was put back, so that those changes are kept\. The interrupted command left package\.json as it wrote them\. .*rm \.scaffolder-undo\.json/);
  });

  it('refuses a journal that is a folder or not JSON, with a message and no stack', async () => {
    mkdirSync(join(dir, journalName));
    await expectRefused(['edit', '--owner', 'Jane Doe'], /^error: \.scaffolder-undo\.json: is not a regular file; /);
    rmSync(join(dir, journalName), { recursive: true });
    writeFileSync(join(dir, journalName), '{"version": 2, "files": [');
    await expectRefused(['edit', '--owner', 'Jane Doe'], /^error: \.scaffolder-undo\.json: is not valid JSON; /);
  });

  it('manifests --check and --dry-run never apply one, even a valid one, and write nothing', async () => {
    const original = readFileSync(join(dir, 'Makefile'), 'utf8');
    writeFileSync(join(dir, 'Makefile'), 'half\n');
    writeJournal(journal({ path: 'Makefile', before: original }));
    writeFileSync(join(dir, `${journalName}.tmp`), '{');
    await expectRefused(['manifests', '--check'], /^error: \.scaffolder-undo\.json: an interrupted scaffolder command left 1 file\(s\) half-written \(Makefile\); run the command without --check: it puts them back first\n$/);
    await expectRefused(['manifests', '--dry-run'], /run the command without --dry-run: it puts them back first\n$/);
    await expectRefused(['edit', '--owner', 'Jane', '--dry-run'], /run the command without --dry-run/);
    // A write puts it back.
    const run = await ok(dir, ['edit', '--owner', 'Jane Doe']);
    expect(run.stderr).toContain('warning: .scaffolder-undo.json: an interrupted scaffolder command left 1 file(s) half-written; put them back as they were: Makefile\n');
    expect(readFileSync(join(dir, 'Makefile'), 'utf8')).toBe(original);
    expect(Object.keys(snapshot(dir)).filter((f) => f.startsWith(journalName))).toEqual([]);
  });
});
