/**
 * Garbage collection through ownerReferences, as kube-controller-manager's garbage collector
 * does it: dependents of a deleted owner are deleted (background), orphaned (the `orphan`
 * finalizer), or deleted before the owner (the `foregroundDeletion` finalizer). Works from
 * store events, a tick after each change, so deletes return before their cascade runs.
 */
import type { StoredObject } from '../../model/object.js';
import type { ResourceType } from '../../model/resource-type.js';
import { storageVersion } from '../../model/resource-type.js';
import type { ObjectStore, StoreEvent } from '../../store/object-store.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import { FOREGROUND_FINALIZER, ORPHAN_FINALIZER, type ResourceStorage } from '../registry/resource-storage.js';

interface ObjectRef {
  resource: string;
  namespace?: string;
  name: string;
}

export class GarbageCollector {
  /** uid -> where the object lives. */
  private readonly byUid = new Map<string, ObjectRef>();
  /** owner uid -> uids of objects naming it in ownerReferences. */
  private readonly dependents = new Map<string, Set<string>>();
  private readonly pending = new Set<string>();
  private scheduled = false;
  private stopped = false;
  private unsubscribe: () => void;
  /** Settles when the queued work is done (tests and stop() wait on it). */
  private idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: ObjectStore,
    private readonly registry: ResourceRegistry,
    private readonly storage: ResourceStorage,
  ) {
    this.unsubscribe = store.subscribe((e) => this.observe(e));
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
  }

  private observe(e: StoreEvent): void {
    const uid = e.object.metadata.uid;
    const oldOwners = (e.previous?.metadata.ownerReferences ?? []).map((r) => r.uid);
    for (const o of oldOwners) this.dependents.get(o)?.delete(uid);
    if (e.type === 'DELETED') {
      this.byUid.delete(uid);
      // Owners waiting for this dependent (foreground) and this object's own dependents.
      for (const o of oldOwners) this.enqueue(o);
      this.enqueue(uid);
      return;
    }
    this.byUid.set(uid, { resource: e.resource, namespace: e.object.metadata.namespace, name: e.object.metadata.name });
    for (const ref of e.object.metadata.ownerReferences ?? []) {
      let set = this.dependents.get(ref.uid);
      if (!set) this.dependents.set(ref.uid, (set = new Set()));
      set.add(uid);
      // A dependent whose owner is already gone is collected too.
      if (!this.byUid.has(ref.uid)) this.enqueue(ref.uid);
    }
    const finalizers = e.object.metadata.finalizers ?? [];
    if (e.object.metadata.deletionTimestamp && (finalizers.includes(ORPHAN_FINALIZER) || finalizers.includes(FOREGROUND_FINALIZER))) this.enqueue(uid);
  }

  private enqueue(uid: string): void {
    if (this.stopped) return;
    this.pending.add(uid);
    if (this.scheduled) return;
    this.scheduled = true;
    this.idle = new Promise<void>((resolve) => {
      setImmediate(() => {
        this.scheduled = false;
        void this.drain().finally(resolve);
      });
    });
  }

  /** Resolves once the collector has nothing queued. */
  async settle(): Promise<void> {
    while (this.scheduled || this.pending.size > 0) await this.idle;
  }

  private async drain(): Promise<void> {
    const uids = [...this.pending];
    this.pending.clear();
    for (const uid of uids) {
      if (this.stopped) return;
      try {
        await this.process(uid);
      } catch {
        // A dependent changed under us; its next event re-queues the owner.
      }
    }
  }

  private resolve(ref: ObjectRef): { rt: ResourceType; obj: StoredObject } | undefined {
    const dot = ref.resource.indexOf('.');
    const rt = this.registry.get(ref.resource.slice(dot + 1), ref.resource.slice(0, dot));
    const obj = this.store.get(ref.resource, ref.namespace, ref.name);
    return rt && obj ? { rt, obj } : undefined;
  }

  private liveDependents(ownerUid: string): { rt: ResourceType; obj: StoredObject }[] {
    const out: { rt: ResourceType; obj: StoredObject }[] = [];
    for (const d of this.dependents.get(ownerUid) ?? []) {
      const ref = this.byUid.get(d);
      const found = ref && this.resolve(ref);
      if (found && (found.obj.metadata.ownerReferences ?? []).some((r) => r.uid === ownerUid)) out.push(found);
    }
    return out;
  }

  private async process(uid: string): Promise<void> {
    const ownerRef = this.byUid.get(uid);
    const owner = ownerRef && this.resolve(ownerRef);
    if (!owner) {
      // The owner is gone: delete dependents with no other live owner, else drop the dangling reference.
      for (const dep of this.liveDependents(uid)) {
        const others = (dep.obj.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
        if (others.some((r) => this.byUid.has(r.uid))) {
          await this.removeOwnerRef(dep.rt, dep.obj, uid);
        } else if (!dep.obj.metadata.deletionTimestamp) {
          await this.storage.delete(dep.rt, this.version(dep.rt), dep.obj.metadata.namespace, dep.obj.metadata.name, { propagationPolicy: 'Background' });
        }
      }
      this.dependents.delete(uid);
      return;
    }
    const { rt, obj } = owner;
    if (!obj.metadata.deletionTimestamp) return;
    const finalizers = obj.metadata.finalizers ?? [];
    if (finalizers.includes(ORPHAN_FINALIZER)) {
      for (const dep of this.liveDependents(uid)) await this.removeOwnerRef(dep.rt, dep.obj, uid);
      await this.removeFinalizer(rt, obj, ORPHAN_FINALIZER);
      return;
    }
    if (finalizers.includes(FOREGROUND_FINALIZER)) {
      const deps = this.liveDependents(uid);
      for (const dep of deps) {
        if (!dep.obj.metadata.deletionTimestamp) {
          await this.storage.delete(dep.rt, this.version(dep.rt), dep.obj.metadata.namespace, dep.obj.metadata.name, { propagationPolicy: 'Foreground' });
        }
      }
      // Only dependents that block owner deletion keep the owner waiting.
      const blocking = this.liveDependents(uid).filter((d) =>
        (d.obj.metadata.ownerReferences ?? []).some((r) => r.uid === uid && r.blockOwnerDeletion === true),
      );
      if (blocking.length === 0) await this.removeFinalizer(rt, obj, FOREGROUND_FINALIZER);
    }
  }

  private version(rt: ResourceType) {
    return rt.versions.find((v) => v.name === storageVersion(rt))!;
  }

  private async removeOwnerRef(rt: ResourceType, obj: StoredObject, ownerUid: string): Promise<void> {
    await this.storage.update(rt, this.version(rt), obj.metadata.namespace, obj.metadata.name, '', (current) => {
      const refs = (current.metadata.ownerReferences ?? []).filter((r) => r.uid !== ownerUid);
      if (refs.length > 0) current.metadata.ownerReferences = refs;
      else delete current.metadata.ownerReferences;
      return current;
    }, { fieldManager: 'generic-garbage-collector', retryOnConflict: true });
  }

  private async removeFinalizer(rt: ResourceType, obj: StoredObject, finalizer: string): Promise<void> {
    await this.storage.update(rt, this.version(rt), obj.metadata.namespace, obj.metadata.name, '', (current) => {
      const rest = (current.metadata.finalizers ?? []).filter((f) => f !== finalizer);
      if (rest.length > 0) current.metadata.finalizers = rest;
      else delete current.metadata.finalizers;
      return current;
    }, { fieldManager: 'generic-garbage-collector', retryOnConflict: true });
  }
}
