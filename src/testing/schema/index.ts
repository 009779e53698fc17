/**
 * CRD semantics for the test API server: structural-schema validation, pruning, defaulting,
 * x-kubernetes-validations (CEL), and the 422 Invalid Status kube-apiserver answers with.
 */
export type {
  CauseReason,
  CompiledSchema,
  CompileSchemaOptions,
  FieldCause,
  JSONSchemaProps,
  Status,
  StatusCause,
  ValidationRule,
} from './types.js';
export { compileSchema, SchemaCompileError } from './compile.js';
export { invalidStatus } from './status.js';
