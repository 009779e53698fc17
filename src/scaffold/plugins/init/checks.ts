// Where init may run: a directory without a project, holding at most what kubebuilder's go/v4 scaffolds around.
import { readdirSync } from 'node:fs';
import { projectFileName } from '../../../project/project-file.js';
import { UsageError } from '../../../project/usage-error.js';
import type { Plan } from '../../machinery/plan.js';

// Files that show a directory already holds a project (or another package).
const occupiedBy = [projectFileName, 'package.json', 'src/main.ts'];

/**
 * The first entry of `dir` that init would scaffold around, as kubebuilder's go/v4 decides: only
 * names starting with '.', Markdown files and upper-case file names such as LICENSE may be there.
 */
function unexpectedEntry(dir: string): string | undefined {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.')) continue;
    if (!entry.isDirectory() && (entry.name.endsWith('.md') || /^[A-Z]+$/.test(entry.name))) continue;
    return entry.isDirectory() ? `${entry.name}/` : entry.name;
  }
  return undefined;
}

export function checkProjectDirectory(plan: Plan): void {
  for (const file of occupiedBy) {
    if (plan.exists(file)) throw new UsageError(`${file} already exists in ${plan.root}: init needs a directory without a project (no ${occupiedBy.join(', ')})`);
  }
  const found = unexpectedEntry(plan.root);
  if (found !== undefined) {
    throw new UsageError(`${plan.root} is not empty: found "${found}"; init runs in an empty directory (only names starting with ".", *.md files and upper-case file names such as LICENSE may be there)`);
  }
}
