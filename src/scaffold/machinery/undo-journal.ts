// What a plan needs to be undone when the process dies half-way through writing it (killed, power
// lost): before the first write, the previous content of every file it changes and the folders it
// makes go to a journal beside PROJECT; the journal goes when the plan is written (or rolled back).
// The next command finds a journal left behind, puts the project back as it was, and runs as if the
// interrupted one never had: a retry then completes instead of finding half a kind.
import { existsSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertWritesInside } from '../../files/inside-root.js';
import { UsageError } from '../../cli/usage-error.js';

export const undoJournalName = '.scaffolder-undo.json';

export interface UndoJournal {
  /** Each changed file with its content before the plan (null: it did not exist). */
  files: Array<{ path: string; before: string | null }>;
  /** Folders the plan creates, outermost first (removed when empty). */
  dirs: string[];
}

/** Writes the journal atomically (a rename), so that a crash leaves either none or a whole one. */
export function writeUndoJournal(root: string, journal: UndoJournal): void {
  const file = join(root, undoJournalName);
  rmSync(`${file}.tmp`, { force: true }); // a link there would be followed by the write
  writeFileSync(`${file}.tmp`, JSON.stringify(journal));
  renameSync(`${file}.tmp`, file);
}

export function removeUndoJournal(root: string): void {
  rmSync(join(root, undoJournalName), { force: true });
}

// A journal is data from disk: only paths of the project, as a plan writes them, are followed.
const relativePath = /^(?!.*(^|\/)\.\.?(\/|$))[^/\0][^\0]*$/;

function parseJournal(text: string, file: string): UndoJournal {
  const bad = (why: string) => new UsageError(`${file}: ${why}; it records an interrupted scaffolder run: restore the project from version control and delete it`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw bad('not valid JSON');
  }
  const j = raw as Partial<UndoJournal>;
  const files = Array.isArray(j.files) ? j.files : undefined;
  const dirs = Array.isArray(j.dirs) ? j.dirs : undefined;
  if (!files || !dirs) throw bad('not an undo journal');
  for (const f of files) {
    if (typeof f?.path !== 'string' || !relativePath.test(f.path) || !(typeof f.before === 'string' || f.before === null)) throw bad('a file entry is not a project path with its content');
  }
  for (const d of dirs) if (typeof d !== 'string' || !relativePath.test(d)) throw bad('a folder entry is not a project path');
  return { files, dirs };
}

/**
 * Undoes the plan an interrupted run left half-written in `root`, if any: returns the paths put
 * back (undefined when there was no journal). With `dryRun`, only reports what it would put back.
 */
export function undoInterruptedPlan(root: string, opts: { dryRun: boolean }): string[] | undefined {
  const file = join(root, undoJournalName);
  rmSync(`${file}.tmp`, { force: true });
  if (!existsSync(file)) return undefined;
  const journal = parseJournal(readFileSync(file, 'utf8'), file);
  for (const f of journal.files) assertWritesInside(root, join(root, f.path), f.path);
  const paths = journal.files.map((f) => f.path);
  if (opts.dryRun) return paths;
  for (const f of journal.files) {
    const full = join(root, f.path);
    if (f.before === null) rmSync(full, { force: true });
    else writeFileSync(full, f.before);
  }
  for (const d of [...journal.dirs].reverse()) {
    try { rmdirSync(join(root, d)); } catch { /* not empty (the user's files) or already gone */ }
  }
  rmSync(file);
  return paths;
}
