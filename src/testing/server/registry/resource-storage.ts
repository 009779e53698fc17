/**
 * The write and read paths of the server, independent of HTTP (the generic registry of
 * kube-apiserver), in its order: defaulting, mutating admission, the resource strategy (status
 * and spec separation, generation, finalizers), validation (schema and CEL), validating
 * admission, optimistic concurrency and storage. Used by the HTTP handlers, the garbage collector and the
 * namespace controller. The strategy is resource-strategy.ts, admission admission-step.ts, the
 * delete path resource-deletion.ts.
 */
import type { AdmissionChain } from '../../admission/index.js';
import { deepCopy } from '../../../kube/json-values.js';
import { joinAPIVersion, type KubeObject, type StoredObject } from '../../model/object.js';
import { storageKey, storageVersion, type ResourceType, type VersionInfo } from '../../model/resource-type.js';
import type { ObjectStore } from '../../store/object-store.js';
import { AdmissionStep } from './admission-step.js';
import { generateName } from './object-meta.js';
import { pendingFinalizers, ResourceDeletion } from './resource-deletion.js';
import type { ResourceRegistry } from './resource-registry.js';
import { ResourceStrategy } from './resource-strategy.js';
import type { SchemaCache } from './schema-cache.js';
import type { VersionConverter } from './version-converter.js';
import type { DeleteOptions, WriteOptions } from './request-options.js';
import { StatusError } from '../../model/status.js';
import { alreadyExistsStatus, badRequestStatus, conflictStatus, invalidStatus, notFoundStatus } from '../../../kube/status.js';

export type { DeleteOptions, WriteOptions } from './request-options.js';

export { FOREGROUND_FINALIZER, ORPHAN_FINALIZER } from './resource-deletion.js';

export interface ResourceStorageDeps {
  store: ObjectStore;
  registry: ResourceRegistry;
  schemas: SchemaCache;
  converter: VersionConverter;
  admission?: () => AdmissionChain | undefined;
}

export class ResourceStorage {
  private readonly strategy: ResourceStrategy;
  private readonly admission: AdmissionStep;
  private readonly deletion: ResourceDeletion;

  constructor(private readonly deps: ResourceStorageDeps) {
    this.strategy = new ResourceStrategy(deps.store, deps.schemas);
    this.admission = new AdmissionStep(deps.store, () => deps.admission?.());
    this.deletion = new ResourceDeletion(deps.store, this.admission, (rt, stored, version) => this.present(rt, stored, version));
  }

  get converter(): VersionConverter {
    return this.deps.converter;
  }

  private get store(): ObjectStore {
    return this.deps.store;
  }

  key(rt: ResourceType): string {
    return storageKey(rt);
  }

  // ---- reads -------------------------------------------------------------

  async get(rt: ResourceType, version: string, namespace: string | undefined, name: string): Promise<StoredObject> {
    const stored = this.store.get(this.key(rt), rt.namespaced ? namespace : undefined, name);
    if (!stored) throw new StatusError(notFoundStatus(rt, name));
    return this.present(rt, stored, version);
  }

  /** A stored object as a request of `version` sees it: converted, defaulted. */
  async present(rt: ResourceType, stored: StoredObject, version: string): Promise<StoredObject> {
    return (await this.presentAll(rt, [stored], version))[0];
  }

  async presentAll(rt: ResourceType, stored: StoredObject[], version: string): Promise<StoredObject[]> {
    const shared = rt.sharesStorageOf;
    if (shared) return stored.map((o) => shared.fromStored(o) as StoredObject);
    const converted = await this.deps.converter.convert(rt, stored, version);
    const info = rt.versions.find((v) => v.name === version);
    const schema = info ? this.deps.schemas.get(rt, info) : undefined;
    if (!schema) return converted;
    // Defaults apply on read too, so objects stored before a default was added get it;
    // an object written under this very schema already has them.
    return converted.map((o) => (this.defaulted.get(o) === schema ? o : schema.applyDefaults(deepCopy(o))));
  }

  /** Which schema each stored object was last defaulted with (skips read-time defaulting). */
  private readonly defaulted = new WeakMap<StoredObject, object>();

