// helm/v2-alpha: a Helm chart of what config/default deploys, on init and edit (steps: src/scaffold/plugins/helm/).
import { noConfig, type Plugin } from './plugin.js';

export const helmPlugin: Plugin = {
  key: 'helm.scaffolder.dev/v2-alpha',
  short: 'helm/v2-alpha',
  description: 'init, edit: a Helm chart in dist/chart/ made from what config/default deploys (kubectl kustomize), with values for the image, replicas, resources, security contexts, args, env and toggles for metrics, webhooks, cert-manager, Prometheus, network policies, CRDs and RBAC helpers; `make helm` writes it again',
  commands: {
    'init': {},
    'edit': { flags: { force: { type: 'boolean', describe: 'helm: write the chart files that are yours once written (Chart.yaml, values.yaml keeping the values it sets, templates/_helpers.tpl, .helmignore) again' } } },
  },
  parseConfig: noConfig('helm'),
  // The chart is made from the generated manifests: they come first (alpha generate runs plugin edits last).
  replay: () => [['manifests'], ['edit', '--plugins', 'helm/v2-alpha']],
};
