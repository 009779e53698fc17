// grafana/v1-alpha on init and edit: the dashboards of the runtime's metrics (rewritten each run,
// they follow the runtime), the custom-metrics configuration (the user's once written) and, when
// that lists metrics, their dashboard. PROJECT records the plugin with no configuration.
import type { Plan } from '../../machinery/plan.js';
import { withPluginConfig, type ProjectConfig } from '../../../project/project-file.js';
import { grafanaPlugin } from '../../../project/plugins/grafana.js';
import type { PluginSteps } from '../step.js';
import { customMetricsConfigFile, customMetricsConfigTemplate, customMetricsDashboard, customMetricsDashboardFile, parseCustomMetrics } from './custom-metrics.js';
import { resourcesDashboard, runtimeDashboard } from './dashboards.js';

export function planGrafana(plan: Plan, cfg: ProjectConfig): ProjectConfig {
  plan.add({ path: 'grafana/controller-runtime-metrics.json', body: runtimeDashboard(), ifExists: 'overwrite' });
  plan.add({ path: 'grafana/controller-resources-metrics.json', body: resourcesDashboard(), ifExists: 'overwrite' });
  plan.add({ path: customMetricsConfigFile, body: customMetricsConfigTemplate, ifExists: 'skip' });
  const metrics = parseCustomMetrics(plan.read(customMetricsConfigFile) ?? '');
  if (metrics.length > 0) plan.add({ path: customMetricsDashboardFile, body: customMetricsDashboard(metrics), ifExists: 'overwrite' });
  return withPluginConfig(cfg, grafanaPlugin.key, {});
}

export const steps: PluginSteps = { 'init': planGrafana, 'edit': planGrafana };
