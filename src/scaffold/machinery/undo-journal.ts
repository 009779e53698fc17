// What a plan needs to be undone when the process dies half-way through writing it (killed, power
// lost): before the first write, the previous content of every file it changes, a hash of what it
// writes there, and the folders it makes go to a journal beside PROJECT; the journal goes when the
// plan is written (or rolled back). The next command finds a journal left behind, puts the project
// back as it was, and runs as if the interrupted one never had: a retry then completes instead of
// finding half a kind.
//
// A journal is data from disk, not necessarily ours (committed to a repository, unpacked from an
// archive, or left behind before the user edited the files it names). It is applied only when every
// entry is a path a plan writes (inside the project, never under .git) and every file on disk still
// holds what the plan wrote there or what was there before; otherwise nothing is changed and the
// user is told why and what to do.
import { lstatSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { assertWritesInside, resolvedWritePath } from '../../files/inside-root.js';
import { UsageError } from '../../project/usage-error.js';

export const undoJournalName = '.scaffolder-undo.json';
/** Journals of other formats (the first had no hashes) are refused, never guessed at. */
const journalVersion = 2;

export interface UndoJournal {
  version: typeof journalVersion;
  /** Each changed file: its content before the plan (null: it did not exist) and the hash of what the plan writes. */
  files: Array<{ path: string; before: string | null; after: string }>;
  /** Folders the plan creates, outermost first (removed when empty). */
  dirs: string[];
}

/** What goes into a journal: the plan's changes, in the order they are written. */
export interface JournaledChange {
  path: string;
  before: string | undefined;
  after: string;
}

// node:crypto is fetched on the first hash, not imported: loading it costs every command a few ms
// of CPU (a twentieth of `create api --dry-run --make=false`, which writes no journal).
function contentHash(content: string | Buffer): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(content).digest('hex');
}

/** Writes the journal atomically (a rename), so that a crash leaves either none or a whole one. */
export function writeUndoJournal(root: string, changes: readonly JournaledChange[], dirs: readonly string[]): void {
  const journal: UndoJournal = {
    version: journalVersion,
    files: changes.map((c) => ({ path: c.path, before: c.before ?? null, after: contentHash(c.after) })),
    dirs: [...dirs],
  };
  const file = join(root, undoJournalName);
  rmSync(`${file}.tmp`, { force: true }); // a link there would be followed by the write
  writeFileSync(`${file}.tmp`, JSON.stringify(journal));
  renameSync(`${file}.tmp`, file);
}

export function removeUndoJournal(root: string): void {
  rmSync(join(root, undoJournalName), { force: true });
}

/** Whether `root` holds a journal (a link or anything else by that name counts: it is refused later). */
export function hasUndoJournal(root: string): boolean {
  return lstatOrUndefined(join(root, undoJournalName)) !== undefined;
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

const deleteIt = `it was not applied, and nothing was changed. Delete it (rm ${undoJournalName}) and check the project with version control`;

/** A journal refused as a whole: not one a plan of this scaffolder wrote. */
function refused(why: string): UsageError {
  return new UsageError(`${undoJournalName}: ${why}; ${deleteIt}`);
}

/**
 * Why `path` is not a path a plan writes, or undefined when it is one: relative, in the project's
 * own spelling (no '.', '..' or empty segments), never under .git (a repository's configuration runs
 * commands), never the journal itself.
 */
function notAPlanPath(path: string): string | undefined {
  if (path.includes('\0') || path.includes('\\')) return 'has characters no scaffolded path has';
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return 'is not a relative path inside the project';
  if (segments.some(isGitDir)) return 'is under .git, which no scaffolder command writes';
  if (segments[0].startsWith(undoJournalName)) return 'is the journal itself';
  return undefined;
}

/** `.git`, as a case-insensitive file system (macOS, Windows) also reads `.GIT` or `.git.`. */
function isGitDir(segment: string): boolean {
  return segment.toLowerCase().replace(/[. ]+$/, '') === '.git';
}

function parseJournal(text: string): UndoJournal {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw refused('is not valid JSON');
  }
  const j = (raw ?? {}) as Partial<Record<keyof UndoJournal, unknown>>;
  if (j.version !== journalVersion) throw refused(`is not an undo journal of this scaffolder (format ${journalVersion})`);
  if (!Array.isArray(j.files) || !Array.isArray(j.dirs)) throw refused('is not an undo journal (files and dirs must be lists)');
  const seen = new Set<string>();
  for (const f of j.files as unknown[]) {
    const e = f as Partial<Record<'path' | 'before' | 'after', unknown>> | null;
    if (typeof e?.path !== 'string' || !(typeof e.before === 'string' || e.before === null) || typeof e.after !== 'string' || !/^[0-9a-f]{64}$/.test(e.after)) {
      throw refused('a file entry is not a path with its content before and the hash of its content after');
    }
    const why = notAPlanPath(e.path);
    if (why !== undefined) throw refused(`the file entry ${JSON.stringify(e.path)} ${why}`);
    if (seen.has(e.path)) throw refused(`names ${e.path} twice`);
    seen.add(e.path);
  }
  const files = j.files as UndoJournal['files'];
  for (const d of j.dirs as unknown[]) {
    if (typeof d !== 'string') throw refused('a folder entry is not a path');
    const why = notAPlanPath(d);
    if (why !== undefined) throw refused(`the folder entry ${JSON.stringify(d)} ${why}`);
    // A plan makes a folder only to put one of its files in it.
    if (!files.some((f) => f.path.startsWith(`${d}/`))) throw refused(`the folder entry ${d} holds none of the files it records`);
  }
  return { version: journalVersion, files, dirs: j.dirs as string[] };
}

