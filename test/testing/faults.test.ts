import * as k8s from '@kubernetes/client-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';

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
