/**
 * What kube-apiserver's registry of CustomResourceDefinitions does beside the generic one: a new CRD
 * starts with an empty status that records its storage version; an update that moves the storage
 * version adds it to status.storedVersions; the first delete only marks the CRD (its cleanup
 * finalizer and a Terminating condition), and the finalizer controller removes its objects and then it.
 */
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { now } from '../registry/object-meta.js';

export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

export interface CRDCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

function storageVersionOf(crd: KubeObject): string | undefined {
  const versions = (crd.spec as { versions?: { name: string; storage?: boolean }[] } | undefined)?.versions ?? [];
  return versions.find((v) => v.storage)?.name;
}

/** PrepareForCreate: the status a new CRD starts with, whatever the request said (as Go writes its zero value). */
export function prepareCRDForCreate(crd: KubeObject): void {
  const storage = storageVersionOf(crd);
  crd.status = { acceptedNames: { kind: '', plural: '' }, conditions: null, storedVersions: storage === undefined ? null : [storage] };
}

/** PrepareForUpdate: a storage version not stored before joins status.storedVersions. */
export function prepareCRDForUpdate(_current: KubeObject, next: KubeObject): void {
  const storage = storageVersionOf(next);
  const status = isPlainObject(next.status) ? next.status : (next.status = {});
  const stored = Array.isArray(status.storedVersions) ? (status.storedVersions as string[]) : [];
  if (storage !== undefined && !stored.includes(storage)) status.storedVersions = [...stored, storage];
}

/**
 * apiextensions' SetCRDCondition: replaces the condition of that type (keeping its transition time
 * when its status did not change) or appends it.
 */
export function setCRDCondition(conditions: CRDCondition[], condition: CRDCondition): CRDCondition[] {
  const at = conditions.findIndex((c) => c.type === condition.type);
  const time = now();
  if (at < 0) return [...conditions, { ...condition, lastTransitionTime: condition.lastTransitionTime ?? time }];
  const old = conditions[at];
  const next = { ...condition, lastTransitionTime: old.status === condition.status ? old.lastTransitionTime : (condition.lastTransitionTime ?? time) };
  return conditions.map((c, i) => (i === at ? next : c));
}

export function conditionsOf(crd: KubeObject): CRDCondition[] {
  const conditions = (crd.status as { conditions?: unknown } | undefined)?.conditions;
  return Array.isArray(conditions) ? (conditions as CRDCondition[]) : [];
}

/** The first delete of a CRD: its cleanup finalizer, and the Terminating condition the API server sets. */
export function markCRDDeleting(crd: KubeObject): void {
  const meta = crd.metadata!;
  if (!(meta.finalizers ?? []).includes(CRD_CLEANUP_FINALIZER)) meta.finalizers = [...(meta.finalizers ?? []), CRD_CLEANUP_FINALIZER];
  const status = isPlainObject(crd.status) ? crd.status : (crd.status = {});
  status.conditions = setCRDCondition(conditionsOf(crd), {
    type: 'Terminating',
    status: 'True',
    reason: 'InstanceDeletionPending',
    message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
  });
}
