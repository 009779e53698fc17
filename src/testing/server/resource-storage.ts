/**
 * The write and read paths of the server, independent of HTTP (the generic registry of
 * kube-apiserver), in its order: defaulting, mutating admission, the resource strategy (status
 * and spec separation, generation, finalizers), validation (schema and CEL), validating
 * admission, optimistic concurrency and storage. Used by the HTTP handlers, the garbage collector and the
 * namespace controller.
 */
import { randomUUID } from 'node:crypto';
import type { AdmissionAttributes, AdmissionChain, AdmissionResult } from '../admission/index.js';
import type { Operation, UserInfo } from '../../kube/admission-review.js';
import { deepCopy, deepEqual } from '../../kube/json-values.js';
import { isPlainObject, joinAPIVersion, type KubeObject, type StoredObject } from '../api/object.js';
import { storageKey, storageVersion, type ResourceType, type VersionInfo } from '../api/resource-type.js';
import {
  alreadyExists,
  badRequest,
  conflict,
  forbidden,
  invalid,
  notFound,
  StatusError,
} from '../api/status.js';
import type { FieldCause } from '../../kube/field-errors.js';
import { invalidStatus } from '../schema/index.js';
import { goJSON, goQuote } from '../schema/go-format.js';
import type { ObjectStore } from '../store/object-store.js';
import { recordUpdate } from '../patch/managed-fields.js';
import { applyFieldValidation, checkUnknownFields, type FieldValidation } from './unknown-fields.js';
import { generateName, now, specChanged, validateFinalizersOnDelete, validateObjectMeta } from './object-meta.js';
import type { ResourceRegistry } from './resource-registry.js';
import type { SchemaCache } from './schema-cache.js';
import type { VersionConverter } from './version-converter.js';

export interface WriteOptions {
  dryRun?: boolean;
  /** Field manager recorded in managedFields for Update operations. */
  fieldManager?: string;
  userInfo?: UserInfo;
  /** Set by server-side apply, which computes managedFields itself. */
  managedFieldsComputed?: boolean;
  /** Set by PATCH: the resourceVersion came from the stored object, so a race is retried. */
  retryOnConflict?: boolean;
  /** Collects admission warnings for the response's Warning headers. */
  warnings?: string[];
  /** What to do about fields a custom resource schema does not declare (default Warn). */
  fieldValidation?: FieldValidation;
}

export interface DeleteOptions {
  dryRun?: boolean;
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  preconditions?: { uid?: string; resourceVersion?: string };
  userInfo?: UserInfo;
  warnings?: string[];
}

export interface ResourceStorageDeps {
  store: ObjectStore;
  registry: ResourceRegistry;
  schemas: SchemaCache;
  converter: VersionConverter;
  admission?: () => AdmissionChain | undefined;
}

function isNamespaceType(rt: ResourceType): boolean {
  return rt.group === '' && rt.resource === 'namespaces';
}

/** Finalizers still to run: metadata.finalizers, and a namespace's spec.finalizers (the namespace controller's). */
function pendingFinalizers(rt: ResourceType, obj: KubeObject): number {
  const own = obj.metadata?.finalizers?.length ?? 0;
  const spec = isNamespaceType(rt) ? ((obj.spec as { finalizers?: string[] } | undefined)?.finalizers?.length ?? 0) : 0;
  return own + spec;
}

/** NamespaceLifecycle refuses to delete these. */
const PROTECTED_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

export const FOREGROUND_FINALIZER = 'foregroundDeletion';
export const ORPHAN_FINALIZER = 'orphan';

