// The chart's files from templates/helm/: Chart.yaml, .helmignore and templates/_helpers.tpl (the
// user's once written: written again only with --force), and the CI workflow that tests the chart.
import type { ProjectConfig } from '../../../project/project-file.js';
import type { AnyScaffoldFile } from '../../machinery/template.js';
import type { KubeObject } from './kustomize-build.js';

export const chartDir = 'dist/chart';

/** `all`: the objects of config/default with its optional sections on (the webhook service among them). */
export function chartFiles(cfg: ProjectConfig, all: KubeObject[], force: boolean): AnyScaffoldFile[] {
  const userOwned = force ? 'overwrite' : 'skip';
  const data = {
    projectName: cfg.projectName,
    webhookService: all.find((o) => o.kind === 'Service' && o.metadata.name.endsWith('-webhook-service'))?.metadata.name ?? `${cfg.projectName}-webhook-service`,
  };
  return [
    { path: `${chartDir}/Chart.yaml`, template: 'helm/Chart.yaml', data, ifExists: userOwned },
    { path: `${chartDir}/.helmignore`, template: 'helm/helmignore', data, ifExists: userOwned },
    { path: `${chartDir}/templates/_helpers.tpl`, template: 'helm/_helpers.tpl', data, ifExists: userOwned },
    { path: '.github/workflows/test-chart.yml', template: 'helm/test-chart.yml', data, ifExists: 'skip' },
  ];
}
