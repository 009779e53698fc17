import type { Counter, Gauge, Histogram } from 'prom-client';

export interface WebhookMetricVecs {
  latency: Histogram<'webhook'>;
  requests: Counter<'webhook' | 'code'>;
  inFlight: Gauge<'webhook'>;
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

  /** Call when a request arrives; call the returned function with the status code when it is answered. */
  requestStarted(): (statusCode: number) => void {
    const started = performance.now();
    this.#vecs.inFlight.inc(this.#labels);
    return (statusCode) => {
      this.#vecs.inFlight.dec(this.#labels);
      this.#vecs.requests.inc({ webhook: this.path, code: String(statusCode) });
      this.#vecs.latency.observe(this.#labels, (performance.now() - started) / 1000);
    };
  }
}
