/**
 * Dependent resources (the Java Operator SDK's idea): a reconciler declares the child objects it
 * wants for an owner; `reconcileDependents` server-side applies them with an owner reference,
 * removes the children of that owner it no longer declares, and says which are ready.
 *
 * Children are found again by owner: among the objects of the kinds it may declare, in the
 * owner's namespace, those whose ownerReferences name the owner's uid. A child another owner also
 * references (a shared child) is not deleted when one owner stops declaring it: that owner's
 * field manager applies an empty configuration, which releases its fields and its reference.
 */
import type { V1OwnerReference } from '@kubernetes/client-node';
import { isNotFound } from '../client/errors.js';
import type { ApplyConfiguration, Client } from '../client/types.js';
import { setControllerReference, setOwnerReference } from '../controllerutil/owner-references.js';
import type { MetaObject } from '../controllerutil/object.js';
import type { Kind } from '../scheme/kind.js';

/** One child the reconciler wants. */
export interface Dependent<T = unknown> {
  kind: Kind<T>;
  /** The child as this field manager wants it; its namespace defaults to the owner's. */
  desired: ApplyConfiguration<T>;
  /** Whether the child, as the server returned it, is ready (from its status). Default: it exists. */
  ready?: (actual: T) => boolean;
  /**
   * Default false: the owner becomes the child's controller (one per child; `owns()` watches map
   * the child's events to it). true: a plain owner reference, so that several owners can share the child.
   */
  shared?: boolean;
}

/** Builds a `Dependent` with its type checked against its kind. */
export function dependent<T>(kind: Kind<T>, desired: ApplyConfiguration<T>, options: Omit<Dependent<T>, 'kind' | 'desired'> = {}): Dependent<T> {
  return { kind, desired, ...options };
}

export interface DependentsOptions {
  /** The field manager the children are applied with. */
  fieldManager: string;
  /** The owner's kind (for its owner references). */
  ownerKind: Kind;
  /**
   * Every kind this owner may ever declare children of, so that a kind no longer declared at all is
   * still cleaned up. The kinds of the declared children are always included.
   */
  kinds?: Kind[];
  /** Take over fields other managers set (default true: the controller's view of its children wins). */
  force?: boolean;
}

export interface DependentStatus {
  kind: string;
  namespace?: string;
  name: string;
  ready: boolean;
  /** The child as the apply returned it. */
  object: unknown;
}

export interface DependentsResult {
  /** Every declared child is ready. */
  ready: boolean;
  dependents: DependentStatus[];
  /** Children of the owner no longer declared: `deleted`, or `released` when another owner shares them. */
  removed: { kind: string; namespace?: string; name: string; action: 'deleted' | 'released' }[];
}

function identity(kind: Kind, namespace: string | undefined, name: string): string {
  return `${kind.apiVersion}/${kind.kind}/${namespace ?? ''}/${name}`;
}

/** Applies `declared` for `owner`, removes the owner's children it no longer declares, and reports readiness. */
export async function reconcileDependents(
  client: Client,
  owner: MetaObject,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- children of different kinds, each one consistent with its kind: TypeScript has no "some T"
  declared: Dependent<any>[],
  options: DependentsOptions,
): Promise<DependentsResult> {
  const ownerUid = owner.metadata?.uid;
  if (!ownerUid) throw new Error('reconcileDependents: the owner has no metadata.uid; pass the object as read from the API server');
  const ownerNamespace = owner.metadata?.namespace;
  const force = options.force ?? true;
  const wanted = new Set<string>();
  const dependents: DependentStatus[] = [];

  for (const d of declared) {
    const desired = structuredClone(d.desired) as ApplyConfiguration<unknown> & MetaObject;
    if (d.kind.namespaced) desired.metadata.namespace ??= ownerNamespace;
    if (d.shared) setOwnerReference(owner, desired, options.ownerKind);
    else setControllerReference(owner, desired, options.ownerKind);
    const namespace = d.kind.namespaced ? desired.metadata.namespace : undefined;
    wanted.add(identity(d.kind, namespace, desired.metadata.name));
    const applied: unknown = await client.apply(d.kind, desired, { fieldManager: options.fieldManager, force });
    dependents.push({ kind: d.kind.kind, namespace, name: desired.metadata.name, ready: d.ready ? d.ready(applied) : true, object: applied });
  }

  const kinds = new Map<string, Kind>();
  for (const k of [...(options.kinds ?? []), ...declared.map((d) => d.kind)]) kinds.set(`${k.apiVersion}/${k.kind}`, k);
  const removed: DependentsResult['removed'] = [];
  for (const kind of kinds.values()) {
    const candidates = (await client.list(kind, { namespace: kind.namespaced ? ownerNamespace : undefined })) as MetaObject[];
    for (const child of candidates) {
      const refs: V1OwnerReference[] = child.metadata?.ownerReferences ?? [];
      if (!refs.some((r) => r.uid === ownerUid)) continue;
      const name = child.metadata!.name!;
      const namespace = child.metadata?.namespace;
      if (wanted.has(identity(kind, namespace, name))) continue;
      if (refs.some((r) => r.uid !== ownerUid)) {
        // Shared: only this manager's part goes (its fields, and the owner reference it applied).
        await client.apply(kind, { metadata: { name, namespace } }, { fieldManager: options.fieldManager, force });
        removed.push({ kind: kind.kind, namespace, name, action: 'released' });
      } else {
        await client.delete(kind, child, { preconditions: { uid: child.metadata?.uid } }).catch((err: unknown) => {
          if (!isNotFound(err)) throw err;
        });
        removed.push({ kind: kind.kind, namespace, name, action: 'deleted' });
      }
    }
  }
  return { ready: dependents.every((d) => d.ready), dependents, removed };
}
