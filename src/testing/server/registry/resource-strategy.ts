/**
 * The resource strategy of the write path (kube-apiserver's rest strategies and generic registry
 * checks): decoding a request body, NamespaceLifecycle, what a create and an update keep or reset
 * (status and spec separation, generation, managedFields), defaulting and pruning, validation.
 */
import { randomUUID } from 'node:crypto';
import { deepCopy, deepEqual } from '../../../kube/json-values.js';
import { isPlainObject, joinAPIVersion, type KubeObject, type StoredObject } from '../../model/object.js';
import { validationGroup, type ResourceType, type VersionInfo } from '../../model/resource-type.js';
import { invalid, type FieldCause } from '../../../kube/field-errors.js';
import { finalizerWarnings } from '../../../kube/object-meta-rules.js';
import { goQuote, goV } from '../../../kube/go-format.js';
import type { ObjectStore } from '../../store/object-store.js';
import { recordUpdate } from '../../patch/managed-fields.js';
import { fillZeroValues, zeroValueOf } from '../../builtins/zero-values.js';
import { applyFieldValidation, patchedObjectJSON, strictDecodingErrors, unknownFields } from './unknown-fields.js';
import { dropEmptyMetadataFields, now, specChanged, validateFinalizersOnDelete, validateObjectMeta } from './object-meta.js';
import { isNamespaceType } from './resource-deletion.js';
import { BUILTIN_NAME_RULES } from '../../builtins/validation/index.js';
import { isDNS1123Label } from '../../../kube/dns-names.js';
import type { WriteOptions } from './request-options.js';
import type { SchemaCache } from './schema-cache.js';
import { StatusError } from '../../model/status.js';
import { badRequestStatus, conflictStatus, forbiddenStatus, invalidStatus, notFoundStatus } from '../../../kube/status.js';
import { validateScalePaths } from './scale-paths.js';

/** Built-in groups whose servers validate metadata with apimachinery's rules alone, not core's (stricter finalizer names). */
const GENERIC_META_VALIDATION = new Set(['apiextensions.k8s.io', 'apiregistration.k8s.io']);

/** Sets `to`'s status-carrying annotations (VersionInfo.statusAnnotations) to `from`'s. */
function takeStatusAnnotations(version: VersionInfo, from: KubeObject, to: KubeObject): void {
  if (!version.statusAnnotations) return;
  const annotations: Record<string, string> = { ...(to.metadata?.annotations ?? {}) };
  for (const key of version.statusAnnotations) {
    const value = from.metadata?.annotations?.[key];
    if (value === undefined) delete annotations[key];
    else annotations[key] = value;
  }
  const meta = (to.metadata ??= {});
  if (Object.keys(annotations).length > 0) meta.annotations = annotations;
  else delete meta.annotations;
}

/** Where kube-apiserver keeps a built-in resource in etcd when it is not under its own name. */
const ETCD_PREFIXES: Record<string, string> = { '/services': 'services/specs', '/endpoints': 'services/endpoints', '/nodes': 'minions', '/replicationcontrollers': 'controllers', 'networking.k8s.io/ingresses': 'ingress' };

/** The object's etcd key as kube-apiserver's storage errors quote it. */
function etcdKey(rt: ResourceType, namespace: string | undefined, name: string): string {
  const prefix = rt.builtin ? (ETCD_PREFIXES[`${rt.group}/${rt.resource}`] ?? rt.resource) : `${rt.group}/${rt.resource}`;
  return `/registry/${prefix}/${rt.namespaced && namespace ? `${namespace}/` : ''}${name}`;
}

export class ResourceStrategy {
  constructor(
    private readonly store: ObjectStore,
    private readonly schemas: SchemaCache,
  ) {}

  prepareCreate(rt: ResourceType, version: VersionInfo, obj: KubeObject, options: WriteOptions): StoredObject {
    const meta = obj.metadata!;
    meta.uid = randomUUID();
    meta.creationTimestamp = now();
    if (rt.tracksGeneration) meta.generation = 1;
    else delete meta.generation;
    delete meta.deletionTimestamp;
    delete meta.deletionGracePeriodSeconds;
    delete meta.resourceVersion;
    delete meta.selfLink;
    dropEmptyMetadataFields(meta);
    const zero = rt.builtin ? zeroValueOf(rt.group, rt.kind) : undefined;
    if (rt.builtin) fillZeroValues(obj, rt.group, rt.kind);
    rt.prepareWrite?.(obj, undefined);
    if (!options.managedFieldsComputed) {
      recordUpdate(undefined, obj, { manager: options.fieldManager ?? 'unknown', apiVersion: joinAPIVersion(rt.group, version.name), listRule: rt.listRule, statusSeparate: version.statusSubresource, zero: zero });
    }
    return obj as StoredObject;
  }

