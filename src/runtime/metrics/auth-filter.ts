import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AuthenticationV1Api, AuthorizationV1Api, type KubeConfig, type V1UserInfo } from '@kubernetes/client-node';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../log/logger.js';

/** Decides whether a request may be served: undefined to serve it, or the refusal to answer with. */
export type RequestFilter = (req: IncomingMessage) => Promise<{ status: number; message: string } | undefined>;

export interface AuthFilterOptions {
  /** How long a token's review (authenticated or not) is reused. Default 60 000 ms. */
  authenticationCacheTtl?: number;
  /** How many token reviews are kept (least recently used go first). Default 8192. */
  authenticationCacheSize?: number;
  /** How long an allowed decision is reused. Default 300 000 ms. */
  allowCacheTtl?: number;
  /** How long a denial is reused. Default 30 000 ms. */
  denyCacheTtl?: number;
  /** How many access decisions are kept (least recently used go first). Default 8192. */
  authorizationCacheSize?: number;
  log?: Logger;
  now?: () => number;
}

/** The filter, and the number of entries its caches hold (for tests and debugging). */
export interface AuthFilter extends RequestFilter {
  cacheSizes(): { authentication: number; authorization: number };
}

/** A cached answer; `null` is "not authenticated" (the cache cannot hold undefined). */
type TokenReviewResult = V1UserInfo | null;

/**
 * controller-runtime's `filters.WithAuthenticationAndAuthorization`: the bearer token is checked
 * with a TokenReview, then the user's right to `get` the path (a non-resource URL such as
 * /metrics) with a SubjectAccessReview. 401 without a valid token, 403 without the right.
 *
 * Both answers are cached as kube-apiserver's delegating authenticator and webhook authorizer
 * cache them: bounded LRU caches with expiry (success and failure TTLs), tokens keyed by an
 * HMAC-SHA256 with a per-filter random key so no token is kept in memory, and concurrent reviews
 * of one token shared. Unbounded maps kept every token ever sent (memory grew with each random one).
 */
export function withAuthenticationAndAuthorization(kubeConfig: KubeConfig, options: AuthFilterOptions = {}): AuthFilter {
  const authn = kubeConfig.makeApiClient(AuthenticationV1Api);
  const authz = kubeConfig.makeApiClient(AuthorizationV1Api);
  const now = options.now ?? Date.now;
  const perf = { now };
  const authnTtl = options.authenticationCacheTtl ?? 60_000;
  const allowTtl = options.allowCacheTtl ?? 300_000;
  const denyTtl = options.denyCacheTtl ?? 30_000;
  const tokens = new LRUCache<string, { user: TokenReviewResult }>({ max: options.authenticationCacheSize ?? 8192, ttl: authnTtl, perf, ttlResolution: 0 });
  const decisions = new LRUCache<string, { allowed: boolean }>({ max: options.authorizationCacheSize ?? 8192, ttl: allowTtl, perf, ttlResolution: 0 });
  const pending = new Map<string, Promise<TokenReviewResult>>();
  const hmacKey = randomBytes(32);

  async function review(token: string): Promise<TokenReviewResult> {
    const review = await authn.createTokenReview({ body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } } });
    return review.status?.authenticated ? (review.status.user ?? {}) : null;
  }

  async function authenticate(token: string): Promise<TokenReviewResult> {
    const key = createHmac('sha256', hmacKey).update(token).digest('base64');
    const cached = tokens.get(key);
    if (cached) return cached.user;
    let inFlight = pending.get(key);
    if (!inFlight) {
      inFlight = review(token)
        .then((user) => {
          // Errors are not cached: the next request reviews again.
          tokens.set(key, { user });
          return user;
        })
        .finally(() => pending.delete(key));
      pending.set(key, inFlight);
    }
    return inFlight;
  }

  async function authorize(user: V1UserInfo, verb: string, path: string): Promise<boolean> {
    const key = JSON.stringify([user.username, user.uid, user.groups, user.extra, verb, path]);
    const cached = decisions.get(key);
    if (cached) return cached.allowed;
    const review = await authz.createSubjectAccessReview({
      body: {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        spec: { user: user.username, uid: user.uid, groups: user.groups, extra: user.extra, nonResourceAttributes: { path, verb } },
      },
    });
    const allowed = review.status?.allowed === true && review.status.denied !== true;
    decisions.set(key, { allowed }, { ttl: allowed ? allowTtl : denyTtl });
    return allowed;
  }

  const filter: RequestFilter = async (req) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return { status: 401, message: 'Unauthorized' };
    let user: TokenReviewResult;
    try {
      user = await authenticate(match[1]);
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
  return Object.assign(filter, { cacheSizes: () => ({ authentication: tokens.size, authorization: decisions.size }) });
}
