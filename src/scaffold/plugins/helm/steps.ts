// helm/v2-alpha on init and edit: a Helm chart in dist/chart/ made from what config/default deploys,
// as kubebuilder's helm/v2-alpha makes it from dist/install.yaml. Ownership, as kubebuilder's:
//   - the templates made from config/ (templates/<part>/...) are the plugin's: written again each run;
//   - Chart.yaml, values.yaml, templates/_helpers.tpl and .helmignore are the user's once written:
//     written again only with --force, and values.yaml then keeps every value the user set (values.ts);
//   - any other file under dist/chart/ (a template of the user's own) is never touched.
// `make helm` (the target this plugin adds to the Makefile) runs `manifests` and this step again.
import type { Plan } from '../../machinery/plan.js';
import { uncommentBlock } from '../../machinery/inserter.js';
import { render } from '../../machinery/render.js';
import { helmPlugin } from '../../../project/plugins/helm.js';
import { withPluginConfig, type ProjectConfig } from '../../../project/project-file.js';
import type { PluginInput, PluginSteps } from '../step.js';
import { chartTemplates, isManager, toggleDefaults } from './chart-templates.js';
import { kustomizeDefault } from './kustomize-build.js';
import { managerContainer, managerDefaults, metricsPort } from './manager-template.js';
import { mergeValues, valuesText } from './values.js';

export const chartDir = 'dist/chart';
const defaultMetricsPort = 8443;

/** The optional sections of config/default that add objects a toggle can switch on. */
function switchOnOptionalParts(files: Map<string, string>): void {
  const file = 'config/default/kustomization.yaml';
  let text = files.get(file)!;
  for (const part of ['prometheus', 'network-policy']) {
    if (files.has(`config/${part}/kustomization.yaml`)) text = uncommentBlock(text, `- ../${part}`);
  }
  files.set(file, text);
}

const makeTarget = [
  '.PHONY: helm',
  'helm: manifests ## Write the Helm chart in dist/chart again from config/ (scaffolder\'s helm/v2-alpha plugin).',
  '\t$(SCAFFOLDER) edit --plugins helm/v2-alpha',
  '',
].join('\n');

/** The Makefile's `helm` target, before the Deployment targets (or at the end). */
function addMakeTarget(plan: Plan): void {
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
function keepChartInGit(plan: Plan): void {
  const gitignore = plan.read('.gitignore');
  if (gitignore === undefined || /^!dist\/chart\/$/m.test(gitignore)) return;
  const keep = '# The Helm chart (scaffolder edit --plugins helm/v2-alpha) is kept.\n!dist/chart/';
  if (/^dist\/\*$/m.test(gitignore)) plan.edit('.gitignore', (text) => text.replace(/^dist\/\*$/m, `dist/*\n${keep}`));
  else if (/^dist\/$/m.test(gitignore)) plan.edit('.gitignore', (text) => text.replace(/^dist\/$/m, `dist/*\n${keep}`));
}

export function planHelm(plan: Plan, cfg: ProjectConfig, input: PluginInput): ProjectConfig {
  const force = input.args.force === true;
  const defaults = kustomizeDefault(plan);
  const all = kustomizeDefault(plan, switchOnOptionalParts);
  const deployment = defaults.find(isManager);
  const port = deployment ? metricsPort((managerContainer(deployment).args ?? []) as string[]) : undefined;
  for (const t of chartTemplates({ defaults, all }, cfg.projectName, port)) {
    plan.add({ path: `${chartDir}/${t.path}`, body: t.body, ifExists: 'overwrite' });
  }

  const userOwned = force ? 'overwrite' : 'skip';
  const data = {
    projectName: cfg.projectName,
    webhookService: all.find((o) => o.kind === 'Service' && o.metadata.name.endsWith('-webhook-service'))?.metadata.name ?? `${cfg.projectName}-webhook-service`,
  };
  plan.add({ path: `${chartDir}/Chart.yaml`, body: render('helm/Chart.yaml', data), ifExists: userOwned });
  plan.add({ path: `${chartDir}/.helmignore`, body: render('helm/helmignore', data), ifExists: userOwned });
  plan.add({ path: `${chartDir}/templates/_helpers.tpl`, body: render('helm/_helpers.tpl', data), ifExists: userOwned });

  const valuesFile = `${chartDir}/values.yaml`;
  const generated = valuesText({
    manager: deployment ? managerDefaults(deployment) : {},
    toggles: toggleDefaults(defaults),
    metricsPort: port ?? defaultMetricsPort,
  });
  const current = plan.read(valuesFile);
  if (current === undefined) plan.add({ path: valuesFile, body: generated, ifExists: 'overwrite' });
  else if (force) plan.add({ path: valuesFile, body: mergeValues(generated, current, valuesFile), ifExists: 'overwrite' });
  else if (current !== generated) plan.note(`${valuesFile} is yours and was kept: pass --force to take config/'s new defaults (the values it sets are kept)`);

  plan.add({ path: '.github/workflows/test-chart.yml', body: render('helm/test-chart.yml', data), ifExists: 'skip' });
  addMakeTarget(plan);
  keepChartInGit(plan);
  return withPluginConfig(cfg, helmPlugin.key, {});
}

export const steps: PluginSteps = { 'init': planHelm, 'edit': planHelm };
