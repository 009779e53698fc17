/**
 * JSON merge patch (RFC 7386) as kube-apiserver applies it (evanphx/json-patch's MergePatch):
 * objects merge, null deletes, everything else replaces. A value that replaces a non-object
 * loses the nulls of its objects (`[{"x": null}]` is stored as `[{}]`); one that replaces an
 * object keeps them, as the library does.
 */
import { deepCopy } from '../../kube/json-values.js';
import { isPlainObject } from '../model/object.js';

export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return deepCopy(patch);
  const out: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergeValue(out[key], value);
  }
  return out;
}

function mergeValue(current: unknown, patch: unknown): unknown {
  if (!isPlainObject(current)) return withoutNulls(patch);
  if (!isPlainObject(patch)) return deepCopy(patch);
  return applyMergePatch(current, patch);
}

/** The value with its objects' null members dropped, at any depth (nulls in lists stay). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return (value as unknown[]).map((v) => (v === null ? v : withoutNulls(v)));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = withoutNulls(v);
  return out;
}
