// The Grafana dashboards grafana/v1-alpha writes, as Grafana's dashboard JSON model (importable in
// Grafana's UI with a Prometheus data source). They query the metrics kubescaffolder/runtime exports
// (src/runtime/metrics/runtime-metrics.ts: controller-runtime's names and labels, and prom-client's
// process_* and nodejs_* metrics); test/scaffold/grafana.test.ts checks each name against the runtime.
// Every metric is written with a label selector (`name{...}`), which is how that test finds them.

/** The labels Prometheus adds when it scrapes the manager's metrics Service (config/prometheus). */
export const scrapeLabels = ['job', 'namespace', 'pod', 'instance', 'container', 'service', 'endpoint'] as const;

const selector = '{job="$job", namespace="$namespace"}';
const podSelector = '{job="$job", namespace="$namespace", pod=~"$pod"}';

interface GridPos { h: number; w: number; x: number; y: number }
interface Target { expr: string; legendFormat: string }

export interface Dashboard {
  title: string;
  uid: string;
  panels: object[];
}

function datasource(): object {
  return { type: 'prometheus', uid: '${DS_PROMETHEUS}' };
}

function targets(list: Target[]): object[] {
  return list.map((t, i) => ({ datasource: datasource(), expr: t.expr, legendFormat: t.legendFormat, range: true, refId: String.fromCharCode(65 + i) }));
}

let nextId = 1;

function row(title: string, y: number): object {
  return { collapsed: false, gridPos: { h: 1, w: 24, x: 0, y }, id: nextId++, panels: [], title, type: 'row' };
}

function timeseries(title: string, description: string, gridPos: GridPos, unit: string, list: Target[]): object {
  return {
    datasource: datasource(),
    description,
    fieldConfig: {
      defaults: {
        color: { mode: 'palette-classic' },
        custom: { drawStyle: 'line', fillOpacity: 10, lineInterpolation: 'smooth', lineWidth: 2, showPoints: 'never', spanNulls: false },
        unit,
      },
      overrides: [],
    },
    gridPos,
    id: nextId++,
    options: { legend: { displayMode: 'list', placement: 'bottom', showLegend: true }, tooltip: { mode: 'multi', sort: 'desc' } },
    targets: targets(list),
    title,
    type: 'timeseries',
  };
}

function gauge(title: string, description: string, gridPos: GridPos, unit: string, list: Target[]): object {
  return {
    datasource: datasource(),
    description,
    fieldConfig: {
      defaults: {
        color: { mode: 'thresholds' },
        thresholds: { mode: 'absolute', steps: [{ color: 'green', value: null }, { color: 'red', value: 80 }] },
        unit,
      },
      overrides: [],
    },
    gridPos,
    id: nextId++,
    options: { reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false }, showThresholdLabels: false, showThresholdMarkers: true },
    targets: targets(list),
    title,
    type: 'gauge',
  };
}

/** P50, P90 and P99 of a histogram, per `by` labels. */
function quantiles(histogram: string, by: string, legend: string): Target[] {
  return [0.5, 0.9, 0.99].map((q) => ({
    expr: `histogram_quantile(${q.toFixed(2)}, sum(rate(${histogram}_bucket${selector}[5m])) by (${by}, le))`,
    legendFormat: `P${Math.round(q * 100)} ${legend}`,
  }));
}

function variable(name: string, label: string, query: string, options: { all?: boolean; hide?: number } = {}): object {
  return {
    datasource: datasource(),
    definition: query,
    hide: options.hide ?? 0,
    includeAll: options.all === true,
    label,
    multi: options.all === true,
    name,
    options: [],
    query: { query, refId: 'PrometheusVariableQueryEditor-VariableQuery' },
    refresh: 2,
    regex: '',
    sort: 1,
    type: 'query',
  };
}

/** The dashboard JSON: panels plus the job, namespace and pod variables every dashboard selects by. */
export function dashboardJson(d: Dashboard): string {
  const model = {
    __inputs: [{ name: 'DS_PROMETHEUS', label: 'Prometheus', description: 'The Prometheus that scrapes the manager', type: 'datasource', pluginId: 'prometheus', pluginName: 'Prometheus' }],
    __requires: [{ type: 'datasource', id: 'prometheus', name: 'Prometheus', version: '1.0.0' }],
    annotations: { list: [{ builtIn: 1, datasource: { type: 'grafana', uid: '-- Grafana --' }, enable: true, hide: true, iconColor: 'rgba(0, 211, 255, 1)', name: 'Annotations & Alerts', type: 'dashboard' }] },
    editable: true,
    graphTooltip: 1,
    links: [],
    panels: d.panels,
    refresh: '30s',
    schemaVersion: 39,
    tags: ['scaffolder', 'controller-runtime'],
    templating: {
      list: [
        variable('namespace', 'Namespace', 'label_values(controller_runtime_reconcile_total{job!=""}, namespace)'),
        variable('job', 'Job', 'label_values(controller_runtime_reconcile_total{namespace="$namespace"}, job)'),
        variable('pod', 'Pod', 'label_values(controller_runtime_reconcile_total{namespace="$namespace", job="$job"}, pod)', { all: true }),
      ],
    },
    time: { from: 'now-1h', to: 'now' },
    timepicker: {},
    timezone: '',
    title: d.title,
    uid: d.uid,
    version: 1,
  };
  return `${JSON.stringify(model, null, 2)}\n`;
}

