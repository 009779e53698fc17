// Whole directory trees made, copied, moved, emptied and removed, for the commands that write a
// project at once (alpha generate, alpha update) rather than file by file through a plan.
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** `path` and any missing parents. */
export function makeDirectory(path: string): void {
  mkdirSync(path, { recursive: true });
}

/** `path` and everything under it, if there. */
export function removeTree(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

/**
 * A copy of `from` (a file or a folder) at `to`. `linksAsTheyAre`: symbolic links keep their text
 * (node_modules/.bin's relative links); otherwise a relative link is made absolute, still pointing
 * where it did.
 */
export function copyTree(from: string, to: string, options: { linksAsTheyAre: boolean }): void {
  cpSync(from, to, { recursive: true, verbatimSymlinks: options.linksAsTheyAre });
}

/** `from` moved to `to`: a rename on the same file system, else a copy with links as they are. */
export function moveTree(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch {
    copyTree(from, to, { linksAsTheyAre: true });
  }
}

/** Every entry of `dir` but those `keep` names removed, then the entries of `from` (if given) copied in. */
export function replaceEntries(dir: string, from: string | undefined, keep: (name: string) => boolean): void {
  for (const entry of readdirSync(dir)) if (!keep(entry)) removeTree(join(dir, entry));
  if (from) for (const entry of readdirSync(from)) copyTree(join(from, entry), join(dir, entry), { linksAsTheyAre: true });
}
