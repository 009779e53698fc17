// What the helm plugin changes outside dist/chart/: the Makefile's `helm` target, and .gitignore
// keeping the chart.
import type { Plan } from '../../machinery/plan.js';

const makeTarget = [
  '.PHONY: helm',
  'helm: manifests ## Write the Helm chart in dist/chart again from config/ (scaffolder\'s helm/v2-alpha plugin).',
  '\t$(SCAFFOLDER) edit --plugins helm/v2-alpha',
  '',
].join('\n');

/** The Makefile's `helm` target, before the Deployment targets (or at the end). */
export function addMakeTarget(plan: Plan): void {
  const makefile = plan.read('Makefile');
  if (makefile === undefined || /^helm:/m.test(makefile)) return;
  plan.edit('Makefile', (text) => {
    const at = text.indexOf('##@ Deployment');
    return at < 0 ? `${text.replace(/\n*$/, '\n\n')}${makeTarget}` : `${text.slice(0, at)}${makeTarget}\n${text.slice(at)}`;
  });
}

/**
 * dist/ is build output, but for the chart: git keeps dist/chart/. Projects ignore `dist/*` (with
 * exceptions such as dist/install.yaml); older ones ignore `dist/`, which no exception can undo.
 */
export function keepChartInGit(plan: Plan): void {
  const gitignore = plan.read('.gitignore');
  if (gitignore === undefined || /^!dist\/chart\/$/m.test(gitignore)) return;
  const keep = '# The Helm chart (scaffolder edit --plugins helm/v2-alpha) is kept.\n!dist/chart/';
  if (/^dist\/\*$/m.test(gitignore)) plan.edit('.gitignore', (text) => text.replace(/^dist\/\*$/m, `dist/*\n${keep}`));
  else if (/^dist\/$/m.test(gitignore)) plan.edit('.gitignore', (text) => text.replace(/^dist\/$/m, `dist/*\n${keep}`));
}
