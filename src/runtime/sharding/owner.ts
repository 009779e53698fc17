/** Which object of the sharded kind controls an owned object: the one whose shard it follows. */
import type { ObjectWithMeta } from '../client/types.js';
import { getControllerOf } from '../controllerutil/owner-references.js';
import type { Kind } from '../scheme/kind.js';

/** The controlling owner's cache key (`namespace/name`) when it is of `ownerKind`, else undefined. */
export function controllerOwnerKey(obj: ObjectWithMeta, ownerKind: Kind): string | undefined {
  const ref = getControllerOf(obj);
  if (!ref || ref.kind !== ownerKind.kind || !ref.name) return undefined;
  // The group decides, not the version: an owner may be referenced through any of its versions.
  const slash = ref.apiVersion?.indexOf('/') ?? -1;
  if ((slash >= 0 ? ref.apiVersion.slice(0, slash) : '') !== ownerKind.group) return undefined;
  const ns = ownerKind.namespaced ? obj.metadata?.namespace : undefined;
  return ns ? `${ns}/${ref.name}` : ref.name;
}
