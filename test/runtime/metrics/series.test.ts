import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS, RECONCILE_TIME_BUCKETS } from '../../../src/runtime/metrics/index.js';
import { SeriesCounter, SeriesGauge, SeriesHistogram } from '../../../src/runtime/metrics/series.js';

type Labels = 'name' | 'priority';

/**
 * The same updates made through prom-client's labelled calls (the reference) and through plain
 * series: a scrape, in text and as JSON, must not tell them apart.
 */
function pair() {
  const reference = new Registry();
  const plain = new Registry();
  const labelNames = ['name', 'priority'] as const;
  const config = (name: string) => ({ name, help: `${name} help`, labelNames });
  return {
    reference,
    plain,
    ref: {
      counter: new Counter<Labels>({ ...config('c_total'), registers: [reference] }),
      gauge: new Gauge<Labels>({ ...config('g'), registers: [reference] }),
      latency: new Histogram<Labels>({ ...config('h_seconds'), buckets: [...LATENCY_BUCKETS], registers: [reference] }),
      reconcile: new Histogram<Labels>({ ...config('r_seconds'), buckets: [...RECONCILE_TIME_BUCKETS], registers: [reference] }),
    },
    ours: {
      counter: new SeriesCounter<Labels>({ ...config('c_total'), registers: [plain] }),
      gauge: new SeriesGauge<Labels>({ ...config('g'), registers: [plain] }),
      latency: new SeriesHistogram<Labels>({ ...config('h_seconds'), buckets: LATENCY_BUCKETS, registers: [plain] }),
      reconcile: new SeriesHistogram<Labels>({ ...config('r_seconds'), buckets: RECONCILE_TIME_BUCKETS, registers: [plain] }),
    },
  };
}

async function expectSameScrape(a: Registry, b: Registry): Promise<void> {
  expect(await b.metrics()).toBe(await a.metrics());
  expect(await b.getMetricsAsJSON()).toEqual(await a.getMetricsAsJSON());
}

describe('plain series (scrape-time prom-client metrics)', () => {
  it('scrape exactly as prom-client labelled calls do: lines, order, buckets, +Inf, sum and count', async () => {
    const { reference, plain, ref, ours } = pair();
    const a = { name: 'a', priority: '0' };
    const b = { name: 'b', priority: '-100' };
    const c = ours.counter.series(a);
    const cb = ours.counter.series(b);
    const g = ours.gauge.series(b);
    const ga = ours.gauge.series(a);
    const h = ours.latency.series(a);
    const r = ours.reconcile.series(b);
    ref.counter.inc(a, 0);
    ref.counter.inc(b, 0);
    ref.gauge.set(b, 0);
    ref.gauge.set(a, 0);
    // Values on bucket bounds, between them, below the first and above the last (only in +Inf).
    const latencies = [0, 1e-8, 2e-8, 3.5e-6, 1e-5, 0.25, 999, 1000, 1001, 1e9];
    const reconciles = [0.005, 0.0051, 0.3, 2, 60, 61, 0.000001];
    for (const v of latencies) {
      ref.latency.observe(a, v);
      h.observe(v);
    }
    for (const v of reconciles) {
      ref.reconcile.observe(b, v);
      r.observe(v);
    }
    for (let i = 0; i < 5; i++) {
      ref.counter.inc(a);
      c.inc();
      ref.gauge.inc(b);
      g.inc();
    }
    ref.counter.inc(b, 3);
    cb.inc(3);
    ref.gauge.dec(b, 7);
    g.dec(7);
    ref.gauge.set(a, 42.5);
    ga.set(42.5);
    await expectSameScrape(reference, plain);
  });

  it('shows series made through prom-client calls too, before its own; reset zeroes both', async () => {
    const { ours } = pair();
    ours.counter.inc({ name: 'direct', priority: '1' }, 2);
    ours.counter.series({ name: 'plain', priority: '1' }).inc(5);
    ours.latency.observe({ name: 'direct', priority: '1' }, 0.5);
    const h = ours.latency.series({ name: 'plain', priority: '1' });
    h.observe(3);
    const counted = (await ours.counter.get()).values.map((v) => [v.labels.name, v.value]);
    expect(counted).toEqual([['direct', 2], ['plain', 5]]);
    const sums = (await ours.latency.get()).values.filter((v) => v.metricName === 'h_seconds_sum').map((v) => [v.labels.name, v.value]);
    expect(sums).toEqual([['direct', 0.5], ['plain', 3]]);

    ours.counter.reset();
    ours.latency.reset();
    expect((await ours.counter.get()).values.map((v) => v.value)).toEqual([0]);
    const after = (await ours.latency.get()).values.filter((v) => v.metricName === 'h_seconds_count');
    expect(after.map((v) => [v.labels.name, v.value])).toEqual([['plain', 0]]);
    h.observe(1);
    expect((await ours.latency.get()).values.find((v) => v.metricName === 'h_seconds_count')?.value).toBe(1);
  });
});