  prepareUpdate(rt: ResourceType, version: VersionInfo, current: StoredObject, requested: KubeObject, subresource: '' | 'status', options: WriteOptions): StoredObject {
    let next: StoredObject;
    if (subresource === 'status') {
      // A status write changes status only (and its own managedFields).
      next = deepCopy(current);
      if (requested.status === undefined) delete next.status;
      else next.status = deepCopy(requested.status);
      next.metadata.managedFields = requested.metadata?.managedFields ?? current.metadata.managedFields;
      takeStatusAnnotations(version, requested, next);
    } else {
      next = deepCopy(requested) as StoredObject;
      rt.keepAllocated?.(current, next);
      if (version.statusSubresource) {
        if (current.status === undefined) delete next.status;
        else next.status = deepCopy(current.status);
        takeStatusAnnotations(version, current, next);
      }
      rt.prepareForUpdate?.(current, next);
    }
    const meta = next.metadata;
    const old = current.metadata;
    const requestedUID = requested.metadata?.uid;
    if (requestedUID && requestedUID !== old.uid && options.retryOnConflict) {
      // A patch that changes the uid fails the metadata update validation, which the kind's
      // strategy and then the registry run: the same cause twice.
      const immutable = invalid('metadata.uid', requestedUID, 'field is immutable');
      throw new StatusError(invalidStatus(rt.kind, validationGroup(rt), old.name, [immutable, immutable]));
    }
    if (requestedUID && requestedUID !== old.uid) {
      // The uid in an update's body is a precondition the storage layer checks, with its own wording.
      throw new StatusError(conflictStatus(rt, old.name, `StorageError: invalid object, Code: 4, Key: ${etcdKey(rt, old.namespace, old.name)}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${requestedUID}, UID in object meta: ${old.uid}`));
    }
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
    this.defaultAndPrune(rt, version, next, options);
    dropEmptyMetadataFields(meta);
    const zero = rt.builtin ? zeroValueOf(rt.group, rt.kind) : undefined;
    if (rt.builtin) fillZeroValues(next, rt.group, rt.kind);
    if (subresource === '') rt.prepareWrite?.(next, current);
    if (rt.tracksGeneration) meta.generation = (old.generation ?? 1) + (specChanged(current, next, deepEqual, version.statusSubresource || rt.builtin) ? 1 : 0);
    else delete meta.generation;
    if (!options.managedFieldsComputed) {
      recordUpdate(current, next, {
        manager: options.fieldManager ?? 'unknown',
        apiVersion: joinAPIVersion(rt.group, version.name),
        listRule: rt.listRule,
        subresource: subresource || undefined,
        statusSeparate: version.statusSubresource,
        zero: zero,
      });
    }
    return next;
  }

  /**
   * Whether a write changes nothing, and is skipped. managedFields count apart from their times
   * (kube-apiserver's IgnoreManagedFieldsTimestampsTransformer): a manager that starts sharing a
   * field, with the object otherwise the same, is written.
   */
  unchanged(current: StoredObject, next: StoredObject): boolean {
    const strip = (o: StoredObject): KubeObject => ({
      ...o,
      metadata: { ...o.metadata, managedFields: o.metadata.managedFields?.map(({ time: _time, ...entry }) => entry) },
    });
    return deepEqual(strip(current), strip(next));
  }

