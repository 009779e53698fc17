/**
 * The shapes the schema module works with: an apiextensions.k8s.io/v1 `openAPIV3Schema`,
 * the field causes a rejected write carries, and the metav1 Status the API server answers with.
 */

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

/** apiextensions.k8s.io/v1 JSONSchemaProps, as found in a CRD's `schema.openAPIV3Schema`. */
export interface JSONSchemaProps {
  type?: string;
  format?: string;
  description?: string;
  title?: string;
  default?: unknown;
  nullable?: boolean;
  enum?: unknown[];
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
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
  example?: unknown;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  'x-kubernetes-validations'?: ValidationRule[];
}

/** The field error types of k8s.io/apimachinery/pkg/util/validation/field, as StatusCause reasons. */
export type CauseReason =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

/**
 * One field error. `message` is the error body as kube-apiserver puts it in a StatusCause
 * (`Required value`, `Invalid value: "x": ...`), `field` the path (`spec.replicas`, `spec.items[0].name`).
 */
export interface FieldCause {
  reason: CauseReason;
  message: string;
  field: string;
}

/** A metav1 StatusCause: every member optional on the wire. */
export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

/** A metav1 Status body, as JSON on the wire (structurally a V1Status of @kubernetes/client-node). */
export interface Status {
  apiVersion: 'v1';
  kind: 'Status';
  metadata: Record<string, never>;
  status: 'Failure' | 'Success';
  message?: string;
  reason?: string;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    uid?: string;
    causes?: StatusCause[];
    retryAfterSeconds?: number;
  };
  code: number;
}

/** A structural schema prepared once per CRD version; all methods are cheap to call per request. */
export interface CompiledSchema {
  /**
   * Validates `obj` (the whole object, root included) against the schema and its CEL rules.
   * `oldObj` is the stored object on update: transition rules (those using `oldSelf`) run only
   * where the old value exists. Returns the causes in the order kube-apiserver reports them
   * (schema errors first, then CEL rule errors); an empty list means valid.
   */
  validate(obj: unknown, oldObj?: unknown): FieldCause[];
  /**
   * Drops fields the schema does not specify, unless x-kubernetes-preserve-unknown-fields.
   * Embedded resources keep apiVersion, kind and metadata; the root's `metadata` is left alone
   * (the server handles it). Modifies `obj` in place and returns it; the paths of dropped fields
   * (`spec.foo`, sorted) are appended to `unknownFieldPaths` when given, for `unknown field` warnings.
   */
  prune<T>(obj: T, unknownFieldPaths?: string[]): T;
  /**
   * Applies schema defaults as the API server does on create, update and read: inside objects
   * that exist, including nested defaults of a defaulted object; a null value is replaced by the
   * default unless the field is nullable. Modifies `obj` in place and returns it.
   */
  applyDefaults<T>(obj: T): T;
}

export interface CompileSchemaOptions {
  /** Where the schema came from (a CRD file and version), named in compile errors. */
  source?: string;
}
