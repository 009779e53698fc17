// The common end of every scaffolding command: record PROJECT in the plan, then either print the
// plan (--dry-run) or write it all at once and list what changed.
import { UsageError } from '../project/usage-error.js';
import { Plan } from '../scaffold/machinery/plan.js';
import { hasUndoJournal, undoInterruptedPlan, undoJournalName } from '../scaffold/machinery/undo-journal.js';
import { isTrackedByGit } from './git.js';
import { projectFileName, serializeProjectFile, type ProjectConfig } from '../project/project-file.js';
import type { CliIO } from './io.js';

export interface PlanFlags {
  dryRun: boolean;
  force: boolean;
}

export interface PlanOutcome {
  /** Whether the files were written (false for a dry run). */
  written: boolean;
  /** A dry run's files as they would be written (relative path -> content); empty otherwise. */
  planned: ReadonlyMap<string, string>;
}

/** Builds the plan with `build`, adds PROJECT (written last), and applies or describes it. */
export function runPlan(io: CliIO, flags: PlanFlags, build: (plan: Plan) => ProjectConfig): PlanOutcome {
  const plan = new Plan(io.cwd, { force: flags.force });
  const next = build(plan);
  plan.add({ path: projectFileName, body: serializeProjectFile(next), ifExists: 'overwrite' }, { last: true });
  if (flags.dryRun) {
    io.stdout(`dry run: nothing written in ${io.cwd}\n`);
    io.stdout(plan.describe());
    for (const w of plan.warnings) io.stderr(`warning: ${w}\n`);
    return { written: false, planned: new Map(plan.changes().map((c) => [c.path, c.after])) };
  }
  const changes = plan.apply();
  for (const c of changes) io.stdout(`${c.action === 'create' ? 'created' : 'updated'} ${c.path}\n`);
  if (changes.length === 0) io.stdout('no changes\n');
  for (const w of plan.warnings) io.stderr(`warning: ${w}\n`);
  return { written: true, planned: new Map() };
}

/**
 * Puts back the files of a command that was interrupted while writing (see undo-journal.ts), and
 * says so. A read-only run (--dry-run, `manifests --check`: `readOnlyFlag` names the flag) cannot
 * work against half-written files and writes nothing: it stops and says why. A journal committed to
 * the repository is never ours (scaffolder's .gitignore lists it): it is refused unread.
 */
export function undoInterrupted(io: CliIO, readOnlyFlag?: string): void {
  if (hasUndoJournal(io.cwd) && isTrackedByGit(io.cwd, undoJournalName)) {
    throw new UsageError(`${undoJournalName} is committed to the repository: scaffolder writes it only while a command writes files, and never for a repository; it was not applied, and nothing was changed. Remove it (git rm ${undoJournalName}) and commit`);
  }
  const flag = io.dryRun ? '--dry-run' : readOnlyFlag;
  const outcome = undoInterruptedPlan(io.cwd, { readOnly: flag !== undefined });
  if (outcome === undefined || outcome.paths.length === 0) return;
  const { paths } = outcome;
  if (flag !== undefined) {
    throw new UsageError(`${undoJournalName}: an interrupted scaffolder command left ${paths.length} file(s) half-written (${paths.join(', ')}); run the command without ${flag}: it puts them back first`);
  }
  io.stderr(`warning: ${undoJournalName}: an interrupted scaffolder command left ${paths.length} file(s) half-written; put them back as they were: ${paths.join(', ')}\n`);
}
