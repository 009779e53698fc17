// The common end of every scaffolding command: record PROJECT in the plan, then either print the
// plan (--dry-run) or write it all at once and list what changed.
import { Plan } from '../scaffold/machinery/plan.js';
import { projectFileName, serializeProjectFile, type ProjectConfig } from '../scaffold/project/project-file.js';
import type { CliIO } from './io.js';

export interface PlanFlags {
  dryRun: boolean;
  force: boolean;
}

/** Builds the plan with `build`, adds PROJECT, and applies or describes it. Returns whether files were written. */
export function runPlan(io: CliIO, flags: PlanFlags, build: (plan: Plan) => ProjectConfig): boolean {
  const plan = new Plan(io.cwd, { force: flags.force });
  const next = build(plan);
  plan.add({ path: projectFileName, body: serializeProjectFile(next), ifExists: 'overwrite' });
  if (flags.dryRun) {
    io.stdout(`dry run: nothing written in ${io.cwd}\n`);
    io.stdout(plan.describe());
    for (const w of plan.warnings) io.stderr(`warning: ${w}\n`);
    return false;
  }
  const changes = plan.apply();
  for (const c of changes) io.stdout(`${c.action === 'create' ? 'created' : 'updated'} ${c.path}\n`);
  if (changes.length === 0) io.stdout('no changes\n');
  for (const w of plan.warnings) io.stderr(`warning: ${w}\n`);
  return true;
}
