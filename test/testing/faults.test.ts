import * as k8s from '@kubernetes/client-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { credentials } from './support.js';

let env: TestEnvironment;
let core: k8s.CoreV1Api;

beforeEach(async () => {
  env = await startTestEnvironment();
  core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
});
afterEach(() => env.stop());

async function failure(call: Promise<unknown>): Promise<{ code: number; body: Record<string, unknown>; headers: Record<string, string> }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof k8s.ApiException) {
      const e = err as k8s.ApiException<string>;
      return { code: e.code, body: JSON.parse(e.body) as Record<string, unknown>, headers: e.headers };
    }
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('injected faults carry the reason kube-apiserver gives the code', () => {
  it.each([
    [404, 'NotFound'],
    [409, 'Conflict'],
    [410, 'Expired'],
    [403, 'Forbidden'],
    [422, 'Invalid'],
    [503, 'ServiceUnavailable'],
    [500, 'InternalError'],
    [418, 'InternalError'],
  ])('%i -> %s', async (code, reason) => {
    env.server.failNext({ path: /configmaps/, code });
    const err = await failure(core.listNamespacedConfigMap({ namespace: 'default' }));
    expect(err.code).toBe(code);
    expect(err.body).toMatchObject({ kind: 'Status', status: 'Failure', reason, code });
  });

  it('429 says when to retry, in the Status and the Retry-After header', async () => {
    env.server.failNext({ method: 'PUT', path: /configmaps/, code: 429, retryAfterSeconds: 3 });
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'a' } } });
    const err = await failure(core.replaceNamespacedConfigMap({ namespace: 'default', name: 'a', body: { metadata: { name: 'a' }, data: { x: '1' } } }));
    expect(err.body).toMatchObject({ reason: 'TooManyRequests', details: { retryAfterSeconds: 3 }, code: 429 });
    expect(err.headers['retry-after']).toBe('3');
  });

  it('takes an explicit reason and message', async () => {
    env.server.failNext({ path: /secrets/, code: 410, reason: 'Gone', message: 'the requested resource is gone' });
    const err = await failure(core.listNamespacedSecret({ namespace: 'default' }));
    expect(err.body).toMatchObject({ reason: 'Gone', message: 'the requested resource is gone', code: 410 });
  });

  it('a conflict on update fails the update only, the retry succeeds', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'c' } } });
    env.server.failNext({ method: 'PUT', path: /configmaps\/c$/, code: 409 });
    const body = { metadata: { name: 'c' }, data: { v: '1' } };
    const err = await failure(core.replaceNamespacedConfigMap({ namespace: 'default', name: 'c', body }));
    expect(err.body).toMatchObject({ reason: 'Conflict', code: 409 });
    const ok = await core.replaceNamespacedConfigMap({ namespace: 'default', name: 'c', body });
    expect(ok.data).toEqual({ v: '1' });
  });
});

describe('requests left unanswered', () => {
  const CM_WATCH = '/api/v1/namespaces/default/configmaps?watch=1';

  /** A watch request whose answer (status line and headers) is tracked. */
  function openWatch(): { answered: () => boolean; response: Promise<Response>; abort: () => void } {
    const abort = new AbortController();
    let answered = false;
    const response = fetch(`${env.server.url}${CM_WATCH}`, { signal: abort.signal, headers: credentials(env.server) });
    response.then(
      () => (answered = true),
      () => undefined,
    );
    return { answered: () => answered, response, abort: () => abort.abort() };
  }

  it('hangNext takes a watch request and sends no headers; the next watch is served', async () => {
    const fault = env.server.hangNext({ watch: true });
    const hung = openWatch();
    await eventually(() => env.server.hungRequestCount === 1);
    expect(fault.hits).toBe(1);
    expect(fault.remaining).toBe(0);
    // Lists are not watches: they are answered.
    expect((await core.listNamespacedConfigMap({ namespace: 'default' })).kind).toBe('ConfigMapList');
    const served = openWatch();
    expect((await served.response).status).toBe(200);
    expect(hung.answered()).toBe(false);
    served.abort();
    // The client gives up on the hung request: the server forgets it.
    hung.abort();
    await expect(hung.response).rejects.toThrow();
    await eventually(() => env.server.hungRequestCount === 0);
  });

  it('stallWatches({ beforeHeaders }) leaves every new watch unanswered until dropWatches', async () => {
    env.server.stallWatches({ beforeHeaders: true });
    const a = openWatch();
    const b = openWatch();
    await eventually(() => env.server.hungRequestCount === 2);
    expect(env.server.watchCount).toBe(0);
    expect(env.server.dropWatches()).toBe(2);
    await expect(a.response).rejects.toThrow();
    await expect(b.response).rejects.toThrow();
    const served = openWatch();
    expect((await served.response).status).toBe(200);
    served.abort();
  });

  it('hangs any request that matches, e.g. a PUT, until the client gives up', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'h' } } });
    env.server.hangNext({ method: 'PUT', path: /configmaps\/h$/ });
    const abort = new AbortController();
    const put = fetch(`${env.server.url}/api/v1/namespaces/default/configmaps/h`, {
      method: 'PUT',
      body: JSON.stringify({ metadata: { name: 'h' }, data: { v: '1' } }),
      headers: { 'content-type': 'application/json', ...credentials(env.server) },
      signal: abort.signal,
    });
    await eventually(() => env.server.hungRequestCount === 1);
    abort.abort();
    await expect(put).rejects.toThrow();
    // Never applied.
    expect((await core.readNamespacedConfigMap({ namespace: 'default', name: 'h' })).data).toBeUndefined();
  });

  it("the runtime's reflector treats an unanswered watch request as a stall and recovers", async () => {
    const { RestTransport, InformerCache, KubeClient, ConfigMap } = await import('../../src/runtime/index.js');
    const transport = new RestTransport(env.kubeConfig);
    const cache = new InformerCache(transport, { stallTimeoutMs: 300, watchBackoff: { initialMs: 20, maxMs: 100 } });
    const client = new KubeClient(transport, { reader: cache, fieldManager: 'faults-test' });
    const stop = new AbortController();
    const fault = env.server.hangNext({ watch: true, path: /configmaps/ });
    void cache.start(stop.signal);
    const informer = cache.getInformer(ConfigMap);
    try {
      await informer.waitForSync();
      await eventually(() => fault.hits === 1);
      await client.create(ConfigMap, { metadata: { namespace: 'default', name: 'after-hang' }, data: { v: '1' } });
      for (let i = 0; i < 1000; i++) {
        if ((await client.list(ConfigMap, { namespace: 'default' })).some((o) => o.metadata?.name === 'after-hang')) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      expect((await client.list(ConfigMap, { namespace: 'default' })).map((o) => o.metadata?.name)).toContain('after-hang');
      expect(informer.stats().stalls).toBeGreaterThanOrEqual(1);
    } finally {
      stop.abort();
      await cache.stop();
      transport.close();
    }
  });
});
