// A directory written all or nothing: filled in a staging folder beside it (the same file system, so
// that it moves in with a rename) and moved into place only when filling it succeeded; and scratch
// folders that go when the work in them is done, however it ends.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { makeDirectory, moveTree, removeTree } from './directory-trees.js';

/** A new folder named `<prefix><6 characters>` in `parent` for the length of `work`, then removed. */
export async function withScratchDirectory<T>(parent: string, prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(parent, prefix));
  try {
    return await work(dir);
  } finally {
    removeTree(dir);
  }
}

/**
 * `target` (absent, or an empty folder) made by `fill` in a staging folder named `<prefix>...` beside
 * it (in the temporary directory when its parent does not exist yet): if `fill` throws, nothing is
 * written at `target`.
 */
export async function createDirectoryStaged(target: string, prefix: string, fill: (staged: string) => Promise<void>): Promise<void> {
  const parent = dirname(target);
  await withScratchDirectory(existsSync(parent) ? parent : tmpdir(), prefix, async (stagingRoot) => {
    const staged = join(stagingRoot, basename(target));
    makeDirectory(staged);
    await fill(staged);
    removeTree(target);
    makeDirectory(parent);
    moveTree(staged, target);
  });
}
