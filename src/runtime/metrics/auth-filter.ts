import type { IncomingMessage } from 'node:http';
import { AuthenticationV1Api, AuthorizationV1Api, type KubeConfig, type V1UserInfo } from '@kubernetes/client-node';
import type { Logger } from '../log/logger.js';

/** Decides whether a request may be served: undefined to serve it, or the refusal to answer with. */
export type RequestFilter = (req: IncomingMessage) => Promise<{ status: number; message: string } | undefined>;

export interface AuthFilterOptions {
  /** How long a token's review is reused. Default 60 000 ms. */
  authenticationCacheTtl?: number;
  /** How long an allowed decision is reused. Default 300 000 ms. */
  allowCacheTtl?: number;
  /** How long a denial is reused. Default 30 000 ms. */
  denyCacheTtl?: number;
  log?: Logger;
  now?: () => number;
}

interface Cached<T> {
  value: T;
  expires: number;
}

/**
 * controller-runtime's `filters.WithAuthenticationAndAuthorization`: the bearer token is checked
 * with a TokenReview, then the user's right to `get` the path (a non-resource URL such as
 * /metrics) with a SubjectAccessReview. 401 without a valid token, 403 without the right.
 */
export function withAuthenticationAndAuthorization(kubeConfig: KubeConfig, options: AuthFilterOptions = {}): RequestFilter {
  const authn = kubeConfig.makeApiClient(AuthenticationV1Api);
  const authz = kubeConfig.makeApiClient(AuthorizationV1Api);
  const now = options.now ?? Date.now;
  const tokens = new Map<string, Cached<V1UserInfo | undefined>>();
  const decisions = new Map<string, Cached<boolean>>();
  const authnTtl = options.authenticationCacheTtl ?? 60_000;
  const allowTtl = options.allowCacheTtl ?? 300_000;
  const denyTtl = options.denyCacheTtl ?? 30_000;

  async function authenticate(token: string): Promise<V1UserInfo | undefined> {
    const cached = tokens.get(token);
    if (cached && cached.expires > now()) return cached.value;
    const review = await authn.createTokenReview({ body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } } });
    const user = review.status?.authenticated ? (review.status.user ?? {}) : undefined;
    tokens.set(token, { value: user, expires: now() + authnTtl });
    return user;
  }

  async function authorize(user: V1UserInfo, verb: string, path: string): Promise<boolean> {
    const key = JSON.stringify([user.username, user.uid, user.groups, verb, path]);
    const cached = decisions.get(key);
    if (cached && cached.expires > now()) return cached.value;
    const review = await authz.createSubjectAccessReview({
      body: {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        spec: { user: user.username, uid: user.uid, groups: user.groups, extra: user.extra, nonResourceAttributes: { path, verb } },
      },
    });
    const allowed = review.status?.allowed === true && review.status.denied !== true;
    decisions.set(key, { value: allowed, expires: now() + (allowed ? allowTtl : denyTtl) });
    return allowed;
  }

  return async (req) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return { status: 401, message: 'Unauthorized' };
    let user: V1UserInfo | undefined;
    try {
      user = await authenticate(match[1]!);
    } catch (err) {
      options.log?.error(err, 'Authentication failed');
      return { status: 500, message: 'Authentication failed' };
    }
    if (!user) return { status: 401, message: 'Unauthorized' };
    const path = new URL(req.url ?? '/', 'https://localhost').pathname;
    const verb = (req.method ?? 'GET').toLowerCase();
    try {
      if (await authorize(user, verb, path)) return undefined;
    } catch (err) {
      const message = `Authorization for user ${user.username ?? ''} failed`;
      options.log?.error(err, message);
      return { status: 500, message };
    }
    return { status: 403, message: `Authorization denied for user ${user.username ?? ''}` };
  };
}
