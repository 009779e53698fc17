// Replacing a project's tree in place by a staged one (alpha generate --force) so that a kill at any
// moment loses nothing. The new tree is staged in a folder inside the project; then the old entries
// (all but .git) are renamed into a backup folder there, the new ones renamed in, the files git
// ignores (node_modules, .env, kubeconfigs) moved back where the new tree has none, and only then is
// the backup removed. A record beside them says which half was under way: the next run puts the old
// tree back (it was being moved out) or finishes (the new one was being moved in).
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { assertWritesInside } from '../../files/inside-root.js';
import { isLiveProcess } from '../../files/temporary-files.js';
import { git, isTrackedByGit } from '../git.js';
import { UsageError } from '../../project/usage-error.js';

export const swapRecordName = '.scaffolder-generate.json';
const backupName = '.scaffolder-generate-old';
const stagingName = /^\.scaffolder-generate-([1-9]\d{0,9})-[A-Za-z0-9]{6}$/;

interface SwapRecord {
  version: 1;
  /** out: the old entries are being moved into the backup; in: the new ones are being moved in. */
  phase: 'out' | 'in';
  /** The staging folder in the project; the new tree is the folder in it named as the project's. */
  staging: string;
  /** Paths git ignores in the old tree (relative), kept where the new tree has nothing. */
  kept: string[];
}

