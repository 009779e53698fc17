/**
 * validateAPIApproval: a CRD in a group the Kubernetes community owns (`k8s.io`, `kubernetes.io`
 * and their subdomains) carries the `api-approved.kubernetes.io` annotation, either the URL of
 * the API review that approved it or a reason starting with "unapproved". On update an unchanged
 * approval state is never an error.
 */
import { invalid, required, type FieldCause } from '../../kube/field-errors.js';
import { asObject, asString, specOf } from './crd-object.js';
import { API_APPROVAL_ANNOTATION, isProtectedCommunityGroup } from '../../kube/community-groups.js';

const ENHANCEMENT = 'https://github.com/kubernetes/enhancements/pull/1111';

type ApprovalState = 'invalid' | 'approved' | 'bypassed' | 'missing';

/** url.ParseRequestURI succeeds with a scheme and a host. */
function isApprovalURL(text: string): boolean {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/.exec(text);
  // eslint-disable-next-line no-control-regex -- a URL may hold no control character or space
  if (!m || m[2] === '' || /[\x00-\x20\x7f]/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

function approvalState(crd: unknown): ApprovalState {
  const annotation = asString(asObject(asObject(asObject(crd).metadata).annotations)[API_APPROVAL_ANNOTATION]);
  if (annotation === '') return 'missing';
  if (annotation.startsWith('unapproved')) return 'bypassed';
  return isApprovalURL(annotation) ? 'approved' : 'invalid';
}

/** The approval errors of `crd`; `old` is the stored CRD on update. */
export function validateAPIApproval(crd: unknown, old?: unknown): FieldCause[] {
  if (!isProtectedCommunityGroup(asString(specOf(crd).group))) return [];
  const state = approvalState(crd);
  if (old !== undefined && approvalState(old) === state) return [];
  const field = `metadata.annotations[${API_APPROVAL_ANNOTATION}]`;
  const quoted = JSON.stringify(API_APPROVAL_ANNOTATION);
  if (state === 'missing') return [required(field, `protected groups must have approval annotation ${quoted}, see ${ENHANCEMENT}`)];
  if (state === 'invalid') {
    const value = asObject(asObject(asObject(crd).metadata).annotations)[API_APPROVAL_ANNOTATION];
    return [invalid(field, value, `protected groups must have approval annotation ${quoted} with either a URL or a reason starting with "unapproved", see ${ENHANCEMENT}`)];
  }
  return [];
}
