/**
 * The secure metrics filter under a flood of random bearer tokens: 20,000 scrapes, each with its
 * own 4 KB token that the API server does not know (a TokenReview each), then the heap after a
 * full collection. The filter's caches are bounded, so what it keeps does not grow with the flood.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { newLogger } from '../src/runtime/log/index.js';
import { withAuthenticationAndAuthorization } from '../src/runtime/metrics/index.js';
import { startTestEnvironment } from '../src/testing/index.js';

const TOKENS = 20_000;
/** 4 KB once base64url-encoded; METRICS_AUTH_TOKEN_KB=16 for larger ones. */
const TOKEN_BYTES = Math.round((Number(process.env.METRICS_AUTH_TOKEN_KB) || 4) * 768);
const CONCURRENCY = 16;

function heapMB(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

export default async function (): Promise<Record<string, number | string>> {
  const env = await startTestEnvironment({ authn: { tokens: { prometheus: { username: 'system:serviceaccount:monitoring:prometheus' } } } });
  try {
    const quiet = newLogger({ level: 'error', output: { write: () => true } });
    const filter = withAuthenticationAndAuthorization(env.kubeConfig, { log: quiet });
    const scrape = (token: string) => filter({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } } as IncomingMessage);
    await scrape('prometheus');
    const before = heapMB();
    let next = 0;
    let refused = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < TOKENS) if ((await scrape(randomBytes(TOKEN_BYTES).toString('base64url')))?.status === 401) refused++;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const after = heapMB();
    const rss = process.memoryUsage().rss / 1024 / 1024;
    const sizes = (filter as { cacheSizes?: () => { authentication: number } }).cacheSizes?.();
    return {
      [`random ${Math.round((TOKEN_BYTES * 4) / 3 / 1024)} KB tokens`]: TOKENS,
      'refused (401)': refused,
      'scrapes per second': TOKENS / seconds,
      'heap before (MB)': before,
      'heap after (MB)': after,
      'rss after (MB)': rss,
      'token reviews cached': sizes?.authentication ?? 'n/a',
    };
  } finally {
    await env.stop();
  }
}
