// grafana/v1-alpha's dashboards query the metrics kubescaffolder/runtime exports: every metric name
// (and every label a query groups by or a legend shows) must be in a scrape of the runtime's
// registry, or the panels stay empty in Grafana.
import { describe, expect, it } from 'vitest';
import { RuntimeMetrics } from '../../src/runtime/metrics/index.js';
import { UsageError } from '../../src/project/usage-error.js';
import { customMetricsConfigTemplate, customMetricsDashboard, parseCustomMetrics } from '../../src/scaffold/plugins/grafana/custom-metrics.js';
import { resourcesDashboard, runtimeDashboard, scrapeLabels } from '../../src/scaffold/plugins/grafana/dashboards.js';
import { parsePrometheusText, type Sample } from '../runtime/metrics/prometheus-text.js';

interface Query { panel: string; expr: string; legend: string }

interface DashboardModel {
  panels: Array<{ title: string; type: string; targets?: Array<{ expr: string; legendFormat?: string }> }>;
  templating: { list: Array<{ name: string; query: { query: string } }> };
}

function queries(json: string): Query[] {
  const model = JSON.parse(json) as DashboardModel;
  return [
    ...model.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr, legend: t.legendFormat ?? '' }))),
    ...model.templating.list.map((v) => ({ panel: `variable ${v.name}`, expr: v.query.query, legend: '' })),
  ];
}

/** The metric names of a query: every name is written with a label selector. */
function metricsOf(expr: string): string[] {
  return [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)].map((m) => m[1]);
}

/** The labels a query groups by and its legend shows. */
function labelsOf(q: Query): string[] {
  const by = [...q.expr.matchAll(/\bby\s*\(([^)]*)\)/g)].flatMap((m) => m[1].split(',').map((l) => l.trim()));
  const legend = [...q.legend.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
  return [...by, ...legend];
}

async function scrapeRuntime(): Promise<Sample[]> {
  const metrics = new RuntimeMetrics();
  // A controller that has reconciled and a queue that has worked, as in a running manager.
  const controller = metrics.controller('memcached');
  controller.setMaxConcurrentReconciles(1);
  controller.workerStarted();
  controller.reconcileFinished('success', 0.01);
  const queue = metrics.workqueue('memcached');
  queue.add('default/a');
  queue.get('default/a');
  queue.done('default/a');
  queue.add('default/b');
  queue.get('default/b');
  return parsePrometheusText(await metrics.registry.metrics());
}

describe.each([
  ['grafana/controller-runtime-metrics.json', runtimeDashboard],
  ['grafana/controller-resources-metrics.json', resourcesDashboard],
])('%s', (_file, dashboard) => {
  it('queries only metrics the runtime exports, by labels they have', async () => {
    const samples = await scrapeRuntime();
    const exported = new Set(samples.map((s) => s.name));
    const list = queries(dashboard());
    expect(list.length).toBeGreaterThan(0);
    for (const q of list) {
      const names = metricsOf(q.expr);
      expect(names.length, `${q.panel}: ${q.expr} names no metric`).toBeGreaterThan(0);
      for (const name of names) expect(exported.has(name), `${q.panel}: ${name} is not exported by the runtime`).toBe(true);
      const labels = new Set(samples.filter((s) => names.includes(s.name)).flatMap((s) => Object.keys(s.labels)));
      for (const label of labelsOf(q)) {
        const known = labels.has(label) || (scrapeLabels as readonly string[]).includes(label);
        expect(known, `${q.panel}: label "${label}" is on none of ${names.join(', ')} (nor added by Prometheus)`).toBe(true);
      }
    }
  });

  it('is a Grafana dashboard with a Prometheus input, unique panel ids and the job, namespace and pod variables', () => {
    const model = JSON.parse(dashboard()) as { __inputs: Array<{ name: string; pluginId: string }>; panels: Array<{ id: number }>; templating: { list: Array<{ name: string }> } };
    expect(model.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', pluginId: 'prometheus' })]);
    const ids = model.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(model.templating.list.map((v) => v.name)).toEqual(['namespace', 'job', 'pod']);
  });
});

describe('grafana/custom-metrics/config.yaml', () => {
  it('lists no metric as scaffolded', () => {
    expect(parseCustomMetrics(customMetricsConfigTemplate)).toEqual([]);
  });

  it('makes a query from the type when none is given, and guesses the unit from the name', () => {
    const metrics = parseCustomMetrics([
      'customMetrics:',
      '  - metric: memcached_resizes_total',
      '    type: counter',
      '  - metric: memcached_reconcile_seconds',
      '    type: histogram',
      '  - metric: memcached_cache_bytes',
      '    type: gauge',
      '  - metric: memcached_build_info',
      '    expr: memcached_build_info{job="$job"}',
      '',
    ].join('\n'));
    expect(metrics).toEqual([
      { metric: 'memcached_resizes_total', type: 'counter', expr: 'sum(rate(memcached_resizes_total{job="$job", namespace="$namespace"}[5m])) by (instance, pod)', unit: 'none' },
      { metric: 'memcached_reconcile_seconds', type: 'histogram', expr: 'histogram_quantile(0.90, sum(rate(memcached_reconcile_seconds_bucket{job="$job", namespace="$namespace"}[5m])) by (instance, le))', unit: 's' },
      { metric: 'memcached_cache_bytes', type: 'gauge', expr: 'memcached_cache_bytes{job="$job", namespace="$namespace"}', unit: 'bytes' },
      { metric: 'memcached_build_info', type: undefined, expr: 'memcached_build_info{job="$job"}', unit: 'none' },
    ]);
    const model = JSON.parse(customMetricsDashboard(metrics)) as { panels: Array<{ title: string; type: string; targets: Array<{ expr: string }> }> };
    expect(model.panels.map((p) => `${p.type}:${p.title}`)).toEqual([
      'timeseries:memcached_resizes_total (counter)', 'timeseries:memcached_reconcile_seconds (histogram)',
      'timeseries:memcached_cache_bytes (gauge)', 'table:memcached_build_info',
    ]);
    expect(model.panels.map((p) => p.targets[0].expr)).toEqual(metrics.map((m) => m.expr));
  });

  it.each([
    ['customMetrics:\n  - metric: foo-bar\n    type: gauge\n', 'config.yaml:2: customMetrics[0]: metric must be a Prometheus metric name'],
    ['customMetrics:\n  - metric: ok_total\n    type: counter\n  - metric: foo\n    type: summary\n', 'config.yaml:4: customMetrics[1]: type must be counter, gauge or histogram, got "summary"'],
    ['customMetrics:\n  - metric: foo\n', 'config.yaml:2: customMetrics[0]: give type (counter, gauge or histogram) or expr'],
    ['customMetrics: foo\n', 'config.yaml:1: customMetrics must be a list'],
    ['customMetrics:\n  - metric: [\n', 'config.yaml:3: not valid YAML'],
  ])('refuses %j naming the line', (text, message) => {
    expect(() => parseCustomMetrics(text, 'config.yaml')).toThrow(UsageError);
    expect(() => parseCustomMetrics(text, 'config.yaml')).toThrow(message);
  });
});
