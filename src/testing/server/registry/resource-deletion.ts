/**
 * The delete path: preconditions, admission, propagation policy (the orphan and foreground finalizers
 * the garbage collector honours), graceful deletion while finalizers remain, and the namespace
 * controller's last step.
 */
import { deepCopy, deepEqual } from '../../../kube/json-values.js';
import { isPlainObject, type KubeObject, type StoredObject } from '../../model/object.js';
import { storageKey, type ResourceType, type VersionInfo } from '../../model/resource-type.js';
import type { ObjectStore } from '../../store/object-store.js';
import type { AdmissionStep } from './admission-step.js';
import { now } from './object-meta.js';
import { metaTime } from '../../../kube/meta-time.js';
import type { DeleteOptions } from './request-options.js';
import { StatusError } from '../../model/status.js';
import { conflictStatus, forbiddenStatus, notFoundStatus } from '../../../kube/status.js';

export function isNamespaceType(rt: ResourceType): boolean {
  return rt.group === '' && rt.resource === 'namespaces';
}

/** Finalizers still to run: metadata.finalizers, and a namespace's spec.finalizers (the namespace controller's). */
export function pendingFinalizers(rt: ResourceType, obj: KubeObject): number {
  const own = obj.metadata?.finalizers?.length ?? 0;
  const spec = isNamespaceType(rt) ? ((obj.spec as { finalizers?: string[] } | undefined)?.finalizers?.length ?? 0) : 0;
  return own + spec;
}

/** NamespaceLifecycle refuses to delete these. */
const PROTECTED_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

export const FOREGROUND_FINALIZER = 'foregroundDeletion';
export const ORPHAN_FINALIZER = 'orphan';

/** A failed delete precondition: kube-apiserver's registry names the kind (not the resource) in this 409. */
function preconditionConflict(rt: ResourceType, name: string, reason: string): StatusError {
  return new StatusError(conflictStatus({ group: rt.group, resource: rt.kind }, name, reason));
}

export class ResourceDeletion {
  constructor(
    private readonly store: ObjectStore,
    private readonly admission: AdmissionStep,
    /** A stored object as a request of `version` sees it. */
    private readonly present: (rt: ResourceType, stored: StoredObject, version: string) => Promise<StoredObject>,
  ) {}

  private key(rt: ResourceType): string {
    return storageKey(rt);
  }

  async delete(rt: ResourceType, version: VersionInfo, namespace: string | undefined, name: string, options: DeleteOptions = {}): Promise<StoredObject> {
    const ns = rt.namespaced ? namespace : undefined;
    const stored = this.store.get(this.key(rt), ns, name);
    if (!stored) throw new StatusError(notFoundStatus(rt, name));
    if (isNamespaceType(rt) && PROTECTED_NAMESPACES.has(name)) throw new StatusError(forbiddenStatus(rt, name, 'this namespace may not be deleted'));
    const pre = options.preconditions;
    if (pre?.uid && pre.uid !== stored.metadata.uid) {
      throw preconditionConflict(rt, name, `the UID in the precondition (${pre.uid}) does not match the UID in record (${stored.metadata.uid}). The object might have been deleted and then recreated`);
    }
    if (pre?.resourceVersion && pre.resourceVersion !== stored.metadata.resourceVersion) {
      throw preconditionConflict(rt, name, `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${stored.metadata.resourceVersion}). The object might have been modified`);
    }
    const current = await this.present(rt, stored, version.name);
    const admissionOptions = { userInfo: options.userInfo, dryRun: options.dryRun, warnings: options.warnings };
    await this.admission.mutatingAdmission(rt, version, 'DELETE', undefined, current, admissionOptions);
    await this.admission.validatingAdmission(rt, version, 'DELETE', undefined, current, admissionOptions);
    if (this.store.get(this.key(rt), ns, name) !== stored) {
      // Changed while admission ran: start over on the latest state.
      return this.delete(rt, version, namespace, name, options);
    }

    if (rt.markDeleting && !stored.metadata.deletionTimestamp) {
      // The kind's own first delete: marked, neither a grace period nor a new generation; a second delete is the generic one.
      const next = deepCopy(stored);
      next.metadata.deletionTimestamp = now();
      rt.markDeleting(next);
      if (options.dryRun) return this.present(rt, next, version.name);
      return this.present(rt, this.store.update(this.key(rt), next), version.name);
    }
    const policy = options.propagationPolicy ?? rt.defaultPropagation;
    const finalizers = [...(stored.metadata.finalizers ?? [])];
    const addFinalizer = (f: string): void => {
      if (!finalizers.includes(f)) finalizers.push(f);
    };
    if (policy === 'Orphan') addFinalizer(ORPHAN_FINALIZER);
    if (policy === 'Foreground') addFinalizer(FOREGROUND_FINALIZER);
    if (rt.gracePeriod) {
      const graceful = await this.deleteGracefully(rt, version, stored, current, finalizers, options);
      if (graceful) return graceful;
    }
    const isNamespace = isNamespaceType(rt);
    if (finalizers.length === 0 && pendingFinalizers(rt, { ...stored, metadata: { ...stored.metadata, finalizers: [] } }) === 0) {
      if (options.dryRun) return current;
      const deleted = this.store.delete(this.key(rt), stored.metadata.namespace, name);
      return this.present(rt, deleted, version.name);
    }
    // Graceful: mark for deletion; finalizers (and the namespace controller) finish it.
    const next = deepCopy(stored);
    const alreadyDeleting = next.metadata.deletionTimestamp !== undefined;
    next.metadata.finalizers = finalizers.length > 0 ? finalizers : undefined;
    if (next.metadata.finalizers === undefined) delete next.metadata.finalizers;
    if (!alreadyDeleting) {
      next.metadata.deletionTimestamp = now();
      next.metadata.deletionGracePeriodSeconds = 0;
      if (rt.tracksGeneration) next.metadata.generation = (next.metadata.generation ?? 1) + 1;
    }
    if (isNamespace) (next.status as Record<string, unknown> | undefined ?? (next.status = {})).phase = 'Terminating';
    if (alreadyDeleting && deepEqual(next, stored)) return current;
    if (options.dryRun) return this.present(rt, next, version.name);
    return this.present(rt, this.store.update(this.key(rt), next), version.name);
  }

