// A command killed while writing its plan (SIGKILL, power loss): the process dies between two writes
// and never rolls back. Simulated in-process: from the chosen write on, every file-system change
// fails, as nothing runs any more in a dead process. The next command must find a consistent project.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noInstall, noMake, ok, runCli, snapshot, tempProjectDir } from '../cli/run-cli.js';

const killed = vi.hoisted(() => ({ atWrite: Number.POSITIVE_INFINITY, writes: 0, dead: false }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const mutation = <A extends unknown[], R>(f: (...args: A) => R, isWrite: boolean) => (...args: A): R => {
    if (killed.dead) throw new Error('the process is dead');
    if (isWrite && ++killed.writes === killed.atWrite) {
      killed.dead = true;
      throw new Error('SIGKILL');
    }
    return f(...args);
  };
  return {
    ...fs,
    writeFileSync: mutation(fs.writeFileSync, true),
    renameSync: mutation(fs.renameSync, false),
    rmSync: mutation(fs.rmSync, false),
    rmdirSync: mutation(fs.rmdirSync, false),
    mkdirSync: mutation(fs.mkdirSync, false),
  };
});

/** Kills the process at its `n`th file write from now. */
function killAtWrite(n: number): void {
  Object.assign(killed, { atWrite: n, writes: 0, dead: false });
}

function revive(): void {
  Object.assign(killed, { atWrite: Number.POSITIVE_INFINITY, writes: 0, dead: false });
}

const createApi = ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake];

describe('a command killed half-way through writing', () => {
  let dir: string;
  let reference: string;
  const cleanups: Array<() => void> = [];
  beforeEach(async () => {
    revive();
    for (const [name, set] of [['project', (d: string) => { dir = d; }], ['project', (d: string) => { reference = d; }]] as const) {
      const t = tempProjectDir(name);
      cleanups.push(t.cleanup);
      set(t.dir);
      await ok(t.dir, ['init', '--domain', 'testproject.org', ...noInstall]);
    }
  });
  afterEach(() => {
    revive();
    for (const c of cleanups.splice(0)) c();
  });

  it('create api killed after its 4th write: PROJECT does not claim the kind, and the retry completes', async () => {
    const before = snapshot(dir);
    killAtWrite(5);
    const crashed = await runCli(dir, createApi);
    expect(crashed.code).not.toBe(0);
    revive();
    // Files are half-written, but PROJECT (written last) still describes the project before the command.
    expect(snapshot(dir).PROJECT).toBe(before.PROJECT);
    expect(Object.keys(snapshot(dir)).length).toBeGreaterThan(Object.keys(before).length);

    const retry = await runCli(dir, createApi);
    expect(retry.stderr).toMatch(/^warning: \.scaffolder-undo\.json: an interrupted scaffolder command left \d+ file\(s\) half-written; put them back as they were: /);
    expect(retry.code).toBe(0);
    await ok(reference, createApi);
    // The same project as an uninterrupted run, and no journal left behind.
    expect(snapshot(dir)).toEqual(snapshot(reference));
  });

  it('a crash at any write of create api leaves a project the retry completes', async () => {
    // (write 1 is the journal; 2 the first file)
    for (let n = 3; n <= 13; n += 5) {
      const before = snapshot(dir);
      killAtWrite(n);
      await runCli(dir, createApi);
      revive();
      const undo = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run', ...noMake]);
      // A dry run cannot plan against half-written files and writes nothing: it stops and says why.
      expect(undo.code).toBe(1);
      expect(undo.stderr).toMatch(/^error: \.scaffolder-undo\.json: an interrupted scaffolder command left \d+ file\(s\) half-written .*; run the command without --dry-run: it puts them back first\n$/);
      expect(snapshot(dir).PROJECT).toBe(before.PROJECT);
      await ok(dir, ['edit', '--owner', 'Jane Doe']);
      await ok(dir, ['edit', '--owner', '']);
      expect(snapshot(dir)).toEqual(before);
    }
  });

  it('killed before its first file write: nothing to put back, so a dry run plans as usual and the next run drops the journal', async () => {
    const before = snapshot(dir);
    killAtWrite(2);
    expect((await runCli(dir, createApi)).code).not.toBe(0);
    revive();
    expect(Object.keys(snapshot(dir))).toContain('.scaffolder-undo.json');
    const dry = await runCli(dir, [...createApi, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('create api/v1/captain_types.ts\n');
    await ok(dir, ['edit', '--owner', 'Jane Doe']);
    await ok(dir, ['edit', '--owner', '']);
    expect(snapshot(dir)).toEqual(before);
  });

  it('a journal left by a crash does not revert what the user changed since: it stops, names the files and says what to do', async () => {
    const planned = await runCli(reference, [...createApi, '--dry-run']);
    const writes = planned.stdout.split('\n').filter((l) => /^(create|update) /.test(l)).length;
    // Killed at PROJECT, the last write: every other file of the kind is written.
    killAtWrite(writes + 1);
    expect((await runCli(dir, createApi)).code).not.toBe(0);
    revive();
    const main = `${snapshot(dir)['src/main.ts']}// the user's edit after the crash\n`;
    writeFileSync(join(dir, 'src', 'main.ts'), main);
    const before = snapshot(dir);

    const next = await runCli(dir, ['edit', '--owner', 'Jane Doe']);
    expect(next.code).toBe(1);
    expect(next.stderr).toMatch(/^error: \.scaffolder-undo\.json: a scaffolder command was interrupted while writing, and this journal would put its files back, but 1 file\(s\) changed since: src\/main\.ts; nothing was put back, so that those changes are kept\. The interrupted command left (\S+, )*api\/v1\/captain_types\.ts(, \S+)* as it wrote them\. Check the project \(git status, git diff\), keep or remove what the interrupted command wrote, then delete the journal \(rm \.scaffolder-undo\.json\) and run the command again\n$/);
    // The edit survives, and nothing else moved either.
    expect(snapshot(dir)).toEqual(before);
    expect(readFileSync(join(dir, 'src', 'main.ts'), 'utf8')).toBe(main);

    // Doing what it says: the journal deleted, the command runs.
    rmSync(join(dir, '.scaffolder-undo.json'));
    await ok(dir, ['edit', '--owner', 'Jane Doe']);
    expect(readFileSync(join(dir, 'src', 'main.ts'), 'utf8')).toBe(main);
  });
});
