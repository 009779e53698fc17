// Replacing a tree's entries in place by a staged tree so that a kill at any moment loses nothing.
// The new tree is staged in a folder inside the tree; then the old entries (all but .git) are renamed
// into a backup folder there, the new ones renamed in, the paths the caller keeps (files git ignores:
// node_modules, .env, kubeconfigs) moved back where the new tree has none, and only then is the backup
// removed. A record beside them says which half was under way: the next run puts the old tree back (it
// was being moved out) or finishes (the new one was being moved in). Paths are plain; the caller names
// the record, the backup and the staging folders, and turns a TreeSwapError into its own report.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { assertWritesInside } from './inside-root.js';
import { isLiveProcess } from './temporary-files.js';

/** The names a swap uses in the tree, and how its messages name who swaps. */
export interface TreeSwapNames {
  /** The record of a swap under way, a file at the tree's root. */
  record: string;
  /** The folder the old entries are moved into. */
  backup: string;
  /** Staging folders are named `<stagingPrefix><pid>-<6 characters>`. */
  stagingPrefix: string;
  /** Who swaps (`alpha generate`), and the command that completes an interrupted swap. */
  owner: string;
  rerun: string;
}

/** A swap refused or failed: the message says what is where, for the user. */
export class TreeSwapError extends Error {
  override readonly name = 'TreeSwapError';
}

interface SwapRecord {
  version: 1;
  /** out: the old entries are being moved into the backup; in: the new ones are being moved in. */
  phase: 'out' | 'in';
  /** The staging folder in the tree; the new tree is the folder in it named as the tree's. */
  staging: string;
  /** Paths (relative) of the old tree kept where the new tree has nothing. */
  kept: string[];
}

export type Recovery = { outcome: 'put back' } | { outcome: 'finished'; left: string[] };

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Staging folders this process is using: a sweep leaves them (this process is alive). */
const inUse = new Set<string>();

export class TreeSwap {
  private readonly stagingName: RegExp;

  constructor(readonly dir: string, private readonly names: TreeSwapNames) {
    this.stagingName = new RegExp(`^${names.stagingPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([1-9]\\d{0,9})-[A-Za-z0-9]{6}$`);
  }

  /** Entries of the tree a swap never moves: git's, and its own. */
  isReserved(name: string): boolean {
    const { record, backup } = this.names;
    return name === '.git' || name === record || name === `${record}.tmp` || name === backup || this.stagingName.test(name);
  }

  hasInterrupted(): boolean {
    return lstatOrUndefined(join(this.dir, this.names.record)) !== undefined;
  }

  /** A new folder in the tree to stage the new tree in, named after this process; releaseStagingRoot removes it. */
  makeStagingRoot(): string {
    const root = mkdtempSync(join(this.dir, `${this.names.stagingPrefix}${process.pid}-`));
    inUse.add(root);
    return root;
  }

  releaseStagingRoot(root: string): void {
    inUse.delete(root);
    rmSync(root, { recursive: true, force: true });
  }

  /**
   * Replaces every entry of the tree but .git by those of the folder in `stagingRoot` (from
   * makeStagingRoot) named as the tree; `kept`: paths of the old tree moved back where the new tree
   * has nothing. Returns the kept paths that could not be moved back (left in the backup folder).
   */
  swapIn(stagingRoot: string, kept: string[]): string[] {
    const { dir, names } = this;
    const record: SwapRecord = { version: 1, phase: 'out', staging: basename(stagingRoot), kept };
    this.writeRecord(record);
    try {
      mkdirSync(join(dir, names.backup));
      for (const entry of readdirSync(dir)) if (!this.isReserved(entry)) renameSync(join(dir, entry), join(dir, names.backup, entry));
      this.writeRecord({ ...record, phase: 'in' });
    } catch (err) {
      this.putBack(record);
      throw new TreeSwapError(`moving the old tree aside failed (${(err as Error).message}); the project is as it was`);
    }
    try {
      return this.moveIn(record);
    } catch (err) {
      throw new TreeSwapError(`moving the new tree in failed (${(err as Error).message}); run ${names.rerun} again to finish`);
    }
  }

  /**
   * Completes the swap a killed run left: puts the old tree back when it was being moved out,
   * finishes when the new one was being moved in. Undefined when there was none.
   */
  recover(): Recovery | undefined {
    const record = this.readRecord();
    if (record === undefined) return undefined;
    if (record.phase === 'out') {
      this.putBack(record);
      return { outcome: 'put back' };
    }
    return { outcome: 'finished', left: this.moveIn(record) };
  }

  /**
   * Removes what a killed run left that no record names: staging folders of processes gone (or of
   * this one, not in use), and a half-written record.
   */
  sweepStale(): void {
    if (this.hasInterrupted()) return;
    rmSync(join(this.dir, `${this.names.record}.tmp`), { force: true });
    for (const entry of readdirSync(this.dir)) {
      const m = this.stagingName.exec(entry);
      const full = join(this.dir, entry);
      if (!m || lstatOrUndefined(full)?.isDirectory() !== true) continue;
      const pid = Number(m[1]);
      if (pid === process.pid ? inUse.has(full) : isLiveProcess(pid)) continue;
      rmSync(full, { recursive: true, force: true });
    }
  }

  private writeRecord(record: SwapRecord): void {
    const file = join(this.dir, this.names.record);
    writeFileSync(`${file}.tmp`, JSON.stringify(record));
    renameSync(`${file}.tmp`, file);
  }

  /** The record of an interrupted swap, checked: it is data on disk, and names what gets moved and removed. */
  private readRecord(): SwapRecord | undefined {
    const { dir, names } = this;
    const file = join(dir, names.record);
    const stats = lstatOrUndefined(file);
    if (stats === undefined) return undefined;
    if (!stats.isFile()) throw this.notOurs('is not a regular file');
    let raw: Partial<Record<keyof SwapRecord, unknown>>;
    try {
      raw = (JSON.parse(readFileSync(file, 'utf8')) ?? {}) as typeof raw;
    } catch {
      throw this.notOurs('is not valid JSON');
    }
    if (raw.version !== 1 || (raw.phase !== 'out' && raw.phase !== 'in') || typeof raw.staging !== 'string' || !this.stagingName.test(raw.staging)
      || !Array.isArray(raw.kept) || !raw.kept.every((k) => typeof k === 'string')) {
      throw this.notOurs('has not the fields of a record');
    }
    for (const k of raw.kept) {
      const segments = k.split('/');
      if (segments.some((s) => s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git') || this.isReserved(segments[0])) throw this.notOurs(`keeps ${JSON.stringify(k)}, not a path of the project`);
      try {
        assertWritesInside(dir, join(dir, k), k);
      } catch (err) {
        throw this.notOurs((err as Error).message);
      }
    }
    for (const name of [raw.staging, names.backup]) {
      const entry = lstatOrUndefined(join(dir, name));
      if (entry !== undefined && !entry.isDirectory()) throw this.notOurs(`${name} is not a folder`);
    }
    return raw as SwapRecord;
  }

  /** The refusal of a record this swap did not write: nothing is changed. */
  notOurs(why: string): TreeSwapError {
    const { record, owner } = this.names;
    return new TreeSwapError(`${record}: ${why}; it is not a record ${owner} wrote; nothing was changed: check the project (git status) and delete ${record}`);
  }

  /** Phase out, undone: the old entries go back from the backup, and the staged tree is removed. */
  private putBack(record: SwapRecord): void {
    const { dir, names } = this;
    const backup = join(dir, names.backup);
    const entries = lstatOrUndefined(backup) ? readdirSync(backup) : [];
    // Checked before the first move, so that a refusal moves nothing.
    const both = entries.filter((e) => lstatOrUndefined(join(dir, e)) !== undefined);
    if (both.length > 0) {
      throw new TreeSwapError(`${names.record}: an interrupted ${names.owner} was moving the old project into ${names.backup}/, but ${both.join(', ')} is in both; nothing was moved: keep one of each, then run ${names.rerun} again`);
    }
    for (const e of entries) renameSync(join(backup, e), join(dir, e));
    if (lstatOrUndefined(backup)) rmdirSync(backup);
    rmSync(join(dir, record.staging), { recursive: true, force: true });
    rmSync(join(dir, names.record), { force: true });
  }

  /** Phase in, finished: the rest of the staged tree moves in, kept files come back, the backup goes. */
  private moveIn(record: SwapRecord): string[] {
    const { dir, names } = this;
    const backup = join(dir, names.backup);
    const staged = join(dir, record.staging, basename(dir));
    if (lstatOrUndefined(staged)?.isDirectory() !== true) {
      throw new TreeSwapError(`${names.record}: an interrupted ${names.owner} was moving the new tree in, but ${record.staging}/${basename(dir)} is gone; the old project is in ${names.backup}/: move its entries back, then delete ${names.record}`);
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
    rmSync(join(dir, names.record), { force: true });
    rmSync(join(dir, record.staging), { recursive: true, force: true });
    return left;
  }
}
