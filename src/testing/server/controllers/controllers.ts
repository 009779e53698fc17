/**
 * The two controllers an API server cannot do without: the CRD controller (serves a CRD's
 * resource, reports it Established, removes its objects when it is deleted) and the namespace
 * controller (empties a terminating namespace, then removes it). Both react to store events
 * and write a tick later, so every listener sees events in order.
 */
import { deepCopy, deepEqual } from '../../../kube/json-values.js';
import { isPlainObject, type StoredObject } from '../../model/object.js';
import { storageVersion, type ResourceType } from '../../model/resource-type.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import { CRD_SERVER_RULE_FAMILIES, validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from '../../../apiextensions/validation/index.js';
import type { ObjectStore, StoreEvent } from '../../store/object-store.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import type { ResourceStorage } from '../registry/resource-storage.js';
import { now } from '../registry/object-meta.js';

export const CRD_RESOURCE = 'customresourcedefinitions.apiextensions.k8s.io';
export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

/** Checks a CRD as kube-apiserver does on create and update (the shared CRD validation). */
export function validateCRD(crd: StoredObject, old?: StoredObject): FieldCause[] {
  return old ? validateCustomResourceDefinitionUpdate(crd, old, CRD_SERVER_RULE_FAMILIES) : validateCustomResourceDefinition(crd, CRD_SERVER_RULE_FAMILIES);
}

