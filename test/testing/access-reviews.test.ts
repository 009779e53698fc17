/**
 * TokenReview and SubjectAccessReview against the environment's policies, through client-node,
 * and the runtime's secure metrics filter (withAuthenticationAndAuthorization) on top of them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as k8s from '@kubernetes/client-node';
import { afterEach, describe, expect, it } from 'vitest';
import { withAuthenticationAndAuthorization } from '../../src/runtime/metrics/index.js';
import { startTestEnvironment, type AuthorizationAttributes, type TestEnvironment } from '../../src/testing/index.js';
import { credentials, statusOf } from './support.js';

let env: TestEnvironment | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

function tokenReview(e: TestEnvironment, token: string): Promise<k8s.V1TokenReview> {
  return e.kubeConfig.makeApiClient(k8s.AuthenticationV1Api).createTokenReview({ body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } } });
}

function accessReview(e: TestEnvironment, spec: k8s.V1SubjectAccessReviewSpec): Promise<k8s.V1SubjectAccessReview> {
  return e.kubeConfig.makeApiClient(k8s.AuthorizationV1Api).createSubjectAccessReview({ body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec } });
}

describe('TokenReview and SubjectAccessReview', () => {
  it('by default authenticate any token as the environment admin and allow everything', async () => {
    env = await startTestEnvironment();
    const review = await tokenReview(env, 'whatever');
    expect(review.status).toEqual({ authenticated: true, user: { username: 'envtest-admin', groups: ['system:masters', 'system:authenticated'] } });
    const sar = await accessReview(env, { user: 'someone', nonResourceAttributes: { path: '/metrics', verb: 'get' } });
    expect(sar.status).toEqual({ allowed: true });
  });

  it('authenticate only the configured tokens, and decide with the configured policy', async () => {
    const asked: AuthorizationAttributes[] = [];
    env = await startTestEnvironment({
      authn: { tokens: { 'token-a': { username: 'alice', uid: 'a-1', groups: ['readers'] }, 'token-b': { username: 'bob', groups: [] } } },
      authz: (attrs) => {
        asked.push(attrs);
        if (attrs.user === 'alice' && attrs.path === '/metrics' && attrs.verb === 'get') return true;
        if (attrs.resource === 'secrets') return { allowed: false, denied: true, reason: 'secrets are off limits' };
        return false;
      },
    });
    expect((await tokenReview(env, 'token-a')).status).toEqual({ authenticated: true, user: { username: 'alice', uid: 'a-1', groups: ['readers'] } });
    const unknown = await tokenReview(env, 'token-z');
    expect(unknown.status?.authenticated).toBeUndefined();
    expect(unknown.status?.user).toEqual({});

    expect((await accessReview(env, { user: 'alice', uid: 'a-1', groups: ['readers'], nonResourceAttributes: { path: '/metrics', verb: 'get' } })).status).toEqual({ allowed: true });
    expect((await accessReview(env, { user: 'bob', nonResourceAttributes: { path: '/metrics', verb: 'get' } })).status).toEqual({ allowed: false });
    expect(
      (await accessReview(env, { user: 'alice', resourceAttributes: { namespace: 'default', verb: 'get', group: '', version: 'v1', resource: 'secrets', name: 's' } })).status,
    ).toEqual({ allowed: false, denied: true, reason: 'secrets are off limits' });
    expect(asked).toEqual([
      { user: 'alice', uid: 'a-1', groups: ['readers'], verb: 'get', resourceRequest: false, path: '/metrics' },
      { user: 'bob', groups: [], verb: 'get', resourceRequest: false, path: '/metrics' },
      { user: 'alice', groups: [], verb: 'get', resourceRequest: true, namespace: 'default', version: 'v1', resource: 'secrets', name: 's' },
    ]);
  });

  it('refuse reviews kube-apiserver refuses', async () => {
    env = await startTestEnvironment();
    const noToken = await statusOf(tokenReview(env, ''));
    expect(noToken).toMatchObject({ code: 400, body: { reason: 'BadRequest', message: 'token is required for TokenReview in authentication' } });
    const neither = await statusOf(accessReview(env, { user: 'alice' }));
    expect(neither.code).toBe(422);
    expect(neither.body).toMatchObject({ reason: 'Invalid', details: { causes: [{ field: 'spec.resourceAttributes' }] } });
    const nobody = await statusOf(accessReview(env, { nonResourceAttributes: { path: '/metrics', verb: 'get' } }));
    expect(nobody.body).toMatchObject({ reason: 'Invalid', details: { causes: [{ field: 'spec.user' }] } });
    const list = await fetch(`${env.server.url}/apis/authentication.k8s.io/v1/tokenreviews`, { headers: credentials(env.server) });
    expect(list.status).toBe(405);
  });
});

describe("the runtime's secure metrics filter against the environment", () => {
  const request = (authorization?: string): IncomingMessage => ({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} }) as IncomingMessage;

  it('serves allowed tokens, answers 401 for unknown ones and 403 for users without the right', async () => {
    env = await startTestEnvironment({
      authn: { tokens: { 'token-a': { username: 'alice', groups: ['system:authenticated'] }, 'token-b': { username: 'bob', groups: ['system:authenticated'] } } },
      authz: (attrs) => attrs.user === 'alice' && !attrs.resourceRequest && attrs.path === '/metrics' && attrs.verb === 'get',
    });
    const filter = withAuthenticationAndAuthorization(env.kubeConfig);
    expect(await filter(request('Bearer token-a'))).toBeUndefined();
    expect(await filter(request('Bearer token-b'))).toEqual({ status: 403, message: 'Authorization denied for user bob' });
    expect(await filter(request('Bearer token-z'))).toEqual({ status: 401, message: 'Unauthorized' });
    expect(await filter(request())).toEqual({ status: 401, message: 'Unauthorized' });
  });

  it('answers 500 when the TokenReview fails', async () => {
    env = await startTestEnvironment();
    env.server.failNext({ method: 'POST', path: /tokenreviews/, code: 503 });
    const filter = withAuthenticationAndAuthorization(env.kubeConfig);
    expect(await filter(request('Bearer any'))).toEqual({ status: 500, message: 'Authentication failed' });
    expect(await filter(request('Bearer any'))).toBeUndefined();
  });
});

describe('kubectl auth can-i', () => {
  it('asks with a SelfSubjectAccessReview (protobuf) and prints the policy decision', async () => {
    env = await startTestEnvironment({ authz: (attrs) => attrs.resource !== 'secrets' && attrs.path !== '/debug' });
    const dir = await mkdtemp(path.join(tmpdir(), 'scaffolder-can-i-'));
    try {
      const kubeconfig = path.join(dir, 'kubeconfig');
      await env.writeKubeconfig(kubeconfig);
      const canI = async (...args: string[]): Promise<string> => {
        try {
          const { stdout } = await promisify(execFile)('kubectl', ['auth', 'can-i', ...args], { env: { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: path.join(dir, 'cache') } });
          return stdout.trim();
        } catch (err) {
          // "no" exits 1.
          return ((err as { stdout?: string }).stdout ?? String(err)).trim();
        }
      };
      expect(await canI('get', 'pods')).toBe('yes');
      expect(await canI('get', 'secrets')).toBe('no');
      expect(await canI('get', '/metrics')).toBe('yes');
      expect(await canI('get', '/debug')).toBe('no');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('service account tokens (serviceaccounts/token)', () => {
  it('kubectl create token issues a token TokenReview authenticates as the service account, which the metrics filter authorizes as such', async () => {
    const asked: string[] = [];
    env = await startTestEnvironment({
      // Only the configured token and the tokens the server issues authenticate; only the robot may read /metrics.
      authn: { tokens: { 'token-a': { username: 'alice', groups: ['system:authenticated'] } } },
      authz: (attrs) => {
        asked.push(`${attrs.user} ${attrs.groups.join(',')}`);
        return attrs.user === 'system:serviceaccount:ops:robot' && attrs.path === '/metrics';
      },
    });
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: 'ops' } } });
    const account = await core.createNamespacedServiceAccount({ namespace: 'ops', body: { metadata: { name: 'robot' } } });
    const dir = await mkdtemp(path.join(tmpdir(), 'scaffolder-token-'));
    try {
      const kubeconfig = path.join(dir, 'kubeconfig');
      await env.writeKubeconfig(kubeconfig);
      const kubectl = (...args: string[]) =>
        promisify(execFile)('kubectl', args, { env: { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: path.join(dir, 'cache') } }).then(
          ({ stdout }) => ({ stdout, stderr: '' }),
          (err: { stdout: string; stderr: string }) => ({ stdout: err.stdout, stderr: err.stderr }),
        );
      const token = (await kubectl('create', 'token', 'robot', '-n', 'ops')).stdout.trim();
      expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

      const review = await tokenReview(env, token);
      expect(review.status).toEqual({
        authenticated: true,
        user: { username: 'system:serviceaccount:ops:robot', uid: account.metadata!.uid, groups: ['system:serviceaccounts', 'system:serviceaccounts:ops', 'system:authenticated'] },
        audiences: ['https://kubernetes.default.svc.cluster.local'],
      });
      const filter = withAuthenticationAndAuthorization(env.kubeConfig);
      const request = (authorization: string): IncomingMessage => ({ method: 'GET', url: '/metrics', headers: { authorization } }) as IncomingMessage;
      expect(await filter(request(`Bearer ${token}`))).toBeUndefined();
      expect(await filter(request('Bearer token-a'))).toEqual({ status: 403, message: 'Authorization denied for user alice' });
      expect(asked).toContain('system:serviceaccount:ops:robot system:serviceaccounts,system:serviceaccounts:ops,system:authenticated');

      // Another audience than the token's, a missing account and a too short life are refused as kube-apiserver refuses them.
      const other = await core.createNamespacedServiceAccountToken({ namespace: 'ops', name: 'robot', body: { spec: { audiences: ['vault'], expirationSeconds: 600 } } });
      expect(other.spec?.audiences).toEqual(['vault']);
      expect((await tokenReview(env, other.status?.token ?? '')).status).toEqual({ user: {}, error: 'token audiences is invalid for the target audiences' });
      expect((await kubectl('create', 'token', 'nobody', '-n', 'ops')).stderr.trim()).toBe('error: failed to create token: serviceaccounts "nobody" not found');
      expect((await kubectl('create', 'token', 'robot', '-n', 'ops', '--duration=5m')).stderr.trim()).toBe(
        'error: failed to create token: TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
