import { afterEach, describe, expect, it } from 'vitest';
import { MetricsServer, RuntimeMetrics } from '../../../src/runtime/metrics/index.js';
import { parseBindAddress } from '../../../src/runtime/serving/index.js';
import { parsePrometheusText, valueOf } from './prometheus-text.js';

const servers: MetricsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function scrape(metrics: RuntimeMetrics): Promise<{ status: number; contentType: string | null; body: string }> {
  const server = new MetricsServer({ bindAddress: '127.0.0.1:0', metrics });
  servers.push(server);
  await server.start();
  const res = await fetch(`${server.url()}/metrics`);
  return { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() };
}

describe('RuntimeMetrics', () => {
  it('records reconciles with controller-runtime names and labels', async () => {
    const metrics = new RuntimeMetrics({ processMetrics: false });
    const c = metrics.controller('cronjob');
    c.setMaxConcurrentReconciles(3);
    c.workerStarted();
    c.reconcileFinished('success', 0.02);
    c.reconcileFinished('requeue_after', 0.3);
    c.reconcileFinished('error', 2);
    c.reconcileFinished('terminal_error', 0.001);

    const { status, contentType, body } = await scrape(metrics);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const s = parsePrometheusText(body);
    const ctl = { controller: 'cronjob' };
    expect(valueOf(s, 'controller_runtime_reconcile_total', { ...ctl, result: 'success' })).toBe(1);
    expect(valueOf(s, 'controller_runtime_reconcile_total', { ...ctl, result: 'requeue_after' })).toBe(1);
    expect(valueOf(s, 'controller_runtime_reconcile_total', { ...ctl, result: 'requeue' })).toBe(0);
    expect(valueOf(s, 'controller_runtime_reconcile_total', { ...ctl, result: 'error' })).toBe(2);
    expect(valueOf(s, 'controller_runtime_reconcile_errors_total', ctl)).toBe(2);
    expect(valueOf(s, 'controller_runtime_terminal_reconcile_errors_total', ctl)).toBe(1);
    expect(valueOf(s, 'controller_runtime_max_concurrent_reconciles', ctl)).toBe(3);
    expect(valueOf(s, 'controller_runtime_active_workers', ctl)).toBe(1);
    expect(valueOf(s, 'controller_runtime_reconcile_time_seconds_count', ctl)).toBe(4);
    // Buckets are controller-runtime's: 0.005 first, 60 last.
    expect(valueOf(s, 'controller_runtime_reconcile_time_seconds_bucket', { ...ctl, le: '0.005' })).toBe(1);
    expect(valueOf(s, 'controller_runtime_reconcile_time_seconds_bucket', { ...ctl, le: '0.025' })).toBe(2);
    expect(valueOf(s, 'controller_runtime_reconcile_time_seconds_bucket', { ...ctl, le: '0.3' })).toBe(3);
    expect(valueOf(s, 'controller_runtime_reconcile_time_seconds_bucket', { ...ctl, le: '60' })).toBe(4);
    expect(s.filter((x) => x.name === 'controller_runtime_reconcile_time_seconds_bucket').length).toBe(41);
  });

  it('tracks a work queue: depth, adds, durations, retries and work in progress', async () => {
    const metrics = new RuntimeMetrics({ processMetrics: false });
    const q = metrics.workqueue('cronjob');
    q.add('ns/a');
    q.add('ns/b');
    q.get('ns/a');
    q.done('ns/a');
    q.retry();
    q.add('ns/a');
    q.get('ns/b'); // still running when scraped
    q.add('ns/old', -100); // an initial-list object
    q.add('ns/older', -100);
    q.reprioritize(-100, 0); // an event for one of them

    const s = parsePrometheusText((await scrape(metrics)).body);
    const labels = { name: 'cronjob', controller: 'cronjob' };
    expect(valueOf(s, 'workqueue_depth', { ...labels, priority: '0' })).toBe(2);
    expect(valueOf(s, 'workqueue_depth', { ...labels, priority: '-100' })).toBe(1);
    expect(valueOf(s, 'workqueue_adds_total', labels)).toBe(5);
    expect(valueOf(s, 'workqueue_retries_total', labels)).toBe(1);
    expect(valueOf(s, 'workqueue_queue_duration_seconds_count', labels)).toBe(2);
    expect(valueOf(s, 'workqueue_work_duration_seconds_count', labels)).toBe(1);
    expect(valueOf(s, 'workqueue_work_duration_seconds_bucket', { ...labels, le: '1e-8' })).toBeDefined();
    expect(valueOf(s, 'workqueue_work_duration_seconds_bucket', { ...labels, le: '1000' })).toBe(1);
    const unfinished = valueOf(s, 'workqueue_unfinished_work_seconds', labels);
    const longest = valueOf(s, 'workqueue_longest_running_processor_seconds', labels);
    expect(unfinished).toBeGreaterThan(0);
    expect(longest).toBeGreaterThan(0);
  });

  it('times a key re-added while it is processed from that add, and counts each processing once', async () => {
    const metrics = new RuntimeMetrics({ processMetrics: false });
    const q = metrics.workqueue('requeue');
    const labels = { name: 'requeue', controller: 'requeue' };
    const counts = async () => {
      const s = parsePrometheusText((await scrape(metrics)).body);
      return [
        valueOf(s, 'workqueue_queue_duration_seconds_count', labels),
        valueOf(s, 'workqueue_work_duration_seconds_count', labels),
        valueOf(s, 'workqueue_unfinished_work_seconds', labels),
      ];
    };
    q.add('ns/k');
    q.get('ns/k');
    q.add('ns/k'); // an event while it is reconciled
    q.done('ns/k');
    expect(await counts()).toEqual([1, 1, 0]);
    q.get('ns/k'); // handed out again: its wait since the re-add ends
    expect((await counts()).slice(0, 2)).toEqual([2, 1]);
    expect((await counts())[2]).toBeGreaterThan(0);
    q.done('ns/k');
    q.done('ns/k'); // no second processing to end
    q.get('ns/never-added'); // taken without an add being seen: processing is still timed
    q.done('ns/never-added');
    expect(await counts()).toEqual([2, 3, 0]);
  });

  it('exports leader status, API request metrics and process metrics', async () => {
    const metrics = new RuntimeMetrics();
    metrics.setLeader('abc.my.domain', true);
    metrics.restRequestFinished('get', '127.0.0.1:6443', 200, 0.01);
    metrics.restRequestFinished('GET', '127.0.0.1:6443', 200, 0.2);
    metrics.restRequestFinished('put', '127.0.0.1:6443', 409, 0.02);
    const s = parsePrometheusText((await scrape(metrics)).body);
    expect(valueOf(s, 'leader_election_master_status', { name: 'abc.my.domain' })).toBe(1);
    expect(valueOf(s, 'rest_client_requests_total', { code: '200', method: 'GET', host: '127.0.0.1:6443' })).toBe(2);
    expect(valueOf(s, 'rest_client_requests_total', { code: '409', method: 'PUT' })).toBe(1);
    expect(valueOf(s, 'rest_client_request_duration_seconds_bucket', { verb: 'GET', le: '0.025' })).toBe(1);
    expect(valueOf(s, 'rest_client_request_duration_seconds_count', { verb: 'GET' })).toBe(2);
    // Process metrics: the CPU counters count from the registry's creation, so they may still be 0
    // here; resident memory and start time are absolute and always positive.
    expect(valueOf(s, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(valueOf(s, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(s, 'process_start_time_seconds')).toBeGreaterThan(0);
  });
});

describe('MetricsServer', () => {
  it('is disabled by bind address "0" and answers 404 off /metrics', async () => {
    const metrics = new RuntimeMetrics({ processMetrics: false });
    const off = new MetricsServer({ bindAddress: '0', metrics });
    expect(off.enabled).toBe(false);
    await off.start();
    expect(off.url()).toBeUndefined();

    const on = new MetricsServer({
      bindAddress: ':0',
      metrics,
      extraHandlers: { '/debug': (_req, res) => res.end('debug') },
    });
    servers.push(on);
    await on.start();
    expect((await fetch(`${on.url()}/other`)).status).toBe(404);
    expect(await (await fetch(`${on.url()}/debug`)).text()).toBe('debug');
    expect(() => on.addExtraHandler('/metrics', () => undefined)).toThrow(/not allowed/);
  });

  it('parses bind addresses and rejects bad ones', () => {
    expect(parseBindAddress(':8080')).toEqual({ host: undefined, port: 8080 });
    expect(parseBindAddress('127.0.0.1:8443')).toEqual({ host: '127.0.0.1', port: 8443 });
    expect(parseBindAddress('[::1]:9')).toEqual({ host: '::1', port: 9 });
    expect(parseBindAddress('0')).toBeUndefined();
    expect(() => parseBindAddress('8080', '--metrics-bind-address')).toThrow(/--metrics-bind-address "8080"/);
    expect(() => parseBindAddress(':99999')).toThrow(/port "99999"/);
  });

  it('reports a port already in use', async () => {
    const metrics = new RuntimeMetrics({ processMetrics: false });
    const first = new MetricsServer({ bindAddress: '127.0.0.1:0', metrics });
    servers.push(first);
    await first.start();
    const port = new URL(first.url()!).port;
    const second = new MetricsServer({ bindAddress: `127.0.0.1:${port}`, metrics });
    await expect(second.start()).rejects.toThrow(/metrics server: cannot listen on 127\.0\.0\.1:\d+/);
  });
});