/** The status a CRD gets once served: names accepted, established, stored versions. */
export function establishedStatus(crd: StoredObject): Record<string, unknown> {
  const spec = crd.spec as { names: Record<string, unknown>; versions: { name: string; storage?: boolean }[] };
  const previous = isPlainObject(crd.status) ? crd.status : {};
  const stored = new Set<string>(Array.isArray(previous.storedVersions) ? (previous.storedVersions as string[]) : []);
  for (const v of spec.versions) if (v.storage) stored.add(v.name);
  const names = { ...spec.names };
  if (!names.singular) names.singular = String(names.kind).toLowerCase();
  if (!names.listKind) names.listKind = `${String(names.kind)}List`;
  const time = now();
  return {
    acceptedNames: names,
    conditions: [
      { type: 'NamesAccepted', status: 'True', lastTransitionTime: time, reason: 'NoConflicts', message: 'no conflicts found' },
      { type: 'Established', status: 'True', lastTransitionTime: time, reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' },
    ],
    storedVersions: [...stored],
  };
}

export class CRDController {
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: ObjectStore,
    private readonly registry: ResourceRegistry,
    private readonly storage: ResourceStorage,
  ) {
    for (const crd of store.list(CRD_RESOURCE)) registry.addCRD(crd);
    this.unsubscribe = store.subscribe((e) => this.observe(e));
  }

  stop(): void {
    this.unsubscribe();
  }

  private observe(e: StoreEvent): void {
    if (e.resource === CRD_RESOURCE) {
      if (e.type === 'DELETED') {
        this.registry.removeCRD(e.object);
        return;
      }
      // Serving starts with the write itself, so a client may create objects right after.
      const specChanged = !e.previous || !deepEqual(e.previous.spec, e.object.spec);
      if (specChanged) this.registry.addCRD(e.object);
      if (e.object.metadata.deletionTimestamp) setImmediate(() => void this.cleanup(e.object.metadata.name));
      else if (specChanged || !this.isEstablished(e.object)) setImmediate(() => this.establish(e.object.metadata.name));
      return;
    }
    // An instance of a deleted CRD went away: maybe the CRD can go now.
    if (e.type === 'DELETED') {
      const rt = this.typeOf(e.resource);
      if (rt?.crdName) {
        const crd = this.store.get(CRD_RESOURCE, undefined, rt.crdName);
        if (crd?.metadata.deletionTimestamp) setImmediate(() => void this.cleanup(rt.crdName!));
      }
    }
  }

  private typeOf(resource: string): ResourceType | undefined {
    const dot = resource.indexOf('.');
    return this.registry.get(resource.slice(dot + 1), resource.slice(0, dot));
  }

  private isEstablished(crd: StoredObject): boolean {
    const conditions = (crd.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? [];
    return conditions.some((c) => c.type === 'Established' && c.status === 'True');
  }

  private establish(name: string): void {
    const crd = this.store.get(CRD_RESOURCE, undefined, name);
    if (!crd || crd.metadata.deletionTimestamp) return;
    const next = deepCopy(crd);
    next.status = establishedStatus(crd);
    const conditions = (crd.status as { conditions?: unknown[] } | undefined)?.conditions;
    // Keep transition times when nothing transitioned.
    if (this.isEstablished(crd) && conditions) (next.status as Record<string, unknown>).conditions = conditions;
    if (!(crd.metadata.finalizers ?? []).includes(CRD_CLEANUP_FINALIZER)) {
      next.metadata.finalizers = [...(crd.metadata.finalizers ?? []), CRD_CLEANUP_FINALIZER];
    }
    if (!deepEqual(next, crd)) this.store.update(CRD_RESOURCE, next);
  }

  private async cleanup(name: string): Promise<void> {
    const crd = this.store.get(CRD_RESOURCE, undefined, name);
    if (!crd || !crd.metadata.deletionTimestamp) return;
    const rt = this.registry.all().find((t) => t.crdName === name);
    if (rt) {
      const version = rt.versions.find((v) => v.name === storageVersion(rt))!;
      const key = this.storage.key(rt);
      for (const o of this.store.list(key)) {
        if (o.metadata.deletionTimestamp) continue;
        try {
          await this.storage.delete(rt, version, o.metadata.namespace, o.metadata.name, {});
        } catch {
          // Already gone.
        }
      }
      if (this.store.list(key).length > 0) return;
    }
    const latest = this.store.get(CRD_RESOURCE, undefined, name);
    if (!latest) return;
    const finalizers = (latest.metadata.finalizers ?? []).filter((f) => f !== CRD_CLEANUP_FINALIZER);
    if (finalizers.length > 0) {
      if (finalizers.length !== (latest.metadata.finalizers ?? []).length) {
        const next = deepCopy(latest);
        next.metadata.finalizers = finalizers;
        this.store.update(CRD_RESOURCE, next);
      }
      return;
    }
    const next = deepCopy(latest);
    delete next.metadata.finalizers;
    this.store.update(CRD_RESOURCE, next);
    this.store.delete(CRD_RESOURCE, undefined, name);
  }
}

export class NamespaceController {
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: ObjectStore,
    private readonly registry: ResourceRegistry,
    private readonly storage: ResourceStorage,
  ) {
    this.unsubscribe = store.subscribe((e) => this.observe(e));
  }

  stop(): void {
    this.unsubscribe();
  }

  private observe(e: StoreEvent): void {
    if (e.resource === 'namespaces.') {
      if (e.type !== 'DELETED' && e.object.metadata.deletionTimestamp) setImmediate(() => void this.sweep(e.object.metadata.name));
      return;
    }
    const ns = e.object.metadata.namespace;
    if (e.type === 'DELETED' && ns) {
      const namespace = this.store.get('namespaces.', undefined, ns);
      if (namespace?.metadata.deletionTimestamp) setImmediate(() => void this.sweep(ns));
    }
  }

  private async sweep(name: string): Promise<void> {
    const namespace = this.store.get('namespaces.', undefined, name);
    if (!namespace?.metadata.deletionTimestamp) return;
    let remaining = 0;
    for (const rt of this.registry.all()) {
      if (!rt.namespaced) continue;
      const version = rt.versions.find((v) => v.name === storageVersion(rt))!;
      for (const o of this.store.list(this.storage.key(rt), name)) {
        remaining++;
        if (o.metadata.deletionTimestamp) continue;
        try {
          await this.storage.delete(rt, version, name, o.metadata.name, { propagationPolicy: 'Background' });
        } catch {
          // Deleted meanwhile.
        }
      }
    }
    if (remaining === 0 || this.isEmpty(name)) this.storage.finalizeNamespace(name);
  }

  private isEmpty(name: string): boolean {
    return this.registry.all().every((rt) => !rt.namespaced || this.store.list(this.storage.key(rt), name).length === 0);
  }
}
