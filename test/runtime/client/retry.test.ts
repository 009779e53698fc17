/**
 * 429 and 5xx answers with Retry-After are sent again after the server's delay, up to 10 times,
 * as client-go's rest client does (checkWait, maxRetries), so callers never see them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnvironment } from '../../../src/testing/index.js';
import { ConfigMap, KubeClient, RestTransport, isInternalError, isServiceUnavailable, isTooManyRequests } from '../../../src/runtime/index.js';
import { startEnv } from '../../support/environment.js';
import { createNamespace } from '../../support/runtime.js';

let env: TestEnvironment;
let transport: RestTransport;
let client: KubeClient;
let ns: string;

beforeAll(async () => {
  env = await startEnv();
  transport = new RestTransport(env.kubeConfig);
  client = new KubeClient(transport, { fieldManager: 'retry-test' });
  ns = await createNamespace(client, 'retry');
  await client.create(ConfigMap, { metadata: { namespace: ns, name: 'present' }, data: { k: 'v' } });
});
afterAll(async () => {
  transport?.close();
  await env?.stop();
});

const path = (name: string) => `/api/v1/namespaces/${ns}/configmaps/${name}`;

describe('requests answered with Retry-After', () => {
  it('are sent again after 429 and 503 until the server answers', async () => {
    const throttled = env.server.failNext({ code: 429, retryAfterSeconds: 0, method: 'GET', path: path('present'), count: 3 });
    expect((await client.get(ConfigMap, { namespace: ns, name: 'present' })).data).toEqual({ k: 'v' });
    expect(throttled.hits).toBe(3);

    // Writes too (client-go resends the body): the object is created once.
    const unavailable = env.server.failNext({ code: 503, retryAfterSeconds: 0, method: 'POST', path: `/namespaces/${ns}/configmaps`, count: 2 });
    const created = await client.create(ConfigMap, { metadata: { namespace: ns, name: 'written' }, data: { a: '1' } });
    expect(created.metadata?.name).toBe('written');
    expect(unavailable.hits).toBe(2);
  });

  it('give up after 10 retries with the last answer', async () => {
    const fault = env.server.failNext({ code: 429, retryAfterSeconds: 0, method: 'GET', path: path('present'), count: 12 });
    const err = await client.get(ConfigMap, { namespace: ns, name: 'present' }).catch((e: unknown) => e);
    expect(isTooManyRequests(err)).toBe(true);
    expect(fault.hits).toBe(11);
    fault.cancel();
  });

  it('are not retried without Retry-After, or for other codes', async () => {
    const internal = env.server.failNext({ code: 500, method: 'GET', path: path('present') });
    expect(isInternalError(await client.get(ConfigMap, { namespace: ns, name: 'present' }).catch((e: unknown) => e))).toBe(true);
    expect(internal.hits).toBe(1);
    const conflict = env.server.failNext({ code: 409, retryAfterSeconds: 0, method: 'GET', path: path('present'), count: 2 });
    await expect(client.get(ConfigMap, { namespace: ns, name: 'present' })).rejects.toThrow();
    expect(conflict.hits).toBe(1);
    conflict.cancel();
  });

  it('stop waiting when the request is aborted', async () => {
    const fault = env.server.failNext({ code: 503, retryAfterSeconds: 3600, method: 'GET', path: path('present'), count: 2 });
    const abort = new AbortController();
    const pending = transport.request({ method: 'GET', path: path('present'), signal: abort.signal }).catch((e: unknown) => e);
    while (fault.hits === 0) await new Promise((r) => setTimeout(r, 5));
    abort.abort(new Error('caller gave up'));
    const err = await pending;
    expect((err as Error).message).toBe('caller gave up');
    expect(isServiceUnavailable(err)).toBe(false);
    expect(fault.hits).toBe(1);
    fault.cancel();
  });

  it('fail with the abort reason when aborted before the answer (not Node\'s own AbortError)', async () => {
    const abort = new AbortController();
    const pending = transport.request({ method: 'GET', path: path('present'), signal: abort.signal }).catch((e: unknown) => e);
    abort.abort(new Error('caller gave up'));
    expect(((await pending) as Error).message).toBe('caller gave up');
    const watch = new AbortController();
    const opening = transport.stream(`/api/v1/namespaces/${ns}/configmaps`, { watch: true }, watch.signal).catch((e: unknown) => e);
    watch.abort(new Error('watch no longer wanted'));
    expect(((await opening) as Error).message).toBe('watch no longer wanted');
  });

  it('open watches after 429s with Retry-After', async () => {
    const fault = env.server.failNext({ code: 429, retryAfterSeconds: 0, watch: true, path: `/namespaces/${ns}/configmaps`, count: 2 });
    const abort = new AbortController();
    const res = await transport.stream(`/api/v1/namespaces/${ns}/configmaps`, { watch: true, resourceVersion: '0' }, abort.signal);
    expect(res.statusCode).toBe(200);
    expect(fault.hits).toBe(2);
    abort.abort();
    res.destroy();
  });
});
