/**
 * compileSchema: a CRD version's openAPIV3Schema made ready for the request pipeline. Validation
 * reports what kube-apiserver reports, in its order: schema errors, embedded-resource errors,
 * list-type duplicates, then CEL rule errors (which do not run when an earlier error blocks them).
 */
import { validateRules } from './cel/walk.js';
import { validateEmbeddedResources } from './embedded.js';
import { invalid, ROOT_FIELD, type FieldCause } from '../../kube/field-errors.js';
import { validateListTypes } from './list-type.js';
import { compileNode, SchemaCompileError } from './node.js';
import { validateValue } from './openapi-validate.js';
import { defaultObject } from './defaults.js';
import { pruneObject } from './prune.js';
import type { CompiledSchema, CompileSchemaOptions } from './types.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';

export { SchemaCompileError };

/** Errors after which kube-apiserver does not evaluate CEL rules (hasBlockingErr). */
const blocking = new Set(['FieldValueNotSupported', 'FieldValueRequired', 'FieldValueTooLong', 'FieldValueTooMany', 'FieldValueTypeInvalid']);

export function compileSchema(schema: JSONSchemaProps, options: CompileSchemaOptions = {}): CompiledSchema {
  let root;
  try {
    root = compileNode(schema, 'openAPIV3Schema', true);
  } catch (err) {
    if (err instanceof SchemaCompileError && options.source) throw new SchemaCompileError(err.path, err.detail, options.source);
    throw err;
  }
  return {
    validate(obj: unknown, oldObj?: unknown, afterSchema: FieldCause[] = []): FieldCause[] {
      const errs: FieldCause[] = [];
      validateValue(root, obj, '', oldObj, errs);
      errs.push(...afterSchema);
      validateEmbeddedResources(root, obj, errs);
      validateListTypes(root, obj, errs);
      if (root.hasRules) {
        if (errs.some((e) => blocking.has(e.reason))) {
          errs.push(invalid(ROOT_FIELD, null, 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation'));
        } else {
          validateRules(root, obj, oldObj, errs);
        }
      }
      return errs;
    },
    prune<T>(obj: T, unknownFieldPaths?: string[]): T {
      const dropped = pruneObject(obj, root);
      unknownFieldPaths?.push(...dropped);
      return obj;
    },
    applyDefaults<T>(obj: T, dropNulls = true): T {
      defaultObject(obj, root, dropNulls);
      return obj;
    },
  };
}
