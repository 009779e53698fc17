import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';

/**
 * Deep copy of plain JSON data (much cheaper than structuredClone for schema trees). Objects are
 * copied without a prototype: their keys may be the user's (field names, default values), and a
 * `__proto__` key is then copied as a key, not made the copy's prototype.
 */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key in value) out[key] = cloneJson((value as Record<string, unknown>)[key]);
  return out as T;
}

/** Calls `visit` on every schema of the tree, parents before children. */
export function walkSchema(schema: JSONSchemaProps, visit: (s: JSONSchemaProps) => void): void {
  visit(schema);
  if (schema.items) walkSchema(schema.items, visit);
  if (schema.properties) for (const p of Object.values(schema.properties)) walkSchema(p, visit);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') walkSchema(schema.additionalProperties, visit);
  for (const list of [schema.allOf, schema.anyOf, schema.oneOf]) if (list) for (const s of list) walkSchema(s, visit);
  if (schema.not) walkSchema(schema.not, visit);
}
