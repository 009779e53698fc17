/**
 * The user and group IDs of a pod's and a container's security context (ValidatePodSecurityContext,
 * ValidateSecurityContext): each within 0 and 2^31-1 (validation.IsValidUserID, IsValidGroupID).
 */
import { isPlainObject } from '../../model/object.js';
import { invalid, type FieldCause } from '../../../kube/field-errors.js';

const MAX_ID = 2147483647;
const ID_RANGE = `must be between 0 and ${MAX_ID}, inclusive`;

function idErrors(field: string, value: unknown): FieldCause[] {
  return typeof value === 'number' && (value < 0 || value > MAX_ID) ? [invalid(field, value, ID_RANGE)] : [];
}

/** A container's securityContext: runAsUser and runAsGroup. */
export function securityContextErrors(context: unknown, path: string): FieldCause[] {
  if (!isPlainObject(context)) return [];
  return [...idErrors(`${path}.runAsUser`, context.runAsUser), ...idErrors(`${path}.runAsGroup`, context.runAsGroup)];
}

/** A pod's securityContext: fsGroup, runAsUser, runAsGroup and each supplemental group (kube-apiserver's order). */
export function podSecurityContextErrors(context: unknown, path: string): FieldCause[] {
  if (!isPlainObject(context)) return [];
  const supplemental = Array.isArray(context.supplementalGroups) ? context.supplementalGroups : [];
  return [
    ...idErrors(`${path}.fsGroup`, context.fsGroup),
    ...securityContextErrors(context, path),
    ...supplemental.flatMap((group: unknown, i) => idErrors(`${path}.supplementalGroups[${i}]`, group)),
  ];
}