/** grafana/controller-runtime-metrics.json: reconciles and work queues, per controller. */
export function runtimeDashboard(): string {
  nextId = 1;
  return dashboardJson({
    title: 'Controller Runtime Metrics',
    uid: 'scaffolder-controller-runtime',
    panels: [
      row('Reconciliation', 0),
      gauge('Workers in use', 'Reconciles running now, per controller (controller_runtime_active_workers)', { h: 8, w: 4, x: 0, y: 1 }, 'none', [
        { expr: `sum(controller_runtime_active_workers${podSelector}) by (controller)`, legendFormat: '{{controller}}' },
      ]),
      timeseries('Reconciles per second', 'Finished reconciles per controller and result', { h: 8, w: 10, x: 4, y: 1 }, 'ops', [
        { expr: `sum(rate(controller_runtime_reconcile_total${selector}[5m])) by (controller, result)`, legendFormat: '{{controller}} {{result}}' },
      ]),
      timeseries('Reconcile errors per second', 'Reconciles that threw, per controller', { h: 8, w: 10, x: 14, y: 1 }, 'ops', [
        { expr: `sum(rate(controller_runtime_reconcile_errors_total${selector}[5m])) by (controller)`, legendFormat: '{{controller}}' },
      ]),
      timeseries('Reconcile duration (P50, P90, P99)', 'How long a reconcile takes, per controller', { h: 8, w: 24, x: 0, y: 9 }, 's',
        quantiles('controller_runtime_reconcile_time_seconds', 'controller', '{{controller}}')),
      row('Work queues', 17),
      gauge('Queue depth', 'Keys waiting in each work queue (workqueue_depth)', { h: 8, w: 4, x: 0, y: 18 }, 'none', [
        { expr: `sum(workqueue_depth${podSelector}) by (name)`, legendFormat: '{{name}}' },
      ]),
      timeseries('Time in queue before being processed (P50, P90, P99)', 'How long a key waits in the queue', { h: 8, w: 10, x: 4, y: 18 }, 's',
        quantiles('workqueue_queue_duration_seconds', 'name', '{{name}}')),
      timeseries('Adds per second', 'Keys added to each work queue', { h: 8, w: 10, x: 14, y: 18 }, 'ops', [
        { expr: `sum(rate(workqueue_adds_total${selector}[5m])) by (name)`, legendFormat: '{{name}}' },
      ]),
      gauge('Unfinished work', 'Seconds of work in progress not yet observed by the work duration; large values mean stuck workers', { h: 8, w: 4, x: 0, y: 26 }, 's', [
        { expr: `sum(workqueue_unfinished_work_seconds${podSelector}) by (name)`, legendFormat: '{{name}}' },
      ]),
      timeseries('Processing time (P50, P90, P99)', 'How long processing a key from the queue takes', { h: 8, w: 10, x: 4, y: 26 }, 's',
        quantiles('workqueue_work_duration_seconds', 'name', '{{name}}')),
      timeseries('Retries per second', 'Keys added back with rate limiting (after an error or a requeue)', { h: 8, w: 10, x: 14, y: 26 }, 'ops', [
        { expr: `sum(rate(workqueue_retries_total${selector}[5m])) by (name)`, legendFormat: '{{name}}' },
      ]),
      timeseries('Longest running processor', 'Seconds the longest running reconcile of each queue has been running', { h: 8, w: 24, x: 0, y: 34 }, 's', [
        { expr: `max(workqueue_longest_running_processor_seconds${podSelector}) by (name)`, legendFormat: '{{name}}' },
      ]),
    ],
  });
}

/** grafana/controller-resources-metrics.json: CPU and memory of the manager's Node.js process. */
export function resourcesDashboard(): string {
  nextId = 1;
  return dashboardJson({
    title: 'Controller Resources Metrics',
    uid: 'scaffolder-controller-resources',
    panels: [
      timeseries('CPU usage', 'CPU time used per second by the manager process (100% = one core)', { h: 8, w: 12, x: 0, y: 0 }, 'percent', [
        { expr: `rate(process_cpu_seconds_total${podSelector}[5m]) * 100`, legendFormat: 'Pod: {{pod}} | Container: {{container}}' },
      ]),
      timeseries('Memory usage', 'Resident memory of the manager process', { h: 8, w: 12, x: 12, y: 0 }, 'bytes', [
        { expr: `process_resident_memory_bytes${podSelector}`, legendFormat: 'Pod: {{pod}} | Container: {{container}}' },
      ]),
      timeseries('JavaScript heap', 'V8 heap used and allocated', { h: 8, w: 12, x: 0, y: 8 }, 'bytes', [
        { expr: `nodejs_heap_size_used_bytes${podSelector}`, legendFormat: 'used {{pod}}' },
        { expr: `nodejs_heap_size_total_bytes${podSelector}`, legendFormat: 'total {{pod}}' },
      ]),
      timeseries('Event loop lag (P99)', 'How late the event loop runs callbacks: high values delay every reconcile and watch', { h: 8, w: 12, x: 12, y: 8 }, 's', [
        { expr: `nodejs_eventloop_lag_p99_seconds${podSelector}`, legendFormat: '{{pod}}' },
      ]),
    ],
  });
}
