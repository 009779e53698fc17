/**
 * CRD semantics for the test API server: structural-schema validation, pruning, defaulting,
 * x-kubernetes-validations (CEL), and the 422 Invalid Status kube-apiserver answers with.
 *
 * Messages follow kube-apiserver 1.36 (apiextensions-apiserver, kube-openapi, apimachinery field
 * errors): e.g. `Invalid value: 5: spec.replicas in body should be less than or equal to 3`, and
 * for CEL rules `Invalid value: 5: failed rule: <rule>` (no value shown for objects and lists). Updates ratchet: an unchanged
 * invalid value is not reported again.
 *
 * Patterns and CEL's matches/find/findAll are Go regular expressions (RE2, src/kube/re2.ts): Go
 * syntax, linear time. Before a CRD is accepted its schema is checked as kube-apiserver checks it:
 * structural (structural.ts), OpenAPI rules (openapi-rules.ts), defaults valid and pruned
 * (default-validation.ts); src/apiextensions/validation adds the rest of the CRD.
 *
 * CEL runs on @bufbuild/cel with the Kubernetes libraries common rules use (see cel/library.ts),
 * optional selection `.?field`, and optionalOldSelf. Compiling a schema reports rules that do not
 * parse, undeclared variables and fields the schema does not declare. Not done: CEL cost budgets,
 * order-insensitive equality of set/map lists, `[?key]` optional indexing, the rest of CEL type
 * checking (a type mismatch shows when the rule runs, as `no such overload`).
 */
export type { CompiledSchema, CompileSchemaOptions } from './types.js';
export type { FieldErrorType as CauseReason, FieldCause } from '../../kube/field-errors.js';
export type { Status, StatusCause } from '../../kube/status.js';
export type { JSONSchemaProps, ValidationRule } from '../../kube/json-schema-props.js';
export { compileSchema, SchemaCompileError } from './compile.js';
export { validateStructuralSchema } from './structural.js';
