/**
 * A pod's spec as kube-apiserver validates it (ValidatePodSpec in pkg/apis/core/validation), for
 * Pods and the pod templates of workloads.
 */
import { isPlainObject } from '../object.js';
import { requiredField } from '../status.js';
import type { FieldCause } from '../../../kube/field-errors.js';

export function podSpecErrors(spec: unknown, path: string): FieldCause[] {
  if (!isPlainObject(spec)) return [requiredField(path, '')];
  const errors: FieldCause[] = [];
  const containers = spec.containers;
  if (!Array.isArray(containers) || containers.length === 0) {
    errors.push(requiredField(`${path}.containers`, ''));
  } else {
    containers.forEach((c, i) => {
      const container = isPlainObject(c) ? c : {};
      if (!container.name) errors.push(requiredField(`${path}.containers[${i}].name`, ''));
      if (!container.image) errors.push(requiredField(`${path}.containers[${i}].image`, ''));
    });
  }
  return errors;
}
