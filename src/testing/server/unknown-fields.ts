/**
 * Server-side field validation (the fieldValidation query parameter): fields a custom resource's
 * schema (or a built-in kind's type) does not declare are dropped silently (Ignore), reported as
 * warnings (Warn, the default), or refuse the request (Strict), as kube-apiserver does.
 */
import { deepCopy } from '../../kube/json-values.js';
import { type KubeObject } from '../resources/object.js';
import { badRequest } from '../resources/status.js';
import type { CompiledSchema } from '../../apiextensions/schema/index.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

export function parseFieldValidation(value: string | null): FieldValidation {
  if (value === null || value === '' || value === 'Warn') return 'Warn';
  if (value === 'Ignore' || value === 'Strict') return value;
  throw badRequest(`fieldValidation must be one of "Ignore", "Warn", "Strict"; got ${JSON.stringify(value)}`);
}

/** Paths of the fields the schema does not declare (`spec.bogus`, `spec.items[0].x`), sorted; the root's metadata is the server's. */
export function unknownFields(schema: CompiledSchema, obj: KubeObject): string[] {
  const { metadata: _m, ...rest } = obj;
  const paths: string[] = [];
  schema.prune(deepCopy(rest), paths);
  return paths;
}

/** Applies the policy to a custom resource's unknown fields: throws 400 for Strict, adds warnings for Warn. */
export function checkUnknownFields(
  schema: CompiledSchema | undefined,
  obj: KubeObject,
  policy: FieldValidation,
  version: string,
  warnings: string[] | undefined,
): void {
  if (!schema || policy === 'Ignore') return;
  applyFieldValidation(unknownFields(schema, obj), obj, policy, version, warnings);
}

/** Applies the policy to the paths of unknown fields: throws 400 for Strict, adds warnings for Warn. */
export function applyFieldValidation(unknown: string[], obj: KubeObject, policy: FieldValidation, version: string, warnings: string[] | undefined): void {
  if (policy === 'Ignore' || unknown.length === 0) return;
  const messages = unknown.map((p) => `unknown field ${JSON.stringify(p)}`);
  if (policy === 'Strict') {
    throw badRequest(`${String(obj.kind)} in version ${JSON.stringify(version)} cannot be handled as a ${String(obj.kind)}: strict decoding error: ${messages.join(', ')}`);
  }
  warnings?.push(...messages);
}
