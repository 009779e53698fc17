/** JSON merge patch (RFC 7386): objects merge, null deletes, everything else replaces. */
import { deepCopy } from '../../kube/json-values.js';
import { isPlainObject } from '../model/object.js';

export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return deepCopy(patch);
  const out: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = applyMergePatch(out[key], value);
  }
  return out;
}
