/**
 * What a custom resource with a scale subresource must hold at its scale paths, checked after
 * its schema as kube-apiserver's custom resource validator does: the replicas an int64 from 0 to
 * 2^31-1, the label selector a string. Errors name the path as the CRD spells it (`.spec.replicas`)
 * and read the value as apimachinery's unstructured accessors do (NestedInt64, NestedString).
 */
import { goTypeOf, goV, isGoInt } from '../../../kube/go-format.js';
import { invalid, type FieldCause } from '../../../kube/field-errors.js';
import type { ScaleSubresource } from '../../model/resource-type.js';

const MAX_INT32 = 2 ** 31 - 1;

/** The value at a dotted path (unstructured.NestedFieldNoCopy): found or not, or the accessor's error. */
function nested(obj: unknown, fields: string[]): { found: boolean; value?: unknown; error?: string } {
  let value: unknown = obj;
  for (let i = 0; i < fields.length; i++) {
    if (value === null || value === undefined) return { found: false };
    if (typeof value !== 'object' || Array.isArray(value)) {
      return { found: false, error: `.${fields.slice(0, i + 1).join('.')} accessor error: ${goV(value)} is of the type ${goTypeOf(value)}, expected map[string]interface{}` };
    }
    const map = value as Record<string, unknown>;
    if (!(fields[i] in map)) return { found: false };
    value = map[fields[i]];
  }
  return { found: true, value };
}

function replicasErrors(obj: unknown, path: string): FieldCause[] {
  const fields = path.replace(/^\./, '').split('.');
  const { found, value, error } = nested(obj, fields);
  if (error) return [invalid(path, 0, error)];
  if (!found) return [];
  if (typeof value !== 'number' || !isGoInt(value)) return [invalid(path, 0, `.${fields.join('.')} accessor error: ${goV(value)} is of the type ${goTypeOf(value)}, expected int64`)];
  if (value < 0) return [invalid(path, value, 'should be a non-negative integer')];
  if (value > MAX_INT32) return [invalid(path, value, `should be less than or equal to ${MAX_INT32}`)];
  return [];
}

/** The errors of `obj`'s scale paths, spec then status then label selector. */
export function validateScalePaths(obj: unknown, scale: ScaleSubresource): FieldCause[] {
  const errors = [...replicasErrors(obj, scale.specReplicasPath), ...replicasErrors(obj, scale.statusReplicasPath)];
  if (scale.labelSelectorPath) {
    const fields = scale.labelSelectorPath.replace(/^\./, '').split('.');
    const { found, value, error } = nested(obj, fields);
    const wrongType = found && typeof value !== 'string' ? `.${fields.join('.')} accessor error: ${goV(value)} is of the type ${goTypeOf(value)}, expected string` : undefined;
    if (error ?? wrongType) errors.push(invalid(scale.labelSelectorPath, '', (error ?? wrongType)!));
  }
  return errors;
}
