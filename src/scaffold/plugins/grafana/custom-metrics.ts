// A project's own metrics on a dashboard: grafana/custom-metrics/config.yaml lists them (the user
// writes it; `edit --plugins grafana/v1-alpha` reads it) and custom-metrics-dashboard.json shows
// one panel each, with a query made from the metric's type unless the entry gives its own.
import { UsageError } from '../../../project/usage-error.js';
import { readYamlFile } from '../../../project/yaml-file.js';
import { dashboardJson } from './dashboards.js';

export const customMetricsConfigFile = 'grafana/custom-metrics/config.yaml';
export const customMetricsDashboardFile = 'grafana/custom-metrics/custom-metrics-dashboard.json';

export const customMetricsConfigTemplate = `---
# The metrics of this project to show in
# grafana/custom-metrics/custom-metrics-dashboard.json, which
# \`scaffolder edit --plugins grafana/v1-alpha\` writes from this file. Register
# them in the \`registry\` of the RuntimeMetrics given to Manager.create as
# \`metrics\`: the manager serves that registry at /metrics.
customMetrics:
#  - metric: # the metric's name as exported (required)
#    type:   # counter, gauge or histogram (required unless expr is given)
#    expr:   # the PromQL query (optional; made from metric and type when left out)
#    unit:   # Grafana's unit: s, bytes, percent, none, ... (optional; guessed from the name)
#
# Example:
#  - metric: memcached_deployment_size
#    type: gauge
#  - metric: memcached_reconcile_seconds
#    type: histogram
`;

export interface CustomMetric {
  metric: string;
  type?: 'counter' | 'gauge' | 'histogram';
  expr: string;
  unit: string;
}

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const selector = '{job="$job", namespace="$namespace"}';

function defaultExpr(metric: string, type: CustomMetric['type']): string {
  if (type === 'counter') return `sum(rate(${metric}${selector}[5m])) by (instance, pod)`;
  if (type === 'histogram') return `histogram_quantile(0.90, sum(rate(${metric}_bucket${selector}[5m])) by (instance, le))`;
  return `${metric}${selector}`;
}

function defaultUnit(metric: string): string {
  const name = metric.toLowerCase();
  if (name.includes('second') || name.includes('duration')) return 's';
  if (name.includes('byte')) return 'bytes';
  if (name.includes('ratio')) return 'percentunit';
  return 'none';
}

/** The entries of config.yaml; errors name the file, the line and the rule. */
export function parseCustomMetrics(text: string, file = customMetricsConfigFile): CustomMetric[] {
  const { value: raw, at } = readYamlFile(text, file);
  if (raw === null || raw === undefined) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`${file}: must be a mapping with customMetrics`);
  const items = (raw as Record<string, unknown>).customMetrics;
  if (items === null || items === undefined) return [];
  if (!Array.isArray(items)) throw new UsageError(`${at('customMetrics')}: customMetrics must be a list`);
  return items.map((item: unknown, i) => {
    const where = `${at('customMetrics', i)}: customMetrics[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new UsageError(`${where}: must be a mapping with metric and type`);
    const { metric, type, expr, unit } = item as Record<string, unknown>;
    if (typeof metric !== 'string' || !metricName.test(metric)) {
      throw new UsageError(`${where}: metric must be a Prometheus metric name ([a-zA-Z_:][a-zA-Z0-9_:]*), got ${JSON.stringify(metric)}`);
    }
    if (type !== undefined && type !== 'counter' && type !== 'gauge' && type !== 'histogram') {
      throw new UsageError(`${where}: type must be counter, gauge or histogram, got ${JSON.stringify(type)}`);
    }
    if (expr !== undefined && (typeof expr !== 'string' || expr.trim() === '')) throw new UsageError(`${where}: expr must be a PromQL query`);
    if (type === undefined && expr === undefined) throw new UsageError(`${where}: give type (counter, gauge or histogram) or expr`);
    if (unit !== undefined && typeof unit !== 'string') throw new UsageError(`${where}: unit must be a string such as s, bytes or none`);
    return {
      metric,
      type: type,
      expr: expr ?? defaultExpr(metric, type),
      unit: unit ?? defaultUnit(metric),
    };
  });
}

/** The dashboard of the custom metrics: one panel each, two to a row (an `_info` metric as a table of its labels). */
export function customMetricsDashboard(metrics: CustomMetric[]): string {
  const panels = metrics.map((m, i) => {
    const info = m.metric.endsWith('_info');
    return {
      datasource: { type: 'prometheus', uid: '${DS_PROMETHEUS}' },
      fieldConfig: { defaults: { color: { mode: 'palette-classic' }, unit: m.unit }, overrides: [] },
      gridPos: { h: 8, w: 12, x: (i % 2) * 12, y: Math.floor(i / 2) * 8 },
      id: i + 1,
      targets: [{ datasource: { type: 'prometheus', uid: '${DS_PROMETHEUS}' }, expr: m.expr, ...(info ? { format: 'table', instant: true } : {}), refId: 'A' }],
      title: m.type ? `${m.metric} (${m.type})` : m.metric,
      ...(info ? { transformations: [{ id: 'labelsToFields', options: { mode: 'rows' } }], type: 'table' } : { type: 'timeseries' }),
    };
  });
  return dashboardJson({ title: 'Custom Metrics', uid: 'scaffolder-custom-metrics', panels });
}