  /** Checks and fills apiVersion, kind, namespace of a request body (for a patch, of the patched object). */
  decode(rt: ResourceType, version: VersionInfo, body: unknown, namespace: string | undefined, options: WriteOptions = {}): KubeObject {
    if (!isPlainObject(body)) throw new StatusError(badRequestStatus('the body of the request was not a JSON object'));
    const obj = deepCopy(body) as KubeObject;
    const apiVersion = joinAPIVersion(rt.group, version.name);
    if (!rt.builtin && options.retryOnConflict) this.checkPatchedTypeMeta(rt, version, obj, options);
    if (obj.apiVersion !== undefined && obj.apiVersion !== '' && obj.apiVersion !== apiVersion) {
      throw new StatusError(badRequestStatus(`the API version in the data (${String(obj.apiVersion)}) does not match the expected API version (${apiVersion})`));
    }
    if (obj.kind !== undefined && obj.kind !== '' && obj.kind !== rt.kind) {
      // Built-ins: the scheme knows no such kind; custom resources: the kind field is invalid.
      if (rt.builtin) throw new StatusError(badRequestStatus(`${String(obj.kind)} in version ${JSON.stringify(version.name)} cannot be handled as a ${rt.kind}: no kind ${JSON.stringify(String(obj.kind))} is registered for version ${JSON.stringify(apiVersion)} in scheme "pkg/runtime/scheme.go:111"`));
      const name = isPlainObject(obj.metadata) && typeof obj.metadata.name === 'string' ? obj.metadata.name : '';
      throw new StatusError(invalidStatus(String(obj.kind), rt.group, name, [{ reason: 'FieldValueInvalid', field: 'kind', message: `Invalid value: ${JSON.stringify(String(obj.kind))}: must be ${rt.kind}` }]));
    }
    obj.apiVersion = apiVersion;
    obj.kind = rt.kind;
    if (!isPlainObject(obj.metadata)) obj.metadata = {};
    const meta = obj.metadata;
    if (rt.namespaced) {
      if (meta.namespace && namespace && meta.namespace !== namespace) {
        throw new StatusError(badRequestStatus('the namespace of the provided object does not match the namespace sent on the request'));
      }
      meta.namespace = namespace ?? meta.namespace;
    } else {
      delete meta.namespace;
    }
    return obj;
  }

  /**
   * A patched custom resource keeps the apiVersion and kind the patch gave it through decoding;
   * its validator then refuses any but the resource's (422, both named, under the group and kind
   * the object claims). Decoding had pruned it with the schema of the version it names: a version
   * the resource does not have has none, so all but apiVersion, kind and metadata were unknown.
   */
  private checkPatchedTypeMeta(rt: ResourceType, version: VersionInfo, obj: KubeObject, options: WriteOptions): void {
    const apiVersion = joinAPIVersion(rt.group, version.name);
    const kind = String(obj.kind ?? '');
    const claimed = String(obj.apiVersion ?? '');
    const errors: FieldCause[] = [];
    if (kind !== rt.kind) errors.push(invalid('kind', kind, `must be ${rt.kind}`));
    if (claimed !== apiVersion) errors.push(invalid('apiVersion', claimed, `must be ${apiVersion}`));
    if (errors.length === 0) return;
    const slash = claimed.indexOf('/');
    const group = slash < 0 ? '' : claimed.slice(0, slash);
    if (group === rt.group && kind === rt.kind && !rt.versions.some((v) => v.name === claimed.slice(slash + 1))) {
      const unknown = Object.keys(obj).filter((k) => k !== 'apiVersion' && k !== 'kind' && k !== 'metadata').sort();
      applyFieldValidation(strictDecodingErrors(options.duplicateFields ?? [], unknown), obj, options.fieldValidation ?? 'Warn', version.name, options.warnings, patchedObjectJSON(obj, false));
    }
    const name = isPlainObject(obj.metadata) && typeof obj.metadata.name === 'string' ? obj.metadata.name : '';
    throw new StatusError(invalidStatus(kind, group, name, errors));
  }

  /**
   * What decoding a request body enforces: for built-in kinds, the Go types (a value of the wrong
   * type is a 400 from the decoder, or for a patch a 422 on the patched object); for every kind,
   * the fieldValidation policy on keys the body names twice and fields the type does not declare.
   */
  checkDecoding(rt: ResourceType, version: VersionInfo, obj: KubeObject, options: WriteOptions): void {
    const policy = options.fieldValidation ?? 'Warn';
    const builtin = this.schemas.builtin(rt, version);
    // A patch's errors quote the patched object, as kube-apiserver's patcher reports them; a strategic one's, the patch.
    const strategic = options.strategicPatch;
    const patched =
      strategic !== undefined ? goV(strategic) : options.retryOnConflict ? patchedObjectJSON(obj, builtin !== undefined, options.patchReach) : undefined;
    const duplicates = options.duplicateFields ?? [];
    if (!builtin) {
      const schema = this.schemas.get(rt, version);
      const unknown = schema ? unknownFields(schema, obj) : [];
      applyFieldValidation(strictDecodingErrors(duplicates, unknown), obj, policy, version.name, options.warnings, patched);
      return;
    }
    const { error, unknownFields: unknown } = builtin.decode(obj, strategic !== undefined ? 'unstructured' : 'json');
    if (error !== undefined) {
      if (patched !== undefined) {
        throw new StatusError(invalidStatus('', '', '', [{ reason: 'FieldValueInvalid', field: 'patch', message: `Invalid value: ${goQuote(patched)}: ${error}` }]));
      }
      throw new StatusError(badRequestStatus(`${rt.kind} in version ${JSON.stringify(version.name)} cannot be handled as a ${rt.kind}: ${error}`));
    }
    // A key named twice inside a field the type does not have is reported as that unknown field only.
    const known = duplicates.filter((d) => !unknown.some((u) => d === u || d.startsWith(`${u}.`) || d.startsWith(`${u}[`)));
    applyFieldValidation(strictDecodingErrors(known, unknown), obj, policy, version.name, options.warnings, patched);
  }

