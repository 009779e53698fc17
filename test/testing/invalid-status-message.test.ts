// The 422 Invalid message names the object as apierrors.NewInvalid does, with Go's %q: the same
// quoting as the bad value after it, so a name holding a control character reads alike in both.
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBackends } from '../support/backends.js';
import type { TestEnvironment } from '../support/environment.js';
import { statusOf } from './support.js';

describeBackends('the Invalid Status of a bad name', (backend) => {
  let api: TestEnvironment;
  let core: k8s.CoreV1Api;

  beforeAll(async () => {
    api = await backend.start();
    core = api.kubeConfig.makeApiClient(k8s.CoreV1Api);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('Go-quotes the name in the message, as in the field error', async () => {
    const { code, body } = await statusOf(core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'bad\u0001name' } } }));
    expect(code).toBe(422);
    expect(body.message).toMatch(/^ConfigMap "bad\\x01name" is invalid: metadata\.name: Invalid value: "bad\\x01name": a lowercase RFC 1123 subdomain/);
    expect(body.details).toMatchObject({ name: 'bad\u0001name', kind: 'ConfigMap' });
  });
});
