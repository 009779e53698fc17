import type { V1OwnerReference } from '@kubernetes/client-node';
import { type Kind, parseApiVersion } from '../scheme/kind.js';
import { Scheme } from '../scheme/scheme.js';
import { describeObject, type MetaObject } from './object.js';

/** The object already has a controller owner reference to a different owner. */
export class AlreadyOwnedError extends Error {
  override readonly name = 'AlreadyOwnedError';

  constructor(readonly object: MetaObject, readonly owner: V1OwnerReference) {
    super(
      `Object ${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''} is already owned by another ${owner.kind} controller ${owner.name}`,
    );
  }
}

export interface OwnerReferenceOptions {
  /** Default true for controller references (as controller-runtime sets it), unset for plain owner references. */
  blockOwnerDeletion?: boolean;
}

/** Where the owner's apiVersion and kind come from: its descriptor, or a scheme (from the owner's own apiVersion/kind). */
export type OwnerKindSource = Kind | Scheme;

function ownerKind(owner: MetaObject, source: OwnerKindSource, fn: string): { apiVersion: string; kind: string } {
  if (source instanceof Scheme) {
    try {
      const kind = source.kindFor(owner);
      return { apiVersion: kind.apiVersion, kind: kind.kind };
    } catch (err) {
      throw new Error(`${fn}: cannot tell the kind of owner ${describeObject(owner)}: ${(err as Error).message}; pass its kind descriptor instead of the scheme`, { cause: err });
    }
  }
  return { apiVersion: source.apiVersion, kind: source.kind };
}

function groupOf(apiVersion: string): string {
  return parseApiVersion(apiVersion).group;
}

/** Same group (any version), kind and name: the same owner. */
function sameOwner(a: Pick<V1OwnerReference, 'apiVersion' | 'kind' | 'name'>, b: Pick<V1OwnerReference, 'apiVersion' | 'kind' | 'name'>): boolean {
  return groupOf(a.apiVersion) === groupOf(b.apiVersion) && a.kind === b.kind && a.name === b.name;
}

function validateOwner(owner: MetaObject, object: MetaObject, fn: string): void {
  const ownerNs = owner.metadata?.namespace ?? '';
  const objectNs = object.metadata?.namespace ?? '';
  if (ownerNs !== '') {
    if (objectNs === '') {
      throw new Error(`${fn}: cluster-scoped resource must not have a namespace-scoped owner, owner's namespace ${ownerNs}`);
    }
    if (ownerNs !== objectNs) {
      throw new Error(`${fn}: cross-namespace owner references are disallowed, owner's namespace ${ownerNs}, obj's namespace ${objectNs}`);
    }
  }
  if (!owner.metadata?.name) throw new Error(`${fn}: the owner has no metadata.name`);
  if (!owner.metadata.uid) {
    throw new Error(`${fn}: owner ${describeObject(owner)} has no metadata.uid; use the object as read from or created in the API server`);
  }
}

function upsert(object: MetaObject, ref: V1OwnerReference): void {
  const metadata = (object.metadata ??= {});
  const refs = (metadata.ownerReferences ??= []);
  const index = refs.findIndex((r) => sameOwner(r, ref));
  if (index < 0) refs.push(ref);
  else refs[index] = ref;
}

/**
 * Makes `owner` the controller of `controlled`: garbage collection deletes `controlled` with its
 * owner, and `owns(...)` watches map its events to the owner. Throws `AlreadyOwnedError` when
 * another object is already its controller.
 */
export function setControllerReference(
  owner: MetaObject,
  controlled: MetaObject,
  kindSource: OwnerKindSource,
  options: OwnerReferenceOptions = {},
): void {
  validateOwner(owner, controlled, 'setControllerReference');
  const ref: V1OwnerReference = {
    ...ownerKind(owner, kindSource, 'setControllerReference'),
    name: owner.metadata!.name!,
    uid: owner.metadata!.uid!,
    blockOwnerDeletion: options.blockOwnerDeletion ?? true,
    controller: true,
  };
  const existing = getControllerOf(controlled);
  if (existing && !sameOwner(existing, ref)) throw new AlreadyOwnedError(controlled, existing);
  upsert(controlled, ref);
}

/** Adds (or replaces) a non-controller owner reference from `object` to `owner`. */
export function setOwnerReference(
  owner: MetaObject,
  object: MetaObject,
  kindSource: OwnerKindSource,
  options: OwnerReferenceOptions = {},
): void {
  validateOwner(owner, object, 'setOwnerReference');
  const ref: V1OwnerReference = {
    ...ownerKind(owner, kindSource, 'setOwnerReference'),
    name: owner.metadata!.name!,
    uid: owner.metadata!.uid!,
  };
  if (options.blockOwnerDeletion !== undefined) ref.blockOwnerDeletion = options.blockOwnerDeletion;
  upsert(object, ref);
}

/** Removes the owner reference to `owner`; throws when there is none. */
export function removeOwnerReference(owner: MetaObject, object: MetaObject, kindSource: OwnerKindSource): void {
  const target = { ...ownerKind(owner, kindSource, 'removeOwnerReference'), name: owner.metadata?.name ?? '' };
  const refs = object.metadata?.ownerReferences ?? [];
  const index = refs.findIndex((r) => sameOwner(r, target));
  if (index < 0) {
    throw new Error(`removeOwnerReference: ${describeObject(object)} has no owner reference to ${target.kind} ${target.name}`);
  }
  refs.splice(index, 1);
}

/**
 * Removes the controller reference to `owner`, as controller-runtime's RemoveControllerReference:
 * throws when `object` has no controller reference, none to `owner`, or one to `owner` that is
 * not the controller (remove that with `removeOwnerReference`).
 */
export function removeControllerReference(owner: MetaObject, object: MetaObject, kindSource: OwnerKindSource): void {
  if (!hasControllerReference(object)) {
    throw new Error(`removeControllerReference: ${describeObject(object)} has no controller reference`);
  }
  const target = { ...ownerKind(owner, kindSource, 'removeControllerReference'), name: owner.metadata?.name ?? '' };
  const refs = object.metadata!.ownerReferences!;
  const index = refs.findIndex((r) => sameOwner(r, target));
  if (index < 0) {
    throw new Error(`removeControllerReference: ${describeObject(object)} has no controller reference to ${target.kind} ${target.name}`);
  }
  if (refs[index].controller !== true) {
    throw new Error(`removeControllerReference: ${target.kind} ${target.name} is an owner of ${describeObject(object)} but not its controller`);
  }
  refs.splice(index, 1);
}

/** Whether `object` has an owner reference to `owner` (same group, kind and name). */
export function hasOwnerReference(object: MetaObject, owner: MetaObject, kindSource: OwnerKindSource): boolean {
  const target = { ...ownerKind(owner, kindSource, 'hasOwnerReference'), name: owner.metadata?.name ?? '' };
  return (object.metadata?.ownerReferences ?? []).some((r) => sameOwner(r, target));
}

/** The controller owner reference of `object`, if any. */
export function getControllerOf(object: MetaObject): V1OwnerReference | undefined {
  return object.metadata?.ownerReferences?.find((r) => r.controller === true);
}

export function hasControllerReference(object: MetaObject): boolean {
  return getControllerOf(object) !== undefined;
}
