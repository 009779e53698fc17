// Reading the PROJECT file of the directory a command runs in.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../scaffold/errors.js';
import { parseProjectFile, projectFileName, type ProjectConfig } from '../scaffold/project/project-file.js';

export function loadProject(dir: string): ProjectConfig {
  const file = join(dir, projectFileName);
  if (!existsSync(file)) {
    throw new UsageError(`${file} not found: run this command in a project's root directory, or create a project with \`scaffolder init\``);
  }
  return parseProjectFile(readFileSync(file, 'utf8'), file);
}
