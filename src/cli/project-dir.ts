// Reading the PROJECT file of the directory a command runs in.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../project/usage-error.js';
import { undoInterrupted } from './apply-plan.js';
import { hasInterruptedSwap, swapRecordName } from './alpha/tree-swap.js';
import type { CliIO } from './io.js';
import { parseProjectFile, projectFileName, type ProjectConfig } from '../project/project-file.js';

/**
 * PROJECT of the directory `io` runs in, after undoing what an interrupted command half-wrote.
 * `readOnlyFlag`: the flag that makes this run write nothing (`--check`), as --dry-run does.
 */
export function loadProject(io: CliIO, readOnlyFlag?: string): ProjectConfig {
  const dir = io.cwd;
  if (hasInterruptedSwap(dir)) {
    throw new UsageError(`${swapRecordName}: an interrupted \`scaffolder alpha generate --force\` left this project half-replaced; run it again: it puts the old tree back or finishes the new one`);
  }
  undoInterrupted(io, readOnlyFlag);
  const file = join(dir, projectFileName);
  if (!existsSync(file)) {
    throw new UsageError(`${file} not found: run this command in a project's root directory, or create a project with \`scaffolder init\``);
  }
  return parseProjectFile(readFileSync(file, 'utf8'), file);
}
