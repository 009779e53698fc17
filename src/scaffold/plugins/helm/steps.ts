// helm/v2-alpha on init and edit: a Helm chart in dist/chart/ made from what config/default deploys,
// as kubebuilder's helm/v2-alpha makes it from dist/install.yaml. Ownership, as kubebuilder's:
//   - the templates made from config/ (templates/<part>/...) are the plugin's: written again each run;
//   - Chart.yaml, values.yaml, templates/_helpers.tpl and .helmignore are the user's once written:
//     written again only with --force, and values.yaml then keeps every value the user set (values.ts);
//   - any other file under dist/chart/ (a template of the user's own) is never touched.
// `make helm` (the target this plugin adds to the Makefile) runs `manifests` and this step again.
import type { Plan } from '../../machinery/plan.js';
import { uncommentBlock } from '../../machinery/inserter.js';
import { helmPlugin } from '../../../project/plugins/helm.js';
import { withPluginConfig, type ProjectConfig } from '../../../project/project-file.js';
import type { PluginInput, PluginSteps } from '../step.js';
import { chartDir, chartFiles } from './chart-files.js';
import { chartTemplates, isManager, toggleDefaults } from './chart-templates.js';
import { kustomizeDefault } from './kustomize-build.js';
import { managerContainer, managerDefaults, metricsPort } from './manager-template.js';
import { mergeValues, valuesText } from './values.js';
import { addMakeTarget, keepChartInGit } from './project-edits.js';

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

/** values.yaml: the user's once written; with --force, config/'s new defaults with every value the user set kept. */
function planValues(plan: Plan, generated: string, force: boolean): void {
  const valuesFile = `${chartDir}/values.yaml`;
  const current = plan.read(valuesFile);
  if (current === undefined) plan.add({ path: valuesFile, body: generated, ifExists: 'overwrite' });
  else if (force) plan.add({ path: valuesFile, body: mergeValues(generated, current, valuesFile), ifExists: 'overwrite' });
  else if (current !== generated) plan.note(`${valuesFile} is yours and was kept: pass --force to take config/'s new defaults (the values it sets are kept)`);
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
  for (const file of chartFiles(cfg, all, force)) plan.addFile(file);
  const generated = valuesText({
    manager: deployment ? managerDefaults(deployment) : {},
    toggles: toggleDefaults(defaults),
    metricsPort: port ?? defaultMetricsPort,
  });
  planValues(plan, generated, force);
  addMakeTarget(plan);
  keepChartInGit(plan);
  return withPluginConfig(cfg, helmPlugin.key, {});
}

export const steps: PluginSteps = { 'init': planHelm, 'edit': planHelm };
