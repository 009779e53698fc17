/** Writing generated files all at once, and comparing them with what is on disk (--check). */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// The one module of diff's that is used, with its own imports: the package entry loads 19.
import { createTwoFilesPatch } from 'diff/lib/patch/create.js';
import { assertWritesInside } from '../../files/inside-root.js';
import { sweepStaleTemporaries, temporaryPath } from '../../files/temporary-files.js';

export interface WriteSummary {
  readonly written: string[];
  readonly unchanged: string[];
  /** Temporary files an interrupted run left beside the outputs, removed. */
  readonly swept: string[];
}

function current(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * Writing stopped after some files were replaced and not all of them could be put back: `replaced`
 * names those left with the new content (the others are as they were).
 */
export class PartialWriteError extends Error {
  constructor(message: string, readonly replaced: readonly string[]) {
    super(message);
  }
}

/**
 * Writes the files whose content changed, all or none. Every file is first written beside its target
 * and then renamed into place; when a rename fails, the files already replaced get their previous
 * content back and no temporary file stays (those of a killed run are swept by the next). `lastWritten` (watch mode) remembers what is on disk
 * between calls; `root`, where every file must land (see files/inside-root.ts).
 */
export function writeFiles(files: ReadonlyMap<string, string>, lastWritten?: Map<string, string>, root?: string): WriteSummary {
  // in watch mode, what we wrote last time stands for the disk (saves reading every output again)
  const changed: [string, string][] = [];
  const unchanged: string[] = [];
  for (const [file, content] of files) {
    if ((lastWritten?.get(file) ?? current(file)) === content) unchanged.push(file);
    else changed.push([file, content]);
  }
  // With `root`, every target must land inside it, symbolic links resolved: checked before any write.
  if (root !== undefined) for (const [file] of changed) assertWritesInside(root, file, path.relative(root, file));
  const previous = new Map<string, string | undefined>();
  const staged: [string, string][] = [];
  const createdDirs: string[] = [];
  const removeStaged = () => {
    for (const [temp] of staged) rmSync(temp, { force: true });
  };
  // folders made for this run hold nothing else
  const removeCreatedDirs = () => {
    for (const dir of createdDirs.reverse()) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const [file, content] of changed) {
      previous.set(file, current(file));
      const created = mkdirSync(path.dirname(file), { recursive: true });
      if (created !== undefined) createdDirs.push(created);
      const temp = temporaryPath(file);
      writeFileSync(temp, content);
      staged.push([temp, file]);
    }
  } catch (e) {
    removeStaged();
    removeCreatedDirs();
    throw e;
  }
  const replaced: string[] = [];
  try {
    for (const [temp, file] of staged) {
      renameSync(temp, file);
      replaced.push(file);
    }
  } catch (e) {
    const kept: string[] = [];
    for (const file of replaced.reverse()) {
      try {
        const before = previous.get(file);
        if (before === undefined) rmSync(file, { force: true });
        else writeFileSync(file, before);
      } catch {
        kept.push(file);
      }
    }
    removeStaged();
    if (kept.length > 0) {
      throw new PartialWriteError(`${(e as Error).message}; ${kept.length} file(s) already replaced could not be put back: ${kept.join(', ')}`, kept);
    }
    removeCreatedDirs();
    throw e;
  }
  if (lastWritten) for (const [file, content] of files) lastWritten.set(file, content);
  return { written: changed.map(([f]) => f), unchanged, swept: sweepOutputFolders(files, root) };
}

/**
 * Removes what a run killed between its writes and its renames left beside the outputs: the
 * temporaries of YAML files (all that is generated) in the folders written to, whose writer is gone.
 */
function sweepOutputFolders(files: ReadonlyMap<string, string>, root: string | undefined): string[] {
  const swept: string[] = [];
  for (const dir of new Set([...files.keys()].map((f) => path.dirname(f)))) {
    try {
      if (root !== undefined) assertWritesInside(root, dir, path.relative(root, dir));
    } catch {
      continue; // a folder that leads elsewhere is not ours to clean
    }
    swept.push(...sweepStaleTemporaries(dir, (target) => target.endsWith('.yaml')));
  }
  return swept;
}

export interface CheckResult {
  /** Unified diffs (`a/` on disk, `b/` generated) of the files that differ or are missing. */
  readonly diffs: string[];
  readonly outdated: string[];
}

/**
 * Compares generated files with those on disk (or, for paths in `planned`, relative to `relativeTo`,
 * with what a scaffolding command would write there); writes nothing.
 */
export function checkFiles(files: ReadonlyMap<string, string>, relativeTo: string, planned?: ReadonlyMap<string, string>): CheckResult {
  const diffs: string[] = [];
  const outdated: string[] = [];
  for (const [file, content] of files) {
    const rel = path.relative(relativeTo, file);
    const onDisk = planned?.get(rel.split(path.sep).join('/')) ?? current(file);
    if (onDisk === content) continue;
    outdated.push(rel);
    diffs.push(createTwoFilesPatch(onDisk === undefined ? '/dev/null' : `a/${rel}`, `b/${rel}`, onDisk ?? '', content, undefined, undefined, { context: 3 }));
  }
  return { diffs, outdated };
}
