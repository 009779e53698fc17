/**
 * The two controllers an API server cannot do without: the CRD controller (serves a CRD's
 * resource, names it and reports it Established (crd-naming.ts), removes its objects when it is deleted) and the namespace
 * controller (empties a terminating namespace, then removes it). Both react to store events
 * and write a tick later, so every listener sees events in order.
 */
import { deepCopy, deepEqual } from '../../../kube/json-values.js';
import type { StoredObject } from '../../model/object.js';
import { storageVersion, type ResourceType } from '../../model/resource-type.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import { CRD_SERVER_RULE_FAMILIES, validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from '../../../apiextensions/validation/index.js';
import type { ObjectStore, StoreEvent } from '../../store/object-store.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import type { ResourceStorage } from '../registry/resource-storage.js';
import { namedStatus } from './crd-naming.js';
import { CRD_CLEANUP_FINALIZER } from './crd-strategy.js';

export const CRD_RESOURCE = 'customresourcedefinitions.apiextensions.k8s.io';
export { CRD_CLEANUP_FINALIZER } from './crd-strategy.js';

/** Checks a CRD as kube-apiserver does on create and update (the shared CRD validation). */
export function validateCRD(crd: StoredObject, old?: StoredObject): FieldCause[] {
  return old ? validateCustomResourceDefinitionUpdate(crd, old, CRD_SERVER_RULE_FAMILIES) : validateCustomResourceDefinition(crd, CRD_SERVER_RULE_FAMILIES);
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
      // Names one CRD accepts or gives up may free or take another's of its group: each is named again.
      const group = (e.object.spec as { group?: string } | undefined)?.group;
      for (const other of this.store.list(CRD_RESOURCE)) {
        const sameGroup = (other.spec as { group?: string }).group === group;
        if (other.metadata.name !== e.object.metadata.name && sameGroup) setImmediate(() => void this.name(other.metadata.name));
      }
      if (e.type === 'DELETED') {
        this.registry.removeCRD(e.object);
        return;
      }
      // Serving starts with the write itself, so a client may create objects right after; a CRD
      // whose names the naming controller refuses is not served (kube-apiserver's handler passes its paths on: 404).
      const specChanged = !e.previous || !deepEqual(e.previous.spec, e.object.spec);
      const servedType = this.registry.all().find((t) => t.crdName === e.object.metadata.name);
      if (!this.namesAccepted(e.object)) {
        if (servedType) this.registry.removeCRD(e.object);
      } else if (specChanged || !servedType) this.registry.addCRD(e.object);
      if (e.object.metadata.deletionTimestamp) setImmediate(() => void this.cleanup(e.object.metadata.name));
      else setImmediate(() => void this.name(e.object.metadata.name));
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

  /** Whether the naming controller accepts all the names a CRD asks for, among its group's CRDs as they are. */
  private namesAccepted(crd: StoredObject): boolean {
    const conditions = namedStatus(crd, this.sameGroup(crd)).conditions as { type: string; status: string }[];
    return conditions.some((c) => c.type === 'NamesAccepted' && c.status === 'True');
  }

  private sameGroup(crd: StoredObject): StoredObject[] {
    const group = (crd.spec as { group?: string }).group;
    return this.store.list(CRD_RESOURCE).filter((o) => (o.spec as { group?: string }).group === group);
  }

  private typeOf(resource: string): ResourceType | undefined {
    const dot = resource.indexOf('.');
    return this.registry.get(resource.slice(dot + 1), resource.slice(0, dot));
  }

  /**
   * The naming and establishing controllers' write: accepted names and conditions, through the
   * status subresource as kube-apiserver's own client (its managedFields entry is the API server's).
   */
  private async name(name: string): Promise<void> {
    const crd = this.store.get(CRD_RESOURCE, undefined, name);
    if (!crd || crd.metadata.deletionTimestamp) return;
    const sameGroup = this.sameGroup(crd);
    const status = namedStatus(crd, sameGroup);
    const withoutTimes = (o: unknown) => JSON.stringify(o, (k, v: unknown) => (k === 'lastTransitionTime' ? undefined : v));
    if (withoutTimes(status) === withoutTimes(crd.status)) return;
    const crdType = this.registry.get('apiextensions.k8s.io', 'customresourcedefinitions')!;
    try {
      await this.storage.update(crdType, crdType.versions.find((v) => v.name === 'v1')!, undefined, name, 'status', (current) => ({ ...current, status: namedStatus(current, sameGroup) }), {
        fieldManager: 'kube-apiserver',
        retryOnConflict: true,
      });
    } catch {
      // Deleted or changed meanwhile: the change that followed brings another pass.
    }
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
