/**
 * API groups the Kubernetes community owns (apihelpers.IsProtectedCommunityGroup): `k8s.io`,
 * `kubernetes.io` and their subdomains. A CRD in one needs the api-approved.kubernetes.io
 * annotation (KEP 1111): the URL of the API review that approved it, or a reason starting with
 * "unapproved".
 */
export const API_APPROVAL_ANNOTATION = 'api-approved.kubernetes.io';

export function isProtectedCommunityGroup(group: string): boolean {
  return group === 'k8s.io' || group.endsWith('.k8s.io') || group === 'kubernetes.io' || group.endsWith('.kubernetes.io');
}