/** Entries of the project a swap never moves: git's, and its own. */
function isReserved(name: string): boolean {
  return name === '.git' || name === swapRecordName || name === `${swapRecordName}.tmp` || name === backupName || stagingName.test(name);
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Staging folders this process is using: a sweep leaves them (this process is alive). */
const inUse = new Set<string>();

/** A new folder in `dir` to stage the new tree in, named after this process; releaseStagingRoot removes it. */
export function makeStagingRoot(dir: string): string {
  const root = mkdtempSync(join(dir, `.scaffolder-generate-${process.pid}-`));
  inUse.add(root);
  return root;
}

export function releaseStagingRoot(root: string): void {
  inUse.delete(root);
  rmSync(root, { recursive: true, force: true });
}

/** The paths git ignores in `dir` (wholly ignored folders as one path): what a new tree keeps. */
export function ignoredPaths(dir: string): string[] {
  const r = git(dir, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory']);
  if (r.status !== 0) throw new UsageError(`git ls-files failed: ${r.stderr.trim().split('\n')[0]}`);
  return r.stdout.split('\0').map((p) => p.replace(/\/$/, '')).filter((p) => p !== '' && !isReserved(p.split('/')[0]));
}

function writeRecord(dir: string, record: SwapRecord): void {
  const file = join(dir, swapRecordName);
  writeFileSync(`${file}.tmp`, JSON.stringify(record));
  renameSync(`${file}.tmp`, file);
}

export function hasInterruptedSwap(dir: string): boolean {
  return lstatOrUndefined(join(dir, swapRecordName)) !== undefined;
}

const notOurs = `nothing was changed: check the project (git status) and delete ${swapRecordName}`;

/** The record of an interrupted swap in `dir`, checked: it is data on disk, and names what gets moved and removed. */
function readRecord(dir: string): SwapRecord | undefined {
  const file = join(dir, swapRecordName);
  const stats = lstatOrUndefined(file);
  if (stats === undefined) return undefined;
  const refuse = (why: string) => new UsageError(`${swapRecordName}: ${why}; it is not a record alpha generate wrote; ${notOurs}`);
  if (!stats.isFile()) throw refuse('is not a regular file');
  if (isTrackedByGit(dir, swapRecordName)) throw refuse('is committed to the repository');
  let raw: Partial<Record<keyof SwapRecord, unknown>>;
  try {
    raw = (JSON.parse(readFileSync(file, 'utf8')) ?? {}) as typeof raw;
  } catch {
    throw refuse('is not valid JSON');
  }
  if (raw.version !== 1 || (raw.phase !== 'out' && raw.phase !== 'in') || typeof raw.staging !== 'string' || !stagingName.test(raw.staging)
    || !Array.isArray(raw.kept) || !raw.kept.every((k) => typeof k === 'string')) {
    throw refuse('has not the fields of a record');
  }
  for (const k of raw.kept) {
    const segments = k.split('/');
    if (segments.some((s) => s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git') || isReserved(segments[0])) throw refuse(`keeps ${JSON.stringify(k)}, not a path of the project`);
    try {
      assertWritesInside(dir, join(dir, k), k);
    } catch (err) {
      throw refuse((err as Error).message);
    }
  }
  for (const name of [raw.staging, backupName]) {
    const entry = lstatOrUndefined(join(dir, name));
    if (entry !== undefined && !entry.isDirectory()) throw refuse(`${name} is not a folder`);
  }
  return raw as SwapRecord;
}

/**
 * Replaces every entry of `dir` but .git by those of `staged` (in `stagingRoot`, a folder of `dir`
 * from makeStagingRoot); `kept`: paths git ignores in the old tree, moved back where the new tree has
 * nothing. Returns the kept paths that could not be moved back (left in the backup folder).
 */
export function swapTreeIn(dir: string, stagingRoot: string, kept: string[]): string[] {
  const record: SwapRecord = { version: 1, phase: 'out', staging: basename(stagingRoot), kept };
  writeRecord(dir, record);
  try {
    mkdirSync(join(dir, backupName));
    for (const entry of readdirSync(dir)) if (!isReserved(entry)) renameSync(join(dir, entry), join(dir, backupName, entry));
    writeRecord(dir, { ...record, phase: 'in' });
  } catch (err) {
    putBack(dir, record);
    throw new UsageError(`moving the old tree aside failed (${(err as Error).message}); the project is as it was`);
  }
  try {
    return moveIn(dir, record);
  } catch (err) {
    throw new UsageError(`moving the new tree in failed (${(err as Error).message}); run alpha generate --force again to finish`);
  }
}

/** Phase out, undone: the old entries go back from the backup, and the staged tree is removed. */
function putBack(dir: string, record: SwapRecord): void {
  const backup = join(dir, backupName);
  const entries = lstatOrUndefined(backup) ? readdirSync(backup) : [];
  // Checked before the first move, so that a refusal moves nothing.
  const both = entries.filter((e) => lstatOrUndefined(join(dir, e)) !== undefined);
  if (both.length > 0) {
    throw new UsageError(`${swapRecordName}: an interrupted alpha generate was moving the old project into ${backupName}/, but ${both.join(', ')} is in both; nothing was moved: keep one of each, then run alpha generate --force again`);
  }
  for (const e of entries) renameSync(join(backup, e), join(dir, e));
  if (lstatOrUndefined(backup)) rmdirSync(backup);
  rmSync(join(dir, record.staging), { recursive: true, force: true });
  rmSync(join(dir, swapRecordName), { force: true });
}

/** Phase in, finished: the rest of the staged tree moves in, kept files come back, the backup goes. */
function moveIn(dir: string, record: SwapRecord): string[] {
  const backup = join(dir, backupName);
  const staged = join(dir, record.staging, basename(dir));
  if (lstatOrUndefined(staged)?.isDirectory() !== true) {
    throw new UsageError(`${swapRecordName}: an interrupted alpha generate was moving the new tree in, but ${record.staging}/${basename(dir)} is gone; the old project is in ${backupName}/: move its entries back, then delete ${swapRecordName}`);
  }
  for (const entry of readdirSync(staged)) {
    if (lstatOrUndefined(join(dir, entry)) === undefined) renameSync(join(staged, entry), join(dir, entry));
  }
  const left: string[] = [];
  for (const k of record.kept) {
    const from = join(backup, k);
    const to = join(dir, k);
    if (lstatOrUndefined(from) === undefined || lstatOrUndefined(to) !== undefined) continue;
    try {
      mkdirSync(dirname(to), { recursive: true });
      renameSync(from, to);
    } catch {
      left.push(k);
    }
  }
  if (left.length === 0) rmSync(backup, { recursive: true, force: true });
  rmSync(join(dir, swapRecordName), { force: true });
  rmSync(join(dir, record.staging), { recursive: true, force: true });
  return left;
}

export type Recovery = { outcome: 'put back' } | { outcome: 'finished'; left: string[] };

/**
 * Completes the swap a killed alpha generate left in `dir`: puts the old tree back when it was being
 * moved out, finishes when the new one was being moved in. Undefined when there was none.
 */
export function recoverInterruptedSwap(dir: string): Recovery | undefined {
  const record = readRecord(dir);
  if (record === undefined) return undefined;
  if (record.phase === 'out') {
    putBack(dir, record);
    return { outcome: 'put back' };
  }
  return { outcome: 'finished', left: moveIn(dir, record) };
}

/**
 * Removes what a killed alpha generate left that no record names: staging folders of processes gone
 * (or of this one, not in use), and a half-written record.
 */
export function sweepStaleStaging(dir: string): void {
  if (hasInterruptedSwap(dir)) return;
  rmSync(join(dir, `${swapRecordName}.tmp`), { force: true });
  for (const entry of readdirSync(dir)) {
    const m = stagingName.exec(entry);
    const full = join(dir, entry);
    if (!m || lstatOrUndefined(full)?.isDirectory() !== true) continue;
    const pid = Number(m[1]);
    if (pid === process.pid ? inUse.has(full) : isLiveProcess(pid)) continue;
    rmSync(full, { recursive: true, force: true });
  }
}
