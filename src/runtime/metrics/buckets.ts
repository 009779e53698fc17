import { exponentialBuckets } from 'prom-client';

/** controller_runtime_reconcile_time_seconds: the same fixed buckets controller-runtime uses. */
export const RECONCILE_TIME_BUCKETS: readonly number[] = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5,
  1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
];

/** Work-queue and webhook latencies: 10 ns to 1000 s, one bucket per decade (ExponentialBuckets(10e-9, 10, 12)). */
export const LATENCY_BUCKETS: readonly number[] = exponentialBuckets(10e-9, 10, 12);

/** rest_client_request_duration_seconds: client-go's request latency buckets. */
export const REST_CLIENT_LATENCY_BUCKETS: readonly number[] = [0.005, 0.025, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0];
