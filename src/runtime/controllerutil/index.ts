/**
 * Helpers for reconcilers (controller-runtime's controllerutil and meta): owner references,
 * finalizers, create-or-update, status conditions.
 */
export {
  AlreadyOwnedError,
  setControllerReference,
  setOwnerReference,
  removeOwnerReference,
  removeControllerReference,
  hasOwnerReference,
  getControllerOf,
  hasControllerReference,
  type OwnerReferenceOptions,
  type OwnerKindSource,
} from './owner-references.js';
export { addFinalizer, removeFinalizer, containsFinalizer } from './finalizers.js';
export {
  createOrUpdate,
  createOrPatch,
  type OperationResult,
  type PatchOperationResult,
  type MutateFn,
} from './create-or-update.js';
export {
  type Condition,
  type ConditionUpdate,
  setStatusCondition,
  removeStatusCondition,
  findStatusCondition,
  isStatusConditionTrue,
  isStatusConditionFalse,
  isStatusConditionPresentAndEqual,
  meta,
} from './conditions.js';
export { createMergePatch, jsonEqual } from './json.js';
export { type MetaObject } from './object.js';