  /**
   * The delete of a kind deleted gracefully (rest.BeforeDelete with its strategy's grace period):
   * the object is marked with deletionTimestamp that many seconds ahead, and goes at once (after
   * the mark is written) when the period is 0 and no finalizer remains. A delete of an object
   * already marked may only shorten its period; without that it changes nothing. Undefined when
   * the object, marked without a period left, is deleted the ordinary way.
   */
  private async deleteGracefully(
    rt: ResourceType,
    version: VersionInfo,
    stored: StoredObject,
    current: StoredObject,
    finalizers: string[],
    options: DeleteOptions,
  ): Promise<StoredObject | undefined> {
    const meta = stored.metadata;
    const next = deepCopy(stored);
    if (finalizers.length > 0) next.metadata.finalizers = finalizers;
    if (meta.deletionTimestamp !== undefined) {
      const left = meta.deletionGracePeriodSeconds ?? 0;
      if (left === 0) return undefined;
      const period = options.gracePeriodSeconds;
      if (period === undefined || period >= left) return current;
      next.metadata.deletionTimestamp = metaTime(Date.parse(meta.deletionTimestamp) + (period - left) * 1000);
      next.metadata.deletionGracePeriodSeconds = period;
    } else {
      const period = rt.gracePeriod!(stored, options.gracePeriodSeconds);
      next.metadata.deletionTimestamp = metaTime(Date.now() + period * 1000);
      next.metadata.deletionGracePeriodSeconds = period;
      if (rt.tracksGeneration) next.metadata.generation = (next.metadata.generation ?? 1) + 1;
    }
    if (options.dryRun) return this.present(rt, next, version.name);
    const marked = this.store.update(this.key(rt), next);
    if (next.metadata.deletionGracePeriodSeconds !== 0 || pendingFinalizers(rt, marked) > 0) return this.present(rt, marked, version.name);
    return this.present(rt, this.store.delete(this.key(rt), marked.metadata.namespace, marked.metadata.name), version.name);
  }

  /** Removes a namespace whose content is gone (the namespace controller's last step). */
  finalizeNamespace(name: string): void {
    const key = 'namespaces.';
    const stored = this.store.get(key, undefined, name);
    if (!stored || !stored.metadata.deletionTimestamp) return;
    if ((stored.metadata.finalizers ?? []).length > 0) {
      const next = deepCopy(stored);
      if (isPlainObject(next.spec)) delete next.spec.finalizers;
      if (!deepEqual(next, stored)) this.store.update(key, next);
      return;
    }
    this.store.delete(key, undefined, name);
  }
}
