/**
 * TokenReview (authentication.k8s.io/v1) and SubjectAccessReview, SelfSubjectAccessReview
 * (authorization.k8s.io/v1): the create-only reviews that delegated authentication and
 * authorization call (controller-runtime's secure metrics filter). Tokens are authenticated and
 * requests authorized by the environment's policies; by default any token is the environment's
 * admin and everything is allowed. Tokens the server issued (token-requests.ts) are their service accounts.
 */
import { isPlainObject } from '../../model/object.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import type { ResourceRequest } from '../http/request-info.js';
import { StatusError } from '../../model/status.js';
import { badRequestStatus, invalidStatus } from '../../../kube/status.js';

/** A user as TokenReview reports it (authentication.k8s.io/v1 UserInfo). */
export interface AuthenticatedUser {
  username: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export interface AuthenticationPolicy {
  /** The tokens that authenticate, and as whom; other tokens do not. Absent: any token is the admin. */
  tokens?: Record<string, AuthenticatedUser>;
}

/** What a SubjectAccessReview asks: may this user do this (kube-apiserver's authorizer.Attributes). */
export interface AuthorizationAttributes {
  user: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
  verb: string;
  /** False for non-resource requests (`path` set, e.g. /metrics). */
  resourceRequest: boolean;
  path?: string;
  namespace?: string;
  group?: string;
  version?: string;
  resource?: string;
  subresource?: string;
  name?: string;
}

/** Who a token the server issued is (token-requests.ts): undefined for other tokens, an error for expired ones or other audiences. */
export interface IssuedTokens {
  authenticate(token: string, audiences: string[] | undefined): { user: AuthenticatedUser; audiences: string[] } | { error: string } | undefined;
}

/** Decides a SubjectAccessReview: allowed or not, or the whole answer (reason, explicit denial). */
export type AuthorizationPolicy = (attrs: AuthorizationAttributes) => boolean | { allowed: boolean; denied?: boolean; reason?: string };

/** Every request to the server acts as this user; any token authenticates as it by default. */
export const ADMIN_USER: AuthenticatedUser = { username: 'envtest-admin', groups: ['system:masters', 'system:authenticated'] };

const REVIEWS: Record<string, { group: string; kind: string }> = {
  tokenreviews: { group: 'authentication.k8s.io', kind: 'TokenReview' },
  subjectaccessreviews: { group: 'authorization.k8s.io', kind: 'SubjectAccessReview' },
  selfsubjectaccessreviews: { group: 'authorization.k8s.io', kind: 'SelfSubjectAccessReview' },
};

/** Whether a request addresses one of the review resources (served here, not by the store). */
export function isAccessReview(info: ResourceRequest): boolean {
  const review = REVIEWS[info.resource];
  return review !== undefined && review.group === info.group && info.version === 'v1';
}

export class AccessReviews {
  constructor(
    private readonly authn: AuthenticationPolicy = {},
    private readonly authz: AuthorizationPolicy = () => true,
    /** The service account tokens the server issued (serviceaccounts/token), authenticated as their accounts. */
    private readonly issuedTokens?: IssuedTokens,
  ) {}

  /** Answers a request to a review resource: 201 with the review and its status. */
  review(info: ResourceRequest, body: unknown): { code: number; body: unknown } {
    const { group, kind } = REVIEWS[info.resource];
    if (info.verb !== 'create' || info.name !== undefined || info.subresource !== undefined) {
      throw new StatusError({ message: 'the server does not allow this method on the requested resource', reason: 'MethodNotAllowed', details: {}, code: 405 });
    }
    if (info.namespace !== undefined) throw new StatusError(badRequestStatus('namespace is not allowed on this type'));
    if (!isPlainObject(body)) throw new StatusError(badRequestStatus('the body of the request was not a JSON object'));
    const apiVersion = `${group}/v1`;
    if (body.apiVersion !== undefined && body.apiVersion !== '' && body.apiVersion !== apiVersion) {
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the client's JSON value, printed as sent
      throw new StatusError(badRequestStatus(`the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${apiVersion})`));
    }
    if (body.kind !== undefined && body.kind !== '' && body.kind !== kind) {
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the client's JSON value, printed as sent
      throw new StatusError(badRequestStatus(`the kind in the data (${String(body.kind)}) does not match the expected kind (${kind})`));
    }
    const spec = isPlainObject(body.spec) ? body.spec : {};
    const metadata = isPlainObject(body.metadata) ? body.metadata : {};
    const status = kind === 'TokenReview' ? this.tokenReview(spec) : this.accessReview(kind, spec);
    return { code: 201, body: { kind, apiVersion, metadata, spec, status } };
  }

