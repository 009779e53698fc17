/** A Lease's spec (ValidateLeaseSpec): a duration above 0, a transition count not negative. */
import { invalid, type FieldCause } from '../../../kube/field-errors.js';
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { nonnegativeField } from './go-values.js';

export function leaseErrors(obj: KubeObject): FieldCause[] {
  const spec = isPlainObject(obj.spec) ? obj.spec : {};
  const errors: FieldCause[] = [];
  const duration = spec.leaseDurationSeconds;
  if (typeof duration === 'number' && duration <= 0) errors.push(invalid('spec.leaseDurationSeconds', duration, 'must be greater than 0'));
  errors.push(...nonnegativeField('spec.leaseTransitions', spec.leaseTransitions));
  return errors;
}