  /**
   * The fields of an object its type does not declare, its metadata's included, in decoding
   * order; the object is left as it is.
   */
  undeclaredFields(rt: ResourceType, version: VersionInfo, obj: KubeObject): string[] {
    const copy = deepCopy(obj);
    const builtin = this.schemas.builtin(rt, version);
    if (builtin) return builtin.decode(copy).unknownFields;
    const schema = this.schemas.get(rt, version);
    return schema ? unknownFields(schema, copy) : [];
  }

  /** NamespaceLifecycle admission: content goes only into namespaces that exist and are not terminating. */
  checkNamespace(rt: ResourceType, namespace: string | undefined, name: string): void {
    if (!rt.namespaced || namespace === undefined) return;
    const ns = this.store.get('namespaces.', undefined, namespace);
    if (!ns) throw new StatusError(notFoundStatus({ group: '', resource: 'namespaces' }, namespace));
    if (ns.metadata.deletionTimestamp) {
      const err = new StatusError(forbiddenStatus(rt, name, `unable to create new content in namespace ${namespace} because it is being terminated`));
      err.status.details!.causes = [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }];
      throw err;
    }
  }

  defaultAndPrune(rt: ResourceType, version: VersionInfo, obj: KubeObject, options: WriteOptions = {}): void {
    version.schemeDefaults?.(obj);
    // Go's decoding keeps only the fields a built-in type has; its defaults are the scheme's.
    this.schemas.builtin(rt, version)?.decode(obj);
    const schema = this.schemas.get(rt, version);
    if (!schema) return;
    schema.prune(obj);
    schema.applyDefaults(obj, !options.serverSideApply);
  }

  /** Validates an object; a valid custom resource's writer is warned of the finalizers it adds without a domain. */
  validate(rt: ResourceType, version: VersionInfo, obj: StoredObject, old: StoredObject | undefined, warnings?: string[]): void {
    const isNamespace = isNamespaceType(rt);
    const nameRule = isNamespace ? isDNS1123Label : rt.builtin ? BUILTIN_NAME_RULES[`${rt.group}/${rt.kind}`] : undefined;
    const builtin = rt.builtin && !GENERIC_META_VALIDATION.has(rt.group);
    const errors: FieldCause[] = validateObjectMeta(obj.metadata, { nameRule, namespaced: rt.namespaced, builtin });
    const finalizersOnDelete = old ? validateFinalizersOnDelete(old.metadata, obj.metadata) : [];
    errors.push(...finalizersOnDelete);
    if (rt.validate) errors.push(...rt.validate(obj, old));
    // A built-in kind's update validation checks the metadata update, and the registry checks it
    // again after it: the same cause twice (the message names it once).
    if (rt.builtin) errors.push(...finalizersOnDelete);
    const schema = this.schemas.get(rt, version);
    const scalePaths = !rt.builtin && version.scale ? validateScalePaths(obj, version.scale) : [];
    const causes = schema ? schema.validate(obj, old, scalePaths) : scalePaths;
    const group = validationGroup(rt);
    if (errors.length > 0 && causes.length === 0) throw new StatusError(invalidStatus(rt.kind, group, obj.metadata.name ?? '', errors));
    if (causes.length > 0 || errors.length > 0) {
      throw new StatusError(invalidStatus(rt.kind, group, obj.metadata.name ?? '', [...errors.map((e) => ({ reason: e.reason as 'FieldValueInvalid', message: e.message, field: e.field })), ...causes]));
    }
    if (!rt.builtin && warnings) {
      const before = new Set(old?.metadata.finalizers ?? []);
      warnings.push(...finalizerWarnings((obj.metadata.finalizers ?? []).filter((f) => !before.has(f)), 'metadata.finalizers'));
    }
  }
}
