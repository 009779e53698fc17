/**
 * What the schema module compiles a CRD version's `openAPIV3Schema` into (the schema, field
 * cause and Status shapes are in src/kube).
 */
import type { FieldCause } from '../../kube/field-errors.js';

/** A structural schema prepared once per CRD version; all methods are cheap to call per request. */
export interface CompiledSchema {
  /**
   * Validates `obj` (the whole object, root included) against the schema and its CEL rules.
   * `oldObj` is the stored object on update: transition rules (those using `oldSelf`) run only
   * where the old value exists. Returns the causes in the order kube-apiserver reports them
   * (schema errors first, then CEL rule errors); an empty list means valid. `afterSchema` are
   * the caller's own errors that kube-apiserver reports right after the schema's (a custom
   * resource's scale paths), before embedded-resource, list-type and CEL errors.
   */
  validate(obj: unknown, oldObj?: unknown, afterSchema?: FieldCause[]): FieldCause[];
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
   * default unless the field is nullable; a null that is neither nullable nor defaulted is then
   * dropped unless `dropNulls` is false. Modifies `obj` in place and returns it.
   */
  applyDefaults<T>(obj: T, dropNulls?: boolean): T;
}

export interface CompileSchemaOptions {
  /** Where the schema came from (a CRD file and version), named in compile errors. */
  source?: string;
}
