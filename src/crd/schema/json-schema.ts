/**
 * apiextensions.k8s.io/v1 JSONSchemaProps as plain JSON, with the keys a CRD carries.
 * `$ref` appears only between the type walk and the flatten pass.
 */
export interface JSONSchemaProps {
  $ref?: string;
  description?: string;
  title?: string;
  type?: string;
  format?: string;
  default?: unknown;
  example?: unknown;
  enum?: unknown[];
  maximum?: number;
  minimum?: number;
  exclusiveMaximum?: boolean;
  exclusiveMinimum?: boolean;
  multipleOf?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  items?: JSONSchemaProps;
  properties?: Record<string, JSONSchemaProps>;
  additionalProperties?: JSONSchemaProps | boolean;
  allOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  nullable?: boolean;
  externalDocs?: { description?: string; url: string };
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-validations'?: ValidationRule[];
}

export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

/** Deep copy of plain JSON data (much cheaper than structuredClone for schema trees). */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const out: Record<string, unknown> = {};
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
