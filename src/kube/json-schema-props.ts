/**
 * apiextensions.k8s.io/v1 JSONSchemaProps as plain JSON, with the keys a CRD carries
 * (a CRD's `schema.openAPIV3Schema`). `$ref` appears only inside the CRD generator, between its
 * type walk and its flatten pass.
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
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  'x-kubernetes-validations'?: ValidationRule[];
}

/** One x-kubernetes-validations entry (apiextensions v1 ValidationRule). */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  /** FieldValueInvalid (default), FieldValueForbidden, FieldValueRequired or FieldValueDuplicate. */
  reason?: string;
  /** A JSON path relative to the schema holding the rule, such as `.spec.replicas`. */
  fieldPath?: string;
  optionalOldSelf?: boolean;
}