  private markDefaulted(rt: ResourceType, stored: StoredObject): StoredObject {
    const info = rt.versions.find((v) => v.name === storageVersion(rt));
    const schema = info ? this.deps.schemas.get(rt, info) : undefined;
    if (schema && stored.apiVersion === joinAPIVersion(rt.group, info!.name)) this.defaulted.set(stored, schema);
    return stored;
  }

  /** The fields of an object its type does not declare (resource-strategy.ts), the object unchanged. */
  undeclaredFields(rt: ResourceType, version: VersionInfo, obj: KubeObject): string[] {
    return this.strategy.undeclaredFields(rt, version, obj);
  }

  // ---- create ------------------------------------------------------------

  async create(rt: ResourceType, version: VersionInfo, namespace: string | undefined, body: unknown, options: WriteOptions = {}): Promise<StoredObject> {
    const obj = this.strategy.decode(rt, version, body, namespace);
    this.strategy.checkDecoding(rt, version, obj, options);
    if (rt.namespaced && !obj.metadata!.namespace) throw new StatusError(badRequestStatus('the server could not find the requested resource'));
    const meta = obj.metadata!;
    // kube-apiserver's storage layer refuses this as an internal error: a 500 without a reason.
    if (meta.resourceVersion) throw new StatusError({ message: 'resourceVersion should not be set on objects to be created', code: 500 });
    this.strategy.checkNamespace(rt, meta.namespace, meta.name ?? '');

    // Status is written through its subresource; creates start without it (Nodes excepted, as their strategy allows).
    if (version.statusSubresource && !(rt.group === '' && rt.resource === 'nodes')) delete obj.status;
    this.strategy.defaultAndPrune(rt, version, obj, options);

    if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
    const prepared = this.strategy.prepareCreate(rt, version, obj, options);
    // kube-apiserver's order: mutating admission, then validation (schema and CEL), then validating admission.
    const admitted = (await this.admission.mutatingAdmission(rt, version, 'CREATE', prepared, undefined, options)) as StoredObject;
    if (admitted !== prepared) {
      // A webhook's patch is decoded again, nulls pruned, even after an apply.
      this.strategy.defaultAndPrune(rt, version, admitted);
      if (version.statusSubresource && !rt.builtin) delete admitted.status;
      const { uid, creationTimestamp, generation } = prepared.metadata;
      Object.assign(admitted.metadata, { uid, creationTimestamp, generation });
    }
    // The kind's PrepareForCreate, which kube-apiserver runs after mutating admission, with the uid set
    // (a Job's generated selector names it); webhooks never see what it sets.
    rt.defaultOnCreate?.(admitted);
    this.strategy.validate(rt, version, admitted, undefined, options.warnings);
    await this.admission.validatingAdmission(rt, version, 'CREATE', admitted, undefined, options);

    const name = admitted.metadata.name;
    if (this.store.get(this.key(rt), admitted.metadata.namespace, name)) throw new StatusError(alreadyExistsStatus(rt, name));
    if (options.dryRun) return admitted;
    const toStore = await this.toStorage(rt, admitted);
    // Checked again after the last await: a concurrent create may have won.
    if (this.store.get(this.key(rt), admitted.metadata.namespace, name)) throw new StatusError(alreadyExistsStatus(rt, name));
    const stored = this.markDefaulted(rt, this.store.create(this.key(rt), toStore));
    return this.present(rt, stored, version.name);
  }


  // ---- update ------------------------------------------------------------

