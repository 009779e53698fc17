// Every change a command makes, computed in memory first: creations and edits are recorded against
// an overlay of the project directory, checked, and only then written, all or nothing; or shown
// as a dry run (files created, unified diffs of files changed) without touching the disk.
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
// The one module of diff's that is used, with its own imports: the package entry loads 19.
import { createTwoFilesPatch } from 'diff/lib/patch/create.js';
import { assertWritesInside } from '../../files/inside-root.js';
import { UsageError } from '../../project/usage-error.js';
import { insertAtMarker, MarkerNotFoundError } from './inserter.js';
import { render } from './render.js';
import type { FileTemplate, Insertion, ScaffoldFile } from './template.js';
import type { TemplateName } from './template-data.js';
import { removeUndoJournal, writeUndoJournal } from './undo-journal.js';

export interface PlannedChange {
  path: string;
  action: 'create' | 'update';
  before: string | undefined;
  after: string;
}

interface Entry {
  /** undefined: the file does not exist on disk. */
  original: string | undefined;
  content: string;
}

export class Plan {
  private readonly entries = new Map<string, Entry>();
  private readonly notes: string[] = [];
  /** Files written after all others (PROJECT: it claims what the rest holds). */
  private readonly writtenLast = new Set<string>();

  constructor(readonly root: string, readonly options: { force: boolean }) {}

  /** The file's content as it will be after the plan: planned content, else what is on disk. */
  read(path: string): string | undefined {
    const planned = this.entries.get(path);
    if (planned) return planned.content;
    return this.readDisk(path);
  }

  exists(path: string): boolean {
    return this.read(path) !== undefined;
  }

  private readDisk(path: string): string | undefined {
    const full = join(this.root, path);
    if (!existsSync(full)) return undefined;
    if (!statSync(full).isFile()) throw new UsageError(`${path}: exists and is not a file`);
    return readFileSync(full, 'utf8');
  }

  private set(path: string, content: string): void {
    const entry = this.entries.get(path);
    if (entry) entry.content = content;
    else this.entries.set(path, { original: this.readDisk(path), content });
  }

  /**
   * Adds a file according to its if-exists policy (`error` yields to --force). `last`: write it after
   * every other file (the record of what the others hold, so it never claims files not yet there).
   */
  add(template: FileTemplate, opts: { last?: boolean } = {}): void {
    if (opts.last) this.writtenLast.add(template.path);
    if (this.exists(template.path)) {
      if (template.ifExists === 'skip') return;
      if (template.ifExists === 'error' && !this.options.force) {
        throw new UsageError(`${template.path} already exists; pass --force to overwrite it`);
      }
    }
    this.set(template.path, template.body);
  }

  /** Adds a file rendered from its template (see `add`). */
  addFile<N extends TemplateName>(file: ScaffoldFile<N>, opts: { last?: boolean } = {}): void {
    this.add({ path: file.path, body: render(file.template, file.data), ifExists: file.ifExists }, opts);
  }

  /** Makes each insertion, in order (see `insert`). */
  insertAll(insertions: readonly Insertion[]): void {
    for (const i of insertions) this.insert(i.path, i.point, i.fragments);
  }

  /** Rewrites an existing (or already planned) file. */
  edit(path: string, change: (content: string) => string): void {
    const current = this.read(path);
    if (current === undefined) throw new UsageError(`${path}: file not found (it is needed to record the change; was it deleted?)`);
    this.set(path, change(current));
  }

  /** Inserts fragments at `+kubebuilder:scaffold:<point>` in the file; an error names file and point. */
  insert(path: string, point: string, fragments: string[]): void {
    this.edit(path, (content) => {
      try {
        return insertAtMarker(content, point, fragments);
      } catch (err) {
        if (err instanceof MarkerNotFoundError) {
          throw new UsageError(`${path}: ${err.message}; restore the marker comment to let scaffolder edit this file`);
        }
        throw err;
      }
    });
  }

  /** A warning to print after the plan is applied (e.g. a block the user already changed). */
  note(message: string): void {
    this.notes.push(message);
  }

  get warnings(): readonly string[] {
    return this.notes;
  }

  changes(): PlannedChange[] {
    const out: PlannedChange[] = [];
    for (const [path, e] of [...this.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (e.original === e.content) continue;
      out.push({ path, action: e.original === undefined ? 'create' : 'update', before: e.original, after: e.content });
    }
    return out;
  }

  /** The dry-run report: created files listed, changed files as unified diffs. */
  describe(): string {
    const changes = this.changes();
    if (changes.length === 0) return 'no changes\n';
    const parts: string[] = [];
    for (const c of changes.filter((c) => c.action === 'create')) parts.push(`create ${c.path}\n`);
    for (const c of changes.filter((c) => c.action === 'update')) {
      parts.push(`update ${c.path}\n`);
      parts.push(createTwoFilesPatch(`a/${c.path}`, `b/${c.path}`, c.before ?? '', c.after, undefined, undefined, { context: 3 })
        .split('\n').slice(1).join('\n'));
    }
    return parts.join('');
  }

  /**
   * Writes every change, none when one would land outside the project (through a symbolic link). If any write fails, files already written are put back as they were,
   * files created are removed with the directories made for them, and the error is rethrown.
   */
  apply(): PlannedChange[] {
    const changes = this.changes();
    // Every target is checked before the first write, so a refused one leaves the project as it was.
    for (const c of changes) {
      try {
        assertWritesInside(this.root, join(this.root, c.path), c.path);
      } catch (err) {
        throw new UsageError(`nothing was written: ${(err as Error).message}`);
      }
    }
    if (changes.length === 0) return changes;
    const order = [...changes.filter((c) => !this.writtenLast.has(c.path)), ...changes.filter((c) => this.writtenLast.has(c.path))];
    // If the process dies while writing, the next command undoes the half-written plan from this journal.
    writeUndoJournal(this.root, order, missingDirs(this.root, order.map((c) => c.path)));
    const madeDirs: string[] = [];
    const done: PlannedChange[] = [];
    try {
      for (const c of order) {
        const full = join(this.root, c.path);
        ensureDir(dirname(full), madeDirs);
        writeFileSync(full, c.after);
        done.push(c);
      }
    } catch (err) {
      let undone = true;
      for (const c of done.reverse()) {
        const full = join(this.root, c.path);
        try {
          if (c.before === undefined) rmSync(full, { force: true });
          else writeFileSync(full, c.before);
        } catch {
          undone = false; // the journal stays: the next command puts it back
        }
      }
      for (const d of madeDirs.reverse()) {
        try { rmdirSync(d); } catch { /* not empty or gone */ }
      }
      if (undone) removeUndoJournal(this.root);
      const message = err instanceof Error ? err.message : String(err);
      throw new UsageError(`writing files failed, nothing was changed: ${message}`);
    }
    removeUndoJournal(this.root);
    return changes;
  }
}

/** The folders (relative to root) that writing `paths` creates, outermost first. */
function missingDirs(root: string, paths: string[]): string[] {
  const missing = new Set<string>();
  for (const p of paths) {
    const chain: string[] = [];
    for (let d = dirname(join(root, p)); d !== root && !existsSync(d); d = dirname(d)) chain.unshift(relative(root, d));
    for (const d of chain) missing.add(d);
  }
  return [...missing];
}

function ensureDir(dir: string, made: string[]): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new Error(`${dir} exists and is not a directory`);
    return;
  }
  ensureDir(dirname(dir), made);
  mkdirSync(dir);
  made.push(dir);
}
