import type { Counter, Gauge, Histogram } from 'prom-client';

export interface WebhookMetricVecs {
  latency: Histogram<'webhook'>;
  requests: Counter<'webhook' | 'code'>;
  inFlight: Gauge<'webhook'>;
}

/** One request in flight on a webhook path. */
export interface InFlightRequest {
  answered(statusCode: number): void;
  dropped(): void;
}

/** The metrics of one webhook path: latency, requests by HTTP status code, requests in flight. */
export class WebhookMetrics {
  readonly #vecs: WebhookMetricVecs;
  readonly #labels: { webhook: string };

  constructor(vecs: WebhookMetricVecs, readonly path: string) {
    this.#vecs = vecs;
    this.#labels = { webhook: path };
    vecs.requests.inc({ webhook: path, code: '200' }, 0);
    vecs.requests.inc({ webhook: path, code: '500' }, 0);
    vecs.inFlight.set(this.#labels, 0);
  }

  /**
   * Call when a request arrives. Settle it once: `answered(status)` counts and times it; `dropped()`
   * (a panic, or a client gone before the answer) only leaves the in-flight gauge, as promhttp's
   * instrumentation does for a request that never gets an answer.
   */
  requestStarted(): InFlightRequest {
    const started = performance.now();
    this.#vecs.inFlight.inc(this.#labels);
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      this.#vecs.inFlight.dec(this.#labels);
      return true;
    };
    return {
      answered: (statusCode) => {
        if (!settle()) return;
        this.#vecs.requests.inc({ webhook: this.path, code: String(statusCode) });
        this.#vecs.latency.observe(this.#labels, (performance.now() - started) / 1000);
      },
      dropped: () => void settle(),
    };
  }
}
