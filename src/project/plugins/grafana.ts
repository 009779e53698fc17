// grafana/v1-alpha: Grafana dashboards on init and edit (steps: src/scaffold/plugins/grafana/).
import { noConfig, type Plugin } from './plugin.js';

export const grafanaPlugin: Plugin = {
  key: 'grafana.scaffolder.dev/v1-alpha',
  short: 'grafana/v1-alpha',
  description: 'init, edit: Grafana dashboards of the metrics the manager exports (grafana/), and of your own metrics (grafana/custom-metrics/config.yaml)',
  commands: { 'init': {}, 'edit': {} },
  parseConfig: noConfig('grafana'),
  replay: () => [['edit', '--plugins', 'grafana/v1-alpha']],
};
