/**
 * The error helpers recognise API errors as apimachinery's apierrors.IsXxx do: through wrapping
 * (`new Error(msg, { cause })`, as errors.As unwraps), from @kubernetes/client-node's own API
 * calls (ApiException), and by HTTP code when the reason is not one the API defines.
 */
import { describe, expect, it } from 'vitest';
import { ApiException, CoreV1Api } from '@kubernetes/client-node';
import {
  ApiError,
  ConfigMap,
  ignoreAlreadyExists,
  ignoreNotFound,
  isAlreadyExists,
  isConflict,
  isForbidden,
  isInternalError,
  isInvalid,
  isNotFound,
  isServiceUnavailable,
  isTooManyRequests,
} from '../../../src/runtime/index.js';
import { describeBackends } from '../../support/backends.js';
import { clientEnvironment } from '../../support/runtime.js';

describeBackends('client errors', (backend) => {
  const t = clientEnvironment(backend, 'errors');

  // Untyped: the runtime client takes it as JSON, client-node's CoreV1Api as its V1ConfigMap model.
  const cm = (name: string) => ({ metadata: { namespace: t.ns, name }, data: { k: 'v' } });

  describe('API error helpers', () => {
    it('see through errors that wrap an API error as their cause, at any depth', async () => {
      const notFound = await t.h.client.apiReader.get(ConfigMap, { namespace: t.ns, name: 'absent' }).catch((e: unknown) => e);
      const wrapped = new Error('reading the config', { cause: new Error('in step 2', { cause: notFound }) });
      expect(isNotFound(wrapped)).toBe(true);
      expect(isConflict(wrapped)).toBe(false);
      expect(ignoreNotFound(wrapped)).toBeUndefined();

      const created = await t.h.client.create(ConfigMap, cm('stale'));
      await t.h.client.update(ConfigMap, { ...created, data: { k: 'w' } });
      const conflict = await t.h.client.update(ConfigMap, { ...created, data: { k: 'x' } }).catch((e: unknown) => e);
      expect(isConflict(new Error('updating', { cause: conflict }))).toBe(true);

      const exists = await t.h.client.create(ConfigMap, cm('stale')).catch((e: unknown) => e);
      expect(ignoreAlreadyExists(new Error('creating', { cause: exists }))).toBeUndefined();
      expect(() => ignoreNotFound(new Error('creating', { cause: exists }))).toThrow();

      // A cycle of causes ends the search instead of looping.
      const a = new Error('a') as Error & { cause?: unknown };
      a.cause = new Error('b', { cause: a });
      expect(isNotFound(a)).toBe(false);
    });

    it('recognise the ApiException of @kubernetes/client-node API calls by the Status it carries', async () => {
      const core = t.env.kubeConfig.makeApiClient(CoreV1Api);
      const notFound = await core.readNamespacedConfigMap({ namespace: t.ns, name: 'absent' }).catch((e: unknown) => e);
      expect(notFound).toBeInstanceOf(ApiException);
      expect(isNotFound(notFound)).toBe(true);
      expect(isAlreadyExists(notFound)).toBe(false);

      await core.createNamespacedConfigMap({ namespace: t.ns, body: cm('twice') });
      const exists = await core.createNamespacedConfigMap({ namespace: t.ns, body: cm('twice') }).catch((e: unknown) => e);
      expect(isAlreadyExists(exists)).toBe(true);
      expect(isConflict(exists)).toBe(false); // AlreadyExists is also HTTP 409, but its reason is known

      t.env.server.failNext({ code: 429, method: 'GET', path: `/api/v1/namespaces/${t.ns}/configmaps/twice` });
      const throttled = await core.readNamespacedConfigMap({ namespace: t.ns, name: 'twice' }).catch((e: unknown) => e);
      expect(isTooManyRequests(throttled)).toBe(true);
    });

    it('fall back to the HTTP code when the reason is empty or not one the API defines', () => {
      expect(isNotFound(new ApiError(404, { reason: 'SomethingNew' }))).toBe(true);
      expect(isNotFound(new ApiError(404, { reason: 'Forbidden' }))).toBe(false);
      expect(isConflict(new ApiError(409, { reason: 'SomethingNew' }))).toBe(true);
      expect(isInvalid(new ApiError(422, {}))).toBe(true);
      expect(isForbidden(new ApiError(403, { reason: '' }))).toBe(true);
      expect(isInternalError(new ApiError(500, { reason: 'Weird' }))).toBe(true);
      expect(isServiceUnavailable(new ApiError(503, {}))).toBe(true);
      // AlreadyExists has no code fallback in apimachinery: 409 alone means Conflict.
      expect(isAlreadyExists(new ApiError(409, { reason: 'SomethingNew' }))).toBe(false);
      // TooManyRequests matches the code whatever the reason.
      expect(isTooManyRequests(new ApiError(429, { reason: 'Forbidden' }))).toBe(true);
      const raw = new ApiException(404, 'Unknown API Status Code!', '<html>not json</html>', {});
      expect(isNotFound(raw)).toBe(true);
      expect(isNotFound(undefined)).toBe(false);
      expect(isNotFound(new Error('not found'))).toBe(false);
    });
  });
});
