/**
 * Metrics of the runtime: controller-runtime's metric names in a prom-client registry, and the
 * HTTP server that exposes them at /metrics.
 *
 * The work queue and the controllers record into them:
 * ```ts
 * const metrics = new RuntimeMetrics();
 * const c = metrics.controller('cronjob');      // c.setMaxConcurrentReconciles(n), c.workerStarted(), c.workerFinished(),
 *                                               // c.reconcileFinished('success' | 'error' | 'terminal_error' | 'requeue' | 'requeue_after', seconds)
 * const q = metrics.workqueue('cronjob');       // q.add(key), q.get(key), q.done(key), q.retry()
 * metrics.restRequestFinished('GET', '10.0.0.1:6443', 200, seconds);   // the REST transport, per request
 * const server = new MetricsServer({ bindAddress: ':8080', metrics });
 * ```
 */
export { RuntimeMetrics, type RuntimeMetricsOptions } from './runtime-metrics.js';
export { ControllerMetrics, RECONCILE_RESULTS, type ReconcileOutcome } from './controller-metrics.js';
export { WorkqueueMetrics } from './workqueue-metrics.js';
export { WebhookMetrics } from './webhook-metrics.js';
export { MetricsServer, DEFAULT_METRICS_BIND_ADDRESS, type MetricsServerOptions } from './server.js';
export { withAuthenticationAndAuthorization, type AuthFilter, type RequestFilter, type AuthFilterOptions } from './auth-filter.js';
export { RECONCILE_TIME_BUCKETS, LATENCY_BUCKETS, REST_CLIENT_LATENCY_BUCKETS } from './buckets.js';
