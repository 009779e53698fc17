/**
 * The serviceaccounts/token subresource (authentication.k8s.io/v1 TokenRequest, `kubectl create
 * token`), as kube-apiserver's TokenREST: a token for an existing service account, with the
 * server's audiences unless others are asked for, valid for spec.expirationSeconds (default one
 * hour, at least ten minutes). TokenReview then authenticates the token as that service account
 * (`system:serviceaccount:<namespace>:<name>`) until it expires. Tokens are opaque random strings,
 * not signed JWTs; binding a token to an object (spec.boundObjectRef) is refused.
 */
import { randomBytes } from 'node:crypto';
import { isPlainObject } from '../../model/object.js';
import { invalid, type FieldCause } from '../../../kube/field-errors.js';
import type { AuthenticatedUser, IssuedTokens } from './access-reviews.js';
import type { ResourceRequest } from '../http/request-info.js';
import { metaTime } from '../../../kube/meta-time.js';
import { StatusError } from '../../model/status.js';
import { badRequestStatus, invalidStatus } from '../../../kube/status.js';

/** kube-apiserver's default API audience (its --service-account-issuer in kind and kubeadm clusters). */
export const API_AUDIENCES = ['https://kubernetes.default.svc.cluster.local'];
const DEFAULT_EXPIRATION_SECONDS = 3600;
const MIN_EXPIRATION_SECONDS = 10 * 60;
const MAX_EXPIRATION_SECONDS = 2 ** 32;

interface IssuedToken {
  user: AuthenticatedUser;
  audiences: string[];
  expiresAt: number;
}

/** Whether a request creates a token of a service account. */
export function isTokenRequest(info: ResourceRequest): boolean {
  return info.group === '' && info.version === 'v1' && info.resource === 'serviceaccounts' && info.subresource === 'token';
}

/** The service account the token is for, as the store holds it. */
export interface ServiceAccountRecord {
  metadata?: { name?: string; namespace?: string; uid?: string };
}

export class TokenRequests implements IssuedTokens {
  private readonly issued = new Map<string, IssuedToken>();

  /**
   * Answers POST .../namespaces/<ns>/serviceaccounts/<name>/token: 201 with the TokenRequest and its
   * status. `serviceAccount` reads the account (throwing the store's 404 when it does not exist).
   */
  async create(info: ResourceRequest, body: unknown, serviceAccount: () => Promise<ServiceAccountRecord>): Promise<{ code: number; body: unknown }> {
    if (info.verb !== 'create' || info.name === undefined) {
      throw new StatusError({ message: 'the server does not allow this method on the requested resource', reason: 'MethodNotAllowed', details: {}, code: 405 });
    }
    const name = info.name;
    const namespace = info.namespace;
    if (namespace === undefined) throw new StatusError(badRequestStatus('namespace is required'));
    if (!isPlainObject(body)) throw new StatusError(badRequestStatus('the body of the request was not a JSON object'));
    const metadata = isPlainObject(body.metadata) ? { ...body.metadata } : {};
    if (typeof metadata.name === 'string' && metadata.name !== '' && metadata.name !== name) {
      throw new StatusError(invalidStatus('TokenRequest', 'authentication.k8s.io', name, [invalid('metadata.name', metadata.name, 'must match the service account name if specified')]));
    }
    if (typeof metadata.namespace === 'string' && metadata.namespace !== '' && metadata.namespace !== namespace) {
      throw new StatusError(invalidStatus('TokenRequest', 'authentication.k8s.io', name, [invalid('metadata.namespace', metadata.namespace, 'must match the service account namespace if specified')]));
    }
    const account = await serviceAccount();
    const spec = isPlainObject(body.spec) ? { ...body.spec } : {};
    const audiences = Array.isArray(spec.audiences) && spec.audiences.length > 0 ? spec.audiences.map(String) : [...API_AUDIENCES];
    const expirationSeconds = typeof spec.expirationSeconds === 'number' ? spec.expirationSeconds : DEFAULT_EXPIRATION_SECONDS;
    const now = new Date();
    metadata.name = name;
    metadata.namespace = namespace;
    metadata.creationTimestamp = metaTime(now);

    const errors: FieldCause[] = [];
    if (expirationSeconds < MIN_EXPIRATION_SECONDS) errors.push(invalid('spec.expirationSeconds', expirationSeconds, 'may not specify a duration less than 10 minutes'));
    if (expirationSeconds > MAX_EXPIRATION_SECONDS) errors.push(invalid('spec.expirationSeconds', expirationSeconds, 'may not specify a duration larger than 2^32 seconds'));
    if (errors.length > 0) throw new StatusError(invalidStatus('TokenRequest', 'authentication.k8s.io', '', errors));
    if (spec.boundObjectRef !== undefined && spec.boundObjectRef !== null) {
      throw new StatusError(badRequestStatus('the test API server does not bind service account tokens to objects (spec.boundObjectRef)'));
    }

    const token = randomBytes(32).toString('base64url');
    const expiresAt = now.getTime() + expirationSeconds * 1000;
    const uid = account.metadata?.uid;
    this.issued.set(token, {
      user: {
        username: `system:serviceaccount:${namespace}:${name}`,
        ...(uid ? { uid } : {}),
        groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'],
      },
      audiences,
      expiresAt,
    });
    return {
      code: 201,
      body: {
        kind: 'TokenRequest',
        apiVersion: 'authentication.k8s.io/v1',
        metadata,
        spec: { ...spec, audiences, expirationSeconds, boundObjectRef: null },
        status: { token, expirationTimestamp: metaTime(expiresAt) },
      },
    };
  }

  /**
   * Who an issued token is, for TokenReview: undefined for tokens this server did not issue; an
   * error for expired ones and ones whose audiences do not meet the review's (its audiences,
   * else the server's).
   */
  authenticate(token: string, wanted: string[] | undefined): { user: AuthenticatedUser; audiences: string[] } | { error: string } | undefined {
    const issued = this.issued.get(token);
    if (issued === undefined) return undefined;
    if (Date.now() >= issued.expiresAt) return { error: 'service account token has expired' };
    const target = wanted !== undefined && wanted.length > 0 ? wanted : API_AUDIENCES;
    const audiences = target.filter((a) => issued.audiences.includes(a));
    if (audiences.length === 0) return { error: 'token audiences is invalid for the target audiences' };
    return { user: issued.user, audiences };
  }
}
