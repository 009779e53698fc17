import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { LATENCY_BUCKETS, RECONCILE_TIME_BUCKETS, REST_CLIENT_LATENCY_BUCKETS } from './buckets.js';
import { ControllerMetrics, type ControllerMetricVecs } from './controller-metrics.js';
import { WorkqueueMetrics, type WorkqueueMetricVecs } from './workqueue-metrics.js';
import { SeriesCounter, SeriesGauge, SeriesHistogram } from './series.js';
import { WebhookMetrics, type WebhookMetricVecs } from './webhook-metrics.js';

export interface RuntimeMetricsOptions {
  /** The registry to register into; a new one by default. */
  registry?: Registry;
  /** Also export prom-client's process and Node.js metrics (process_*, nodejs_*). Default true. */
  processMetrics?: boolean;
}

/**
 * The metrics of one manager: controller-runtime's metric names, labels and buckets, in a
 * prom-client registry. Add your own metrics to `registry`; the metrics server serves all of it.
 */
export class RuntimeMetrics {
  readonly registry: Registry;
  readonly #controller: ControllerMetricVecs;
  readonly #workqueue: WorkqueueMetricVecs;
  readonly #webhook: WebhookMetricVecs;
  readonly #leader: Gauge<'name'>;
  readonly #webhookPanics: Counter;
  readonly #conversionWebhookPanics: Counter;
  readonly #certReads: Counter;
  readonly #certReadErrors: Counter;
  readonly #restRequests: Counter<'code' | 'method' | 'host'>;
  readonly #restLatency: Histogram<'verb' | 'host'>;
  readonly #controllers = new Map<string, ControllerMetrics>();
  readonly #queues = new Map<string, WorkqueueMetrics>();
  readonly #webhooks = new Map<string, WebhookMetrics>();