  private tokenReview(spec: Record<string, unknown>): Record<string, unknown> {
    const token = typeof spec.token === 'string' ? spec.token : '';
    if (token === '') throw new StatusError(badRequestStatus('token is required for TokenReview in authentication'));
    const audiences = Array.isArray(spec.audiences) ? spec.audiences : undefined;
    const issued = this.issuedTokens?.authenticate(token, audiences?.map(String));
    if (issued !== undefined) {
      return 'error' in issued ? { user: {}, error: issued.error } : { authenticated: true, user: { ...issued.user }, audiences: issued.audiences };
    }
    const user = this.authn.tokens ? this.authn.tokens[token] : ADMIN_USER;
    if (!user) return { user: {}, error: 'invalid bearer token' };
    return { authenticated: true, user: { ...user }, ...(audiences ? { audiences } : {}) };
  }

  private accessReview(kind: string, spec: Record<string, unknown>): Record<string, unknown> {
    const resource = isPlainObject(spec.resourceAttributes) ? spec.resourceAttributes : undefined;
    const nonResource = isPlainObject(spec.nonResourceAttributes) ? spec.nonResourceAttributes : undefined;
    const errors: FieldCause[] = [];
    if (!resource && !nonResource) errors.push({ reason: 'FieldValueRequired', field: 'spec.resourceAttributes', message: 'Required value: exactly one of nonResourceAttributes or resourceAttributes must be specified' });
    if (resource && nonResource) errors.push({ reason: 'FieldValueInvalid', field: 'spec.nonResourceAttributes', message: 'Invalid value: "": cannot be specified in combination with resourceAttributes' });
    // A self review is about the caller: every caller is the admin here.
    const subject: AuthenticatedUser =
      kind === 'SelfSubjectAccessReview'
        ? ADMIN_USER
        : {
            username: typeof spec.user === 'string' ? spec.user : '',
            ...(typeof spec.uid === 'string' ? { uid: spec.uid } : {}),
            groups: Array.isArray(spec.groups) ? spec.groups.map(String) : [],
            ...(isPlainObject(spec.extra) ? { extra: spec.extra as Record<string, string[]> } : {}),
          };
    if (kind === 'SubjectAccessReview' && subject.username === '' && (subject.groups ?? []).length === 0) {
      errors.push({ reason: 'FieldValueInvalid', field: 'spec.user', message: 'Invalid value: "": at least one of user or group must be specified' });
    }
    if (errors.length > 0) throw new StatusError(invalidStatus(kind, 'authorization.k8s.io', '', errors));
    const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
    const attrs: AuthorizationAttributes = {
      user: subject.username,
      ...(subject.uid ? { uid: subject.uid } : {}),
      groups: subject.groups ?? [],
      ...(subject.extra ? { extra: subject.extra } : {}),
      verb: str((resource ?? nonResource)!.verb) ?? '',
      resourceRequest: resource !== undefined,
    };
    if (nonResource) attrs.path = str(nonResource.path) ?? '';
    if (resource) {
      for (const key of ['namespace', 'group', 'version', 'resource', 'subresource', 'name'] as const) {
        const value = str(resource[key]);
        if (value !== undefined) attrs[key] = value;
      }
    }
    const decision = this.authz(attrs);
    const answer = typeof decision === 'boolean' ? { allowed: decision } : decision;
    return {
      allowed: answer.allowed,
      ...(answer.denied ? { denied: true } : {}),
      ...(answer.reason ? { reason: answer.reason } : {}),
    };
  }
}