/**
 * Refuses a path whose write would land outside the project (through a symbolic link, folders
 * included) or, through a link inside it, under .git.
 */
function assertPlanTarget(root: string, path: string, kind: 'file' | 'folder'): void {
  try {
    assertWritesInside(root, join(root, path), path);
  } catch (err) {
    throw refused(`the ${kind} entry ${(err as Error).message}`);
  }
  const realRoot = resolvedWritePath(root) ?? root;
  const resolved = resolvedWritePath(join(root, path));
  if (resolved !== undefined && relative(realRoot, resolved).split(sep).some(isGitDir)) {
    throw refused(`the ${kind} entry ${path} leads into .git through a symbolic link, which no scaffolder command writes`);
  }
}

type DiskState = { kind: 'absent' } | { kind: 'file'; hash: string; text: string } | { kind: 'other' };

function diskState(full: string): DiskState {
  let stats: Stats;
  try {
    stats = statSync(full);
  } catch {
    return lstatOrUndefined(full) ? { kind: 'other' } : { kind: 'absent' };
  }
  // A plan writes files of one name; one with more (hard links) may be anything, outside the project too.
  if (!stats.isFile() || stats.nlink > 1) return { kind: 'other' };
  const bytes = readFileSync(full);
  return { kind: 'file', hash: contentHash(bytes), text: bytes.toString('utf8') };
}

/** What undoing does to one file: put `before` back (null: remove the file the plan created). */
interface Restore {
  path: string;
  before: string | null;
}

/**
 * The restores the journal asks for, each checked against the disk: a file must hold what the plan
 * wrote (then it is put back) or what was there before (the plan had not reached it yet). Throws,
 * listing the files, when any holds something else: the user changed it after the crash, and
 * putting it back would lose that work.
 */
function plannedRestores(root: string, journal: UndoJournal): Restore[] {
  const restores: Restore[] = [];
  const changed: string[] = [];
  for (const f of journal.files) {
    const disk = diskState(join(root, f.path));
    if (disk.kind === 'file' && disk.hash === f.after) restores.push({ path: f.path, before: f.before });
    else if (disk.kind === 'absent' ? f.before === null : disk.kind === 'file' && disk.text === f.before) continue;
    else changed.push(disk.kind === 'absent' ? `${f.path} (deleted)` : f.path);
  }
  if (changed.length > 0) {
    const written = restores.map((r) => r.path);
    throw new UsageError(`${undoJournalName}: a scaffolder command was interrupted while writing, and this journal would put its files back, `
      + `but ${changed.length} file(s) changed since: ${changed.join(', ')}; nothing was put back, so that those changes are kept. `
      + (written.length > 0 ? `The interrupted command left ${written.join(', ')} as it wrote them. ` : '')
      + `Check the project (git status, git diff), keep or remove what the interrupted command wrote, then delete the journal (rm ${undoJournalName}) and run the command again`);
  }
  return restores;
}

export interface UndoOutcome {
  /** The files put back (or, read-only, that would be). */
  paths: string[];
  /** Whether the journal is still there (read-only: always). */
  kept: boolean;
}

/**
 * Undoes the plan an interrupted run left half-written in `root`, if any (undefined when there is no
 * journal). Everything is checked before the first change, so a refused journal changes nothing.
 * `readOnly`: checks and reports what would be put back, writing nothing (not even the journal's removal).
 */
export function undoInterruptedPlan(root: string, opts: { readOnly: boolean }): UndoOutcome | undefined {
  const file = join(root, undoJournalName);
  const stats = lstatOrUndefined(file);
  if (stats === undefined) {
    // A crash while writing the journal leaves its temporary file: no plan was written yet.
    if (!opts.readOnly) rmSync(`${file}.tmp`, { force: true });
    return undefined;
  }
  if (!stats.isFile()) throw refused('is not a regular file');
  const journal = parseJournal(readFileSync(file, 'utf8'));
  for (const f of journal.files) assertPlanTarget(root, f.path, 'file');
  for (const d of journal.dirs) assertPlanTarget(root, d, 'folder');
  const restores = plannedRestores(root, journal);
  const paths = restores.map((r) => r.path);
  if (opts.readOnly) return { paths, kept: true };
  for (const r of restores) {
    const full = join(root, r.path);
    try {
      if (r.before === null) rmSync(full, { force: true });
      else writeFileSync(full, r.before);
    } catch (err) {
      // The journal stays: what was put back already holds its old content, which a retry accepts.
      throw new UsageError(`${undoJournalName}: putting back ${r.path} failed (${(err as Error).message}); run the command again once that is fixed`);
    }
  }
  for (const d of [...journal.dirs].reverse()) {
    const full = join(root, d);
    const dir = lstatOrUndefined(full);
    // Only a real, empty folder: what the user put in it stays.
    if (dir?.isDirectory() && readdirSync(full).length === 0) {
      try { rmdirSync(full); } catch { /* gone meanwhile */ }
    }
  }
  rmSync(file, { force: true });
  rmSync(`${file}.tmp`, { force: true });
  return { paths, kept: false };
}