export class ResourceStorage {
  constructor(private readonly deps: ResourceStorageDeps) {}

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
    if (!stored) throw notFound(rt, name);
    return this.present(rt, stored, version);
  }

  /** A stored object as a request of `version` sees it: converted, defaulted. */
  async present(rt: ResourceType, stored: StoredObject, version: string): Promise<StoredObject> {
    return (await this.presentAll(rt, [stored], version))[0];
  }

  async presentAll(rt: ResourceType, stored: StoredObject[], version: string): Promise<StoredObject[]> {
    const shared = rt.sharesStorageOf;
    if (shared) return stored.map((o) => shared.fromStored(o) as StoredObject);
    if (rt.builtin) return stored;
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

  // ---- create ------------------------------------------------------------

  async create(rt: ResourceType, version: VersionInfo, namespace: string | undefined, body: unknown, options: WriteOptions = {}): Promise<StoredObject> {
    const obj = this.decode(rt, version, body, namespace);
    this.checkDecoding(rt, version, obj, options);
    if (rt.namespaced && !obj.metadata!.namespace) throw badRequest('the server could not find the requested resource');
    const meta = obj.metadata!;
    if (meta.resourceVersion) throw new StatusError({ message: 'resourceVersion should not be set on objects to be created', reason: 'BadRequest', code: 400 });
    this.checkNamespace(rt, meta.namespace, meta.name ?? '');

    // Status is written through its subresource; creates start without it (Nodes excepted, as their strategy allows).
    if (version.statusSubresource && !(rt.group === '' && rt.resource === 'nodes')) delete obj.status;
    rt.defaultOnCreate?.(obj);
    this.defaultAndPrune(rt, version, obj);

    if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
    const prepared = this.prepareCreate(rt, version, obj, options);
    // kube-apiserver's order: mutating admission, then validation (schema and CEL), then validating admission.
    const admitted = (await this.mutatingAdmission(rt, version, 'CREATE', prepared, undefined, options)) as StoredObject;
    if (admitted !== prepared) {
      this.defaultAndPrune(rt, version, admitted);
      if (version.statusSubresource && !rt.builtin) delete admitted.status;
      Object.assign(admitted.metadata, { uid: prepared.metadata.uid, creationTimestamp: prepared.metadata.creationTimestamp, generation: prepared.metadata.generation });
    }
    this.validate(rt, version, admitted, undefined);
    await this.validatingAdmission(rt, version, 'CREATE', admitted, undefined, options);

    const name = admitted.metadata.name;
    if (this.store.get(this.key(rt), admitted.metadata.namespace, name)) throw alreadyExists(rt, name);
    if (options.dryRun) return admitted;
    const toStore = await this.toStorage(rt, admitted);
    // Checked again after the last await: a concurrent create may have won.
    if (this.store.get(this.key(rt), admitted.metadata.namespace, name)) throw alreadyExists(rt, name);
    const stored = this.markDefaulted(rt, this.store.create(this.key(rt), toStore));
    return this.present(rt, stored, version.name);
  }

  private prepareCreate(rt: ResourceType, version: VersionInfo, obj: KubeObject, options: WriteOptions): StoredObject {
    const meta = obj.metadata!;
    meta.uid = randomUUID();
    meta.creationTimestamp = now();
    if (rt.tracksGeneration) meta.generation = 1;
    else delete meta.generation;
    delete meta.deletionTimestamp;
    delete meta.deletionGracePeriodSeconds;
    delete meta.resourceVersion;
    delete meta.selfLink;
    if (!options.managedFieldsComputed) {
      recordUpdate(undefined, obj, { manager: options.fieldManager ?? 'unknown', apiVersion: joinAPIVersion(rt.group, version.name), listRule: rt.listRule, statusSeparate: version.statusSubresource });
    }
    return obj as StoredObject;
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
      if (!stored) throw notFound(rt, name);
      const current = await this.present(rt, stored, version.name);
      const body = compute(deepCopy(current));
      const requested = this.decode(rt, version, body, namespace);
      if (attempt === 0) this.checkDecoding(rt, version, requested, options);
      const reqMeta = requested.metadata!;
      if ((reqMeta.name ?? '') !== name) {
        throw badRequest(`the name of the object (${reqMeta.name ?? ''}) does not match the name on the URL (${name})`);
      }
      const requestedRV = reqMeta.resourceVersion;
      if (requestedRV === undefined || requestedRV === '') {
        if (!rt.builtin && !options.retryOnConflict) {
          // Go prints the uint64 zero with %#v.
          throw invalid(rt.kind, rt.group, name, [{ reason: 'FieldValueInvalid', field: 'metadata.resourceVersion', message: 'Invalid value: 0x0: must be specified for an update' }]);
        }
      } else if (requestedRV !== stored.metadata.resourceVersion) {
        throw conflict(rt, name);
      }

      const next = this.prepareUpdate(rt, version, current, requested, subresource, options);
      if (this.unchanged(current, next)) return current;

      const mutated = await this.mutatingAdmission(rt, version, 'UPDATE', next, current, options, subresource);
      let fixed = next;
      if (mutated !== next) {
        fixed = this.prepareUpdate(rt, version, current, mutated, subresource, { ...options, managedFieldsComputed: true });
        fixed.metadata.managedFields = next.metadata.managedFields;
      }
      this.validate(rt, version, fixed, current);
      await this.validatingAdmission(rt, version, 'UPDATE', fixed, current, options, subresource);

      if (options.dryRun) return fixed;
      const toStore = await this.toStorage(rt, fixed);
      // Admission and conversion are asynchronous: another write may have landed meanwhile.
      const latest = this.store.get(this.key(rt), ns, name);
      if (!latest) throw notFound(rt, name);
      if (latest.metadata.resourceVersion !== stored.metadata.resourceVersion) {
        if ((requestedRV === undefined || requestedRV === '' || options.retryOnConflict) && attempt < 5) continue;
        throw conflict(rt, name);
      }
      return this.present(rt, this.commitUpdate(rt, toStore), version.name);
    }
  }

  /**
   * Stores an update. An update that empties the finalizers of an object being deleted deletes
   * it instead (watchers see only DELETED, carrying the last stored state), as the registry does.
   */
  private commitUpdate(rt: ResourceType, toStore: StoredObject): StoredObject {
    if (toStore.metadata.deletionTimestamp && pendingFinalizers(rt, toStore) === 0) {
      return this.store.delete(this.key(rt), toStore.metadata.namespace, toStore.metadata.name);
    }
    return this.markDefaulted(rt, this.store.update(this.key(rt), toStore));
  }

  private prepareUpdate(rt: ResourceType, version: VersionInfo, current: StoredObject, requested: KubeObject, subresource: '' | 'status', options: WriteOptions): StoredObject {
    let next: StoredObject;
    if (subresource === 'status') {
      // A status write changes status only (and its own managedFields).
      next = deepCopy(current);
      if (requested.status === undefined) delete next.status;
      else next.status = deepCopy(requested.status);
      next.metadata.managedFields = requested.metadata?.managedFields ?? current.metadata.managedFields;
    } else {
      next = deepCopy(requested) as StoredObject;
      rt.keepAllocated?.(current, next);
      if (version.statusSubresource) {
        if (current.status === undefined) delete next.status;
        else next.status = deepCopy(current.status);
      }
    }
    const meta = next.metadata;
    const old = current.metadata;
    meta.uid = old.uid;
    meta.creationTimestamp = old.creationTimestamp;
    meta.namespace = old.namespace;
    meta.resourceVersion = old.resourceVersion;
    if (old.deletionTimestamp) {
      meta.deletionTimestamp = old.deletionTimestamp;
      meta.deletionGracePeriodSeconds = old.deletionGracePeriodSeconds;
    } else {
      delete meta.deletionTimestamp;
      delete meta.deletionGracePeriodSeconds;
    }
    delete meta.generateName;
    if (old.generateName) meta.generateName = old.generateName;
    this.defaultAndPrune(rt, version, next);
    if (rt.tracksGeneration) meta.generation = (old.generation ?? 1) + (specChanged(current, next, deepEqual, version.statusSubresource || rt.builtin) ? 1 : 0);
    else delete meta.generation;
    if (!options.managedFieldsComputed) {
      recordUpdate(current, next, {
        manager: options.fieldManager ?? 'unknown',
        apiVersion: joinAPIVersion(rt.group, version.name),
        listRule: rt.listRule,
        subresource: subresource || undefined,
        statusSeparate: version.statusSubresource,
      });
    }
    return next;
  }

  private unchanged(current: StoredObject, next: StoredObject): boolean {
    const strip = (o: StoredObject): KubeObject => {
      const { managedFields: _mf, ...meta } = o.metadata;
      return { ...o, metadata: meta };
    };
    return deepEqual(strip(current), strip(next));
  }

  // ---- delete ------------------------------------------------------------

  async delete(rt: ResourceType, version: VersionInfo, namespace: string | undefined, name: string, options: DeleteOptions = {}): Promise<StoredObject> {
    const ns = rt.namespaced ? namespace : undefined;
    const stored = this.store.get(this.key(rt), ns, name);
    if (!stored) throw notFound(rt, name);
    if (isNamespaceType(rt) && PROTECTED_NAMESPACES.has(name)) throw forbidden(rt, name, 'this namespace may not be deleted');
    const pre = options.preconditions;
    if (pre?.uid && pre.uid !== stored.metadata.uid) {
      throw conflict(rt, name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${stored.metadata.uid}`);
    }
    if (pre?.resourceVersion && pre.resourceVersion !== stored.metadata.resourceVersion) {
      throw conflict(rt, name, `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${stored.metadata.resourceVersion}`);
    }
    const current = await this.present(rt, stored, version.name);
    const admissionOptions = { userInfo: options.userInfo, dryRun: options.dryRun, warnings: options.warnings };
    await this.mutatingAdmission(rt, version, 'DELETE', undefined, current, admissionOptions);
    await this.validatingAdmission(rt, version, 'DELETE', undefined, current, admissionOptions);
    if (this.store.get(this.key(rt), ns, name) !== stored) {
      // Changed while admission ran: start over on the latest state.
      return this.delete(rt, version, namespace, name, options);
    }

    const policy = options.propagationPolicy ?? rt.defaultPropagation;
    const finalizers = [...(stored.metadata.finalizers ?? [])];
    const addFinalizer = (f: string): void => {
      if (!finalizers.includes(f)) finalizers.push(f);
    };
    if (policy === 'Orphan') addFinalizer(ORPHAN_FINALIZER);
    if (policy === 'Foreground') addFinalizer(FOREGROUND_FINALIZER);
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
    if (isNamespace) (next.status as Record<string, unknown> | undefined ?? (next.status = {}) as Record<string, unknown>).phase = 'Terminating';
    if (alreadyDeleting && deepEqual(next, stored)) return current;
    if (options.dryRun) return this.present(rt, next, version.name);
    return this.present(rt, this.store.update(this.key(rt), next), version.name);
  }

  /** Removes a namespace whose content is gone (the namespace controller's last step). */
  finalizeNamespace(name: string): void {
    const key = 'namespaces.';
    const stored = this.store.get(key, undefined, name);
    if (!stored || !stored.metadata.deletionTimestamp) return;
    if ((stored.metadata.finalizers ?? []).length > 0) {
      const next = deepCopy(stored);
      if (isPlainObject(next.spec)) delete (next.spec as Record<string, unknown>).finalizers;
      if (!deepEqual(next, stored)) this.store.update(key, next);
      return;
    }
    this.store.delete(key, undefined, name);
  }

  // ---- shared steps ------------------------------------------------------

  /** Checks and fills apiVersion, kind, namespace of a request body. */
  private decode(rt: ResourceType, version: VersionInfo, body: unknown, namespace: string | undefined): KubeObject {
    if (!isPlainObject(body)) throw badRequest('the body of the request was not a JSON object');
    const obj = deepCopy(body) as KubeObject;
    const apiVersion = joinAPIVersion(rt.group, version.name);
    if (obj.apiVersion !== undefined && obj.apiVersion !== '' && obj.apiVersion !== apiVersion) {
      throw badRequest(`the API version in the data (${String(obj.apiVersion)}) does not match the expected API version (${apiVersion})`);
    }
    if (obj.kind !== undefined && obj.kind !== '' && obj.kind !== rt.kind) {
      throw badRequest(`the kind in the data (${String(obj.kind)}) does not match the expected kind (${rt.kind})`);
    }
    obj.apiVersion = apiVersion;
    obj.kind = rt.kind;
    if (!isPlainObject(obj.metadata)) obj.metadata = {};
    const meta = obj.metadata!;
    if (rt.namespaced) {
      if (meta.namespace && namespace && meta.namespace !== namespace) {
        throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      meta.namespace = namespace ?? meta.namespace;
    } else {
      delete meta.namespace;
    }
    return obj;
  }

  /**
   * What decoding a request body enforces: for built-in kinds, the Go types (a value of the wrong
   * type is a 400 from the decoder, or for a patch a 422 on the patched object); for every kind,
   * the fieldValidation policy on fields the type does not declare.
   */
  private checkDecoding(rt: ResourceType, version: VersionInfo, obj: KubeObject, options: WriteOptions): void {
    const policy = options.fieldValidation ?? 'Warn';
    const builtin = this.deps.schemas.builtin(rt, version);
    if (!builtin) {
      checkUnknownFields(this.deps.schemas.get(rt, version), obj, policy, version.name, options.warnings);
      return;
    }
    const original = options.retryOnConflict ? goJSON(obj) : '';
    const { error, unknownFields } = builtin.decode(obj);
    if (error !== undefined) {
      if (options.retryOnConflict) {
        throw new StatusError(invalidStatus('', '', '', [{ reason: 'FieldValueInvalid', field: 'patch', message: `Invalid value: ${goQuote(original)}: ${error}` }]));
      }
      throw badRequest(`${rt.kind} in version ${JSON.stringify(version.name)} cannot be handled as a ${rt.kind}: ${error}`);
    }
    applyFieldValidation(unknownFields, obj, policy, version.name, options.warnings);
  }

  /** NamespaceLifecycle admission: content goes only into namespaces that exist and are not terminating. */
  private checkNamespace(rt: ResourceType, namespace: string | undefined, name: string): void {
    if (!rt.namespaced || namespace === undefined) return;
    const ns = this.store.get('namespaces.', undefined, namespace);
    if (!ns) throw notFound({ group: '', resource: 'namespaces' }, namespace);
    if (ns.metadata.deletionTimestamp) {
      const err = forbidden(rt, name, `unable to create new content in namespace ${namespace} because it is being terminated`);
      err.status.details!.causes = [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }];
      throw err;
    }
  }

  private defaultAndPrune(rt: ResourceType, version: VersionInfo, obj: KubeObject): void {
    rt.schemeDefaults?.(obj);
    // Go's decoding keeps only the fields a built-in type has; its defaults are the scheme's.
    this.deps.schemas.builtin(rt, version)?.decode(obj);
    const schema = this.deps.schemas.get(rt, version);
    if (!schema) return;
    schema.prune(obj);
    schema.applyDefaults(obj);
  }

  private validate(rt: ResourceType, version: VersionInfo, obj: StoredObject, old: StoredObject | undefined): void {
    const isNamespace = isNamespaceType(rt);
    const errors: FieldCause[] = validateObjectMeta(obj.metadata, { nameIsLabel: isNamespace, namespaced: rt.namespaced });
    if (old) errors.push(...validateFinalizersOnDelete(old.metadata, obj.metadata));
    if (rt.validate) errors.push(...rt.validate(obj, old));
    const schema = this.deps.schemas.get(rt, version);
    const causes = schema ? schema.validate(obj, old) : [];
    if (errors.length > 0 && causes.length === 0) throw invalid(rt.kind, rt.group, obj.metadata.name ?? '', errors);
    if (causes.length > 0 || errors.length > 0) {
      throw new StatusError(invalidStatus(rt.kind, rt.group, obj.metadata.name ?? '', [...errors.map((e) => ({ reason: e.reason as 'FieldValueInvalid', message: e.message, field: e.field })), ...causes]));
    }
  }

  /** The attributes admission webhooks see for a request. */
  private admissionAttributes(
    rt: ResourceType,
    version: VersionInfo,
    operation: Operation,
    obj: KubeObject | undefined,
    old: StoredObject | undefined,
    options: WriteOptions,
    subResource: string,
  ): AdmissionAttributes {
    const target = obj ?? old;
    const namespace = target?.metadata?.namespace;
    const nsObject = namespace ? this.store.get('namespaces.', undefined, namespace) : undefined;
    return {
      operation,
      kind: { group: rt.group, version: version.name, kind: rt.kind },
      resource: { group: rt.group, version: version.name, resource: rt.resource },
      subResource,
      namespace: rt.namespaced ? namespace : undefined,
      name: target?.metadata?.name ?? '',
      object: obj,
      oldObject: old,
      userInfo: options.userInfo,
      dryRun: options.dryRun ?? false,
      namespaceLabels: rt.group === '' && rt.resource === 'namespaces' ? obj?.metadata?.labels : nsObject?.metadata.labels,
    };
  }

  private admissionResult(result: AdmissionResult, options: WriteOptions): void {
    options.warnings?.push(...result.warnings);
    if (!result.allowed) throw new StatusError(result.status ?? { code: 403, reason: 'Forbidden', message: 'admission webhook denied the request' });
  }

  /** Mutating admission: the object as the mutating webhooks leave it (`obj` itself when unchanged). */
  private async mutatingAdmission(
    rt: ResourceType,
    version: VersionInfo,
    operation: Operation,
    obj: KubeObject | undefined,
    old: StoredObject | undefined,
    options: WriteOptions,
    subResource = '',
  ): Promise<KubeObject> {
    const chain = this.deps.admission?.();
    const fallback = obj ?? (old as KubeObject);
    if (!chain) return fallback;
    const result = await chain.mutate(this.admissionAttributes(rt, version, operation, obj, old, options, subResource));
    this.admissionResult(result, options);
    if (result.object !== undefined && obj !== undefined && !deepEqual(result.object, obj)) return deepCopy(result.object) as KubeObject;
    return fallback;
  }

  /** Validating admission, on the object that passed validation, just before storage. */
  private async validatingAdmission(
    rt: ResourceType,
    version: VersionInfo,
    operation: Operation,
    obj: KubeObject | undefined,
    old: StoredObject | undefined,
    options: WriteOptions,
    subResource = '',
  ): Promise<void> {
    const chain = this.deps.admission?.();
    if (!chain) return;
    this.admissionResult(await chain.validate(this.admissionAttributes(rt, version, operation, obj, old, options, subResource)), options);
  }

  private async toStorage(rt: ResourceType, obj: StoredObject): Promise<StoredObject> {
    if (rt.sharesStorageOf) return rt.sharesStorageOf.toStored(obj) as StoredObject;
    const target = storageVersion(rt);
    return this.deps.converter.convertOne(rt, obj, target);
  }
}
