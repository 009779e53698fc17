/**
 * prom-client metrics whose labelled series are plain numbers, for the paths that update a metric
 * for every item (work queues, reconciles). prom-client's own `inc(labels)`, `set(labels, v)` and
 * `observe(labels, v)` validate and hash the label set on every call; here a caller takes a series
 * once per label set (`series(labels)`) and updates it as a field, and the metric reads its
 * series only when scraped. A scrape shows exactly what prom-client's labelled calls would have
 * produced: the same lines, series in the order they were created (after any made through
 * prom-client's own methods, which still work), histogram buckets found the same way.
 */
import { Counter, Gauge, Histogram, type HistogramConfiguration, type LabelValues } from 'prom-client';

/** A counter series: `inc` adds (never a negative amount: the runtime's own calls only). */
export class CounterSeries<L extends string> {
  value = 0;
  constructor(readonly labels: LabelValues<L>) {}

  inc(by = 1): void {
    this.value += by;
  }
}

export class GaugeSeries<L extends string> {
  value = 0;
  constructor(readonly labels: LabelValues<L>) {}

  set(value: number): void {
    this.value = value;
  }

  inc(by = 1): void {
    this.value += by;
  }

  dec(by = 1): void {
    this.value -= by;
  }
}

/** A histogram series: observations counted in their bucket (the first upper bound not below them). */
export class HistogramSeries<L extends string> {
  /** Per bucket, not cumulative; an observation above the last bound is only in `count` (+Inf). */
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(readonly labels: LabelValues<L>, readonly upperBounds: readonly number[]) {
    this.counts = upperBounds.map(() => 0);
  }

  /** `value` must be finite (durations the runtime measures). */
  observe(value: number): void {
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]) {
        this.counts[i]++;
        break;
      }
    }
    this.sum += value;
    this.count++;
  }
}

/** A Counter with plain series. `reset()` (Registry.resetMetrics) sets them to 0. */
export class SeriesCounter<L extends string = string> extends Counter<L> {
  readonly #series: CounterSeries<L>[] = [];

  /** A new series with these labels, shown from now on; take it once per label set and keep it. */
  series(labels: LabelValues<L>): CounterSeries<L> {
    const series = new CounterSeries<L>(labels);
    this.#series.push(series);
    return series;
  }

  override async get(): ReturnType<Counter<L>['get']> {
    const metric = await super.get();
    return { ...metric, values: [...metric.values, ...this.#series.map(({ value, labels }) => ({ value, labels }))] };
  }

  override reset(): void {
    super.reset();
    // prom-client's constructor calls reset() before this class's fields exist.
    if (#series in this) for (const series of this.#series) series.value = 0;
  }
}

/** A Gauge with plain series. `reset()` sets them to 0. */
export class SeriesGauge<L extends string = string> extends Gauge<L> {
  readonly #series: GaugeSeries<L>[] = [];

  /** A new series with these labels, shown from now on; take it once per label set and keep it. */
  series(labels: LabelValues<L>): GaugeSeries<L> {
    const series = new GaugeSeries<L>(labels);
    this.#series.push(series);
    return series;
  }

  override async get(): ReturnType<Gauge<L>['get']> {
    const metric = await super.get();
    return { ...metric, values: [...metric.values, ...this.#series.map(({ value, labels }) => ({ value, labels }))] };
  }

  override reset(): void {
    super.reset();
    if (#series in this) for (const series of this.#series) series.value = 0;
  }
}

/** One sample line as prom-client's Histogram hands it to the registry. */
interface HistogramSample {
  labels: Record<string, string | number>;
  sharedLabels: object;
  value: number;
  metricName: string;
  exemplar: null | undefined;
}

interface HistogramData {
  name: string;
  help: string;
  type: string;
  values: HistogramSample[];
  aggregator: string;
}

/** prom-client's Histogram#getForPromString, which its typings leave out: what the registry formats. */
const histogramData = (Histogram.prototype as unknown as { getForPromString: (this: Histogram) => Promise<HistogramData> }).getForPromString;

/** A Histogram with plain series. `reset()` empties them. */
export class SeriesHistogram<L extends string = string> extends Histogram<L> {
  readonly #series: HistogramSeries<L>[] = [];
  readonly #upperBounds: readonly number[];

  constructor(config: Omit<HistogramConfiguration<L>, 'buckets'> & { buckets: readonly number[] }) {
    super({ ...config, buckets: [...config.buckets] });
    this.#upperBounds = [...config.buckets];
  }

  /** A new series with these labels, shown from now on; take it once per label set and keep it. */
  series(labels: LabelValues<L>): HistogramSeries<L> {
    const series = new HistogramSeries<L>(labels, this.#upperBounds);
    this.#series.push(series);
    return series;
  }

  /**
   * The registry reads this (and `get()` reads it too, moving `sharedLabels` into `labels`): each
   * series' cumulative buckets, +Inf, sum and count, as prom-client's own series come out.
   */
  async getForPromString(): Promise<HistogramData> {
    const data = await histogramData.call(this);
    const bucket = `${data.name}_bucket`;
    for (const series of this.#series) {
      let cumulative = 0;
      for (let i = 0; i < this.#upperBounds.length; i++) {
        cumulative += series.counts[i];
        data.values.push(sample({ le: this.#upperBounds[i] }, series.labels, cumulative, bucket, null));
      }
      data.values.push(
        sample({ le: '+Inf' }, series.labels, series.count, bucket, null),
        sample({}, series.labels, series.sum, `${data.name}_sum`, undefined),
        sample({}, series.labels, series.count, `${data.name}_count`, undefined),
      );
    }
    return data;
  }

  override reset(): void {
    super.reset();
    if (#series in this) {
      for (const series of this.#series) {
        series.counts.fill(0);
        series.sum = 0;
        series.count = 0;
      }
    }
  }
}

function sample(labels: HistogramSample['labels'], sharedLabels: object, value: number, metricName: string, exemplar: null | undefined): HistogramSample {
  return { labels, sharedLabels, value, metricName, exemplar };
}