  constructor(options: RuntimeMetricsOptions = {}) {
    const registry = options.registry ?? new Registry();
    this.registry = registry;
    const registers = [registry];
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });

    this.#controller = {
      reconcileTotal: new SeriesCounter({
        name: 'controller_runtime_reconcile_total',
        help: 'Total number of reconciliations per controller',
        labelNames: ['controller', 'result'],
        registers,
      }),
      reconcileErrors: new SeriesCounter({
        name: 'controller_runtime_reconcile_errors_total',
        help: 'Total number of reconciliation errors per controller',
        labelNames: ['controller'],
        registers,
      }),
      terminalReconcileErrors: new SeriesCounter({
        name: 'controller_runtime_terminal_reconcile_errors_total',
        help: 'Total number of terminal reconciliation errors per controller',
        labelNames: ['controller'],
        registers,
      }),
      reconcilePanics: new SeriesCounter({
        name: 'controller_runtime_reconcile_panics_total',
        help: 'Total number of reconciliation panics per controller',
        labelNames: ['controller'],
        registers,
      }),
      reconcileTimeouts: new SeriesCounter({
        name: 'controller_runtime_reconcile_timeouts_total',
        help: 'Total number of reconciliation timeouts per controller',
        labelNames: ['controller'],
        registers,
      }),
      reconcileTime: new SeriesHistogram({
        name: 'controller_runtime_reconcile_time_seconds',
        help: 'Length of time per reconciliation per controller',
        labelNames: ['controller'],
        buckets: RECONCILE_TIME_BUCKETS,
        registers,
      }),
      maxConcurrentReconciles: new Gauge({
        name: 'controller_runtime_max_concurrent_reconciles',
        help: 'Maximum number of concurrent reconciles per controller',
        labelNames: ['controller'],
        registers,
      }),
      activeWorkers: new SeriesGauge({
        name: 'controller_runtime_active_workers',
        help: 'Number of currently used workers per controller',
        labelNames: ['controller'],
        registers,
      }),
    };

    const queues = this.#queues;
    const queueLabels = ['name', 'controller'] as const;
    this.#workqueue = {
      depth: new SeriesGauge({
        name: 'workqueue_depth',
        help: 'Current depth of workqueue by workqueue and priority',
        labelNames: [...queueLabels, 'priority'],
        registers,
      }),
      adds: new SeriesCounter({
        name: 'workqueue_adds_total',
        help: 'Total number of adds handled by workqueue',
        labelNames: queueLabels,
        registers,
      }),
      queueDuration: new SeriesHistogram({
        name: 'workqueue_queue_duration_seconds',
        help: 'How long in seconds an item stays in workqueue before being requested',
        labelNames: queueLabels,
        buckets: LATENCY_BUCKETS,
        registers,
      }),
      workDuration: new SeriesHistogram({
        name: 'workqueue_work_duration_seconds',
        help: 'How long in seconds processing an item from workqueue takes.',
        labelNames: queueLabels,
        buckets: LATENCY_BUCKETS,
        registers,
      }),
      retries: new SeriesCounter({
        name: 'workqueue_retries_total',
        help: 'Total number of retries handled by workqueue',
        labelNames: queueLabels,
        registers,
      }),
    };
    // Computed at scrape time from the items being processed, instead of on a timer.
    new Gauge({
      name: 'workqueue_unfinished_work_seconds',
      help:
        'How many seconds of work has been done that is in progress and has not been observed by work_duration. ' +
        'Large values indicate stuck workers.',
      labelNames: queueLabels,
      registers,
      collect() {
        for (const queue of queues.values()) {
          const { totalSeconds, labels } = queue.unfinishedWork();
          this.set(labels, totalSeconds);
        }
      },
    });
    new Gauge({
      name: 'workqueue_longest_running_processor_seconds',
      help: 'How many seconds has the longest running processor for workqueue been running.',
      labelNames: queueLabels,
      registers,
      collect() {
        for (const queue of queues.values()) {
          const { longestSeconds, labels } = queue.unfinishedWork();
          this.set(labels, longestSeconds);
        }
      },
    });

    this.#leader = new Gauge({
      name: 'leader_election_master_status',
      help: 'Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master.',
      labelNames: ['name'],
      registers,
    });

    this.#restRequests = new Counter({
      name: 'rest_client_requests_total',
      help: 'Number of HTTP requests, partitioned by status code, method, and host.',
      labelNames: ['code', 'method', 'host'],
      registers,
    });
    this.#restLatency = new Histogram({
      name: 'rest_client_request_duration_seconds',
      help: 'Request latency in seconds. Broken down by verb and host.',
      labelNames: ['verb', 'host'],
      buckets: [...REST_CLIENT_LATENCY_BUCKETS],
      registers,
    });

    this.#webhook = {
      latency: new Histogram({
        name: 'controller_runtime_webhook_latency_seconds',
        help: 'Histogram of the latency of processing admission requests',
        labelNames: ['webhook'],
        buckets: [...LATENCY_BUCKETS],
        registers,
      }),
      requests: new Counter({
        name: 'controller_runtime_webhook_requests_total',
        help: 'Total number of admission requests by HTTP status code.',
        labelNames: ['webhook', 'code'],
        registers,
      }),
      inFlight: new Gauge({
        name: 'controller_runtime_webhook_requests_in_flight',
        help: 'Current number of admission requests being served.',
        labelNames: ['webhook'],
        registers,
      }),
    };
    // Unlabelled counters start at 0 in prom-client, as controller-runtime initialises them.
    this.#webhookPanics = new Counter({ name: 'controller_runtime_webhook_panics_total', help: 'Total number of webhook panics', registers });
    this.#certReads = new Counter({ name: 'certwatcher_read_certificate_total', help: 'Total number of certificate reads', registers });
    this.#certReadErrors = new Counter({
      name: 'certwatcher_read_certificate_errors_total',
      help: 'Total number of certificate read errors',
      registers,
    });
    this.#conversionWebhookPanics = new Counter({
      name: 'controller_runtime_conversion_webhook_panics_total',
      help: 'Total number of conversion webhook panics',
      registers,
    });
  }

  /** An admission webhook's handler threw an error the engine raises for bugs (a recovered panic). */
  webhookPanicked(): void {
    this.#webhookPanics.inc();
  }

  /** A conversion function threw an error the engine raises for bugs (a recovered panic). */
  conversionWebhookPanicked(): void {
    this.#conversionWebhookPanics.inc();
  }

  /** A serving certificate was read (webhook or metrics server); `ok` false when that failed. */
  certificateRead(ok: boolean): void {
    this.#certReads.inc();
    if (!ok) this.#certReadErrors.inc();
  }

  /** The metrics of the controller with this name (one object per name). */
  controller(name: string): ControllerMetrics {
    let metrics = this.#controllers.get(name);
    if (!metrics) {
      metrics = new ControllerMetrics(this.#controller, name);
      this.#controllers.set(name, metrics);
    }
    return metrics;
  }

  /** The metrics of the work queue with this name (controller-runtime names a controller's queue after it). */
  workqueue(name: string): WorkqueueMetrics {
    let metrics = this.#queues.get(name);
    if (!metrics) {
      metrics = new WorkqueueMetrics(this.#workqueue, name);
      this.#queues.set(name, metrics);
    }
    return metrics;
  }

  /** The metrics of the webhook served at this path. */
  webhook(path: string): WebhookMetrics {
    let metrics = this.#webhooks.get(path);
    if (!metrics) {
      metrics = new WebhookMetrics(this.#webhook, path);
      this.#webhooks.set(path, metrics);
    }
    return metrics;
  }

  /** Sets leader_election_master_status{name} to 1 while leading, 0 otherwise. */
  setLeader(leaseName: string, leading: boolean): void {
    this.#leader.set({ name: leaseName }, leading ? 1 : 0);
  }

  /**
   * Records one request to the API server, as client-go's metrics adapter does: `code` is the HTTP
   * status (or `<error>` when there was no answer), `host` the server's host:port.
   */
  restRequestFinished(method: string, host: string, code: number | '<error>', durationSeconds: number): void {
    const verb = method.toUpperCase();
    this.#restRequests.inc({ code: String(code), method: verb, host });
    this.#restLatency.observe({ verb, host }, durationSeconds);
  }

  /** Prometheus text exposition of every registered metric. */
  async text(): Promise<string> {
    return this.registry.metrics();
  }
}
