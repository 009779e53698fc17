/**
 * Server-side field validation (the fieldValidation query parameter): fields a custom resource's
 * schema does not declare are dropped silently (Ignore), reported as warnings (Warn, the
 * default), or refuse the request (Strict), as kube-apiserver does for custom resources.
 */
import { deepClone, isPlainObject, type KubeObject } from '../api/object.js';
import { badRequest } from '../api/status.js';
import type { CompiledSchema } from '../schema/index.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

export function parseFieldValidation(value: string | null): FieldValidation {
  if (value === null || value === '' || value === 'Warn') return 'Warn';
  if (value === 'Ignore' || value === 'Strict') return value;
  throw badRequest(`fieldValidation must be one of "Ignore", "Warn", "Strict"; got ${JSON.stringify(value)}`);
}

/** Paths (`spec.bogus`, `spec.items[0].x`) present in `before` but dropped in `after`. */
function dropped(before: unknown, after: unknown, path: string, out: string[]): void {
  if (isPlainObject(before)) {
    const kept = isPlainObject(after) ? after : {};
    for (const [k, v] of Object.entries(before)) {
      const p = path === '' ? k : `${path}.${k}`;
      if (!(k in kept)) out.push(p);
      else dropped(v, kept[k], p, out);
    }
  } else if (Array.isArray(before) && Array.isArray(after)) {
    before.forEach((v, i) => dropped(v, after[i], `${path}[${i}]`, out));
  }
}

export function unknownFields(schema: CompiledSchema, obj: KubeObject): string[] {
  const { metadata: _m, ...rest } = obj;
  const pruned = schema.prune(deepClone(rest));
  const out: string[] = [];
  dropped(rest, pruned, '', out);
  return out;
}

/** Applies the policy: throws 400 for Strict, adds warnings for Warn. */
export function checkUnknownFields(schema: CompiledSchema | undefined, obj: KubeObject, policy: FieldValidation, version: string, warnings: string[] | undefined): void {
  if (!schema || policy === 'Ignore') return;
  const unknown = unknownFields(schema, obj);
  if (unknown.length === 0) return;
  const messages = unknown.map((p) => `unknown field ${JSON.stringify(p)}`);
  if (policy === 'Strict') {
    throw badRequest(`${String(obj.kind)} in version ${JSON.stringify(version)} cannot be handled as a ${String(obj.kind)}: strict decoding error: ${messages.join(', ')}`);
  }
  warnings?.push(...messages);
}
