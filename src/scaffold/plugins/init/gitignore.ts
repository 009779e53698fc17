// A .gitignore already there (from `git init` tooling, or the user's own) is kept; the patterns of
// ours it lacks (node_modules/, dist/, kubeconfigs, ...) are added at its end, and init says so.
import type { Plan } from '../../machinery/plan.js';
import { render } from '../../machinery/render.js';
import type { InitFile } from './files.js';

export function keepIgnoreFile(plan: Plan, ours: InitFile): void {
  const patterns = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  const theirs = new Set(patterns(plan.read(ours.path) ?? ''));
  const missing = patterns(render(ours.template, ours.data)).filter((p) => !theirs.has(p));
  if (missing.length === 0) {
    plan.note(`${ours.path} exists: kept it as it is (it has every entry the project needs)`);
    return;
  }
  plan.edit(ours.path, (content) => `${content}${content === '' || content.endsWith('\n') ? '' : '\n'}\n# Added by scaffolder init\n${missing.join('\n')}\n`);
  plan.note(`${ours.path} exists: kept it and added the entries the project needs: ${missing.join(', ')}`);
}