  /**
   * Replaces an object with what `compute` makes of the current one. `compute` gets a private
   * copy at the request's version and may run more than once when PATCH races another write.
   */
  async update(
    rt: ResourceType,
    version: VersionInfo,
    namespace: string | undefined,
    name: string,
    subresource: '' | 'status',
    compute: (current: StoredObject) => unknown,
    options: WriteOptions = {},
  ): Promise<StoredObject> {
    const ns = rt.namespaced ? namespace : undefined;
    for (let attempt = 0; ; attempt++) {
      const stored = this.store.get(this.key(rt), ns, name);
      if (!stored) throw new StatusError(notFoundStatus(rt, name));
      const current = await this.present(rt, stored, version.name);
      const body = compute(deepCopy(current));
      const requested = this.strategy.decode(rt, version, body, namespace, options);
      if (attempt === 0) this.strategy.checkDecoding(rt, version, requested, options);
      const reqMeta = requested.metadata!;
      if ((reqMeta.name ?? '') !== name) {
        throw new StatusError(badRequestStatus(`the name of the object (${reqMeta.name ?? ''}) does not match the name on the URL (${name})`));
      }
      const requestedRV = reqMeta.resourceVersion;
      if (requestedRV === undefined || requestedRV === '') {
        if ((!rt.builtin || rt.conditionalUpdateOnly) && !options.retryOnConflict) {
          // The generic registry names the resource where a kind goes (its qualifiedKind).
          throw new StatusError(invalidStatus(rt.resource, rt.group, name, [{ reason: 'FieldValueInvalid', field: 'metadata.resourceVersion', message: 'Invalid value: 0: must be specified for an update' }]));
        }
      } else if (requestedRV !== stored.metadata.resourceVersion) {
        throw new StatusError(conflictStatus(rt, name));
      }

      const next = this.strategy.prepareUpdate(rt, version, current, requested, subresource, options);
      if (this.strategy.unchanged(current, next)) return current;

      const mutated = await this.admission.mutatingAdmission(rt, version, 'UPDATE', next, current, options, subresource);
      let fixed = next;
      if (mutated !== next) {
        fixed = this.strategy.prepareUpdate(rt, version, current, mutated, subresource, { ...options, managedFieldsComputed: true, serverSideApply: false });
        fixed.metadata.managedFields = next.metadata.managedFields;
      }
      this.strategy.validate(rt, version, fixed, current, options.warnings);
      await this.admission.validatingAdmission(rt, version, 'UPDATE', fixed, current, options, subresource);

      if (options.dryRun) return fixed;
      const toStore = await this.toStorage(rt, fixed);
      // Admission and conversion are asynchronous: another write may have landed meanwhile.
      const latest = this.store.get(this.key(rt), ns, name);
      if (!latest) throw new StatusError(notFoundStatus(rt, name));
      if (latest.metadata.resourceVersion !== stored.metadata.resourceVersion) {
        if ((requestedRV === undefined || requestedRV === '' || options.retryOnConflict) && attempt < 5) continue;
        throw new StatusError(conflictStatus(rt, name));
      }
      return this.present(rt, this.commitUpdate(rt, toStore), version.name);
    }
  }

  /**
   * Stores an update. An update that empties the finalizers of an object being deleted deletes
   * it instead (watchers see only DELETED, carrying the last stored state), as the registry does;
   * the writer is answered the object as its update left it.
   */
  private commitUpdate(rt: ResourceType, toStore: StoredObject): StoredObject {
    if (toStore.metadata.deletionTimestamp && pendingFinalizers(rt, toStore) === 0) {
      const deleted = this.store.delete(this.key(rt), toStore.metadata.namespace, toStore.metadata.name);
      return { ...toStore, metadata: { ...toStore.metadata, resourceVersion: deleted.metadata.resourceVersion } };
    }
    return this.markDefaulted(rt, this.store.update(this.key(rt), toStore));
  }


  // ---- delete (resource-deletion.ts) --------------------------------------

  delete(rt: ResourceType, version: VersionInfo, namespace: string | undefined, name: string, options: DeleteOptions = {}): Promise<StoredObject> {
    return this.deletion.delete(rt, version, namespace, name, options);
  }

  /** Removes a namespace whose content is gone (the namespace controller's last step). */
  finalizeNamespace(name: string): void {
    this.deletion.finalizeNamespace(name);
  }

  private async toStorage(rt: ResourceType, obj: StoredObject): Promise<StoredObject> {
    if (rt.sharesStorageOf) return rt.sharesStorageOf.toStored(obj) as StoredObject;
    const target = storageVersion(rt);
    return this.deps.converter.convertOne(rt, obj, target);
  }
}