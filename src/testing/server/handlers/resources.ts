/**
 * The verbs on resources: get, list, create, update, patch (merge, JSON, strategic, apply),
 * delete, deletecollection, and the status and scale subresources.
 */
import { deepCopy } from '../../../kube/json-values.js';
import { goQuote } from '../../../kube/go-format.js';
import { isPlainObject, joinAPIVersion, type KubeObject, type StoredObject } from '../../model/object.js';
import type { ResourceType, ScaleSubresource, VersionInfo } from '../../model/resource-type.js';
import { applyConfiguration } from '../../patch/managed-fields.js';
import { applyToScale, recordScaleUpdate, replicasFieldPath } from '../../patch/scale-managed-fields.js';
import { duplicateListEntry } from '../../patch/field-set.js';
import { resourceVersionParseError, validateDeleteOptions, validateListOptions, validateWriteOptions, type WriteOptionsKind } from '../http/option-validation.js';
import { zeroValueOf } from '../../builtins/zero-values.js';
import { applyJsonPatch, jsonPatchReach } from '../../patch/json-patch.js';
import { jsonWord } from '../../../kube/go-json-decode.js';

/** The Go type the patch handler decodes a JSON patch into. */
const JSON_PATCH_OPS = '[]handlers.jsonPatchOp';
/** The Go type a merge patch is decoded into. */
const MERGE_PATCH_MAP = 'map[string]interface {}';
import { applyMergePatch } from '../../patch/merge-patch.js';
import { applyStrategicMergePatch } from '../../patch/strategic-merge-patch.js';
import { parseFieldSelector, matchesFields, selectedName } from '../../selectors/field-selector.js';
import { formatLabelSelector, fromLabelSelectorObject, matchesLabels } from '../../../kube/label-selector.js';
import { labelSelectorParam } from '../../selectors/label-selector-param.js';
import { objectKey, type ObjectStore } from '../../store/object-store.js';
import type { DeleteOptions, ResourceStorage, WriteOptions } from '../registry/resource-storage.js';
import { getPath, setPath } from './json-path.js';
import { decodeContinue, encodeContinue } from './continue-token.js';
import { parseFieldValidation } from '../registry/unknown-fields.js';
import type { DuplicateKey } from '../http/duplicate-keys.js';
// Every request acts as envtest's admin user (webhooks see it in AdmissionReview userInfo).
import { ADMIN_USER } from '../auth/access-reviews.js';
import { pageNotFound, StatusError } from '../../model/status.js';
import { badRequestStatus, deletedStatus, expiredStatus, invalidStatus, methodNotSupportedStatus, notFoundStatus } from '../../../kube/status.js';
import { required } from '../../../kube/field-errors.js';


/** Resources whose DELETE answers the deleted object rather than a Status (their registries' ReturnDeletedObject). */
const RETURNS_DELETED_OBJECT = new Set(['/pods', '/services', '/serviceaccounts', '/namespaces', 'batch/jobs']);

/** What a delete of a kind that orphans its dependents by default (Jobs) is answered with, unless it names a policy. */
const ORPHANING_DELETE_WARNING = 'child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning';

export interface ResourceCall {
  rt: ResourceType;
  version: VersionInfo;
  namespace?: string;
  name?: string;
  subresource?: string;
  query: URLSearchParams;
  contentType: string;
  body: unknown;
  /** Keys the body names twice, and the body as Go decodes it into a typed object (duplicate-keys.ts). */
  duplicates?: DuplicateKey[];
  typedBody?: unknown;
  userAgent: string;
  warnings: string[];
}

export interface CallResult {
  code: number;
  body: unknown;
}


const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml'];
const STRATEGIC_MERGE_PATCH = 'application/strategic-merge-patch+json';

/** kube-apiserver's default field manager: the user agent up to its first `/`. */
function defaultManager(userAgent: string): string {
  const name = userAgent.split('/')[0].trim();
  return name === '' ? 'unknown' : name.slice(0, 128);
}

/**
 * Apply decodes its configuration once more, strictly, as YAML after merging it: keys named twice
 * refuse the request (Strict) or are warnings (Warn), in the YAML decoder's words, each line once.
 */
function applyDuplicateKeys(duplicates: DuplicateKey[], options: WriteOptions): void {
  if (duplicates.length === 0 || options.fieldValidation === 'Ignore') return;
  const lines = duplicates.map((d) => `line ${d.line}: key ${goQuote(d.key)} already set in map`);
  if (options.fieldValidation === 'Strict') throw new StatusError(badRequestStatus(`error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  ${lines.join('\n  ')}`));
  for (const line of new Set(lines)) if (!options.warnings?.includes(line)) options.warnings?.push(line);
}

export class ResourceHandlers {
  constructor(
    private readonly storage: ResourceStorage,
    private readonly store: ObjectStore,
  ) {}

  private writeOptions(call: ResourceCall, kind: WriteOptionsKind, apply = false): WriteOptions {
    validateWriteOptions(kind, call.query, apply);
    const dryRun = call.query.getAll('dryRun');
    return {
      dryRun: dryRun.length > 0,
      fieldManager: call.query.get('fieldManager') ?? defaultManager(call.userAgent),
      warnings: call.warnings,
      fieldValidation: parseFieldValidation(call.query.get('fieldValidation')),
      // Apply reports repeated keys as its YAML decoding does (applyDuplicateKeys).
      duplicateFields: apply ? undefined : call.duplicates?.map((d) => d.path),
      userInfo: ADMIN_USER,
    };
  }

  /** The object a create or update sends: a built-in kind's as Go decodes it, repeated objects merged. */
  private objectBody(call: ResourceCall): unknown {
    return call.rt.builtin && call.duplicates?.length ? call.typedBody : call.body;
  }

  async get(call: ResourceCall): Promise<CallResult> {
    const obj = await this.storage.get(call.rt, call.version.name, call.namespace, call.name!);
    if (call.subresource === 'scale') return { code: 200, body: this.toScale(call, obj) };
    if (call.subresource && (call.subresource !== 'status' || !call.version.statusSubresource)) throw pageNotFound(`${call.rt.resource}/${call.subresource}`);
    return { code: 200, body: obj };
  }

  async list(call: ResourceCall): Promise<CallResult> {
    const { rt, version, query } = call;
    validateListOptions(query, false);
    const labels = labelSelectorParam(query.get('labelSelector'));
    const fields = parseFieldSelector(query.get('fieldSelector') ?? undefined, rt);
    const limit = Number(query.get('limit') ?? '0');
    const token = query.get('continue');
    const rvParam = query.get('resourceVersion') ?? '';
    const rvMatch = query.get('resourceVersionMatch') ?? '';
    const key = this.storage.key(rt);
    const namespace = rt.namespaced ? call.namespace : undefined;

    let listRV = this.store.resourceVersion;
    let start = '';
    let items: StoredObject[];
    if (token) {
      const parsed = decodeContinue(token);
      if (parsed.rv < this.store.compactedRevision) {
        throw new StatusError(expiredStatus('The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.'));
      }
      listRV = parsed.rv;
      start = parsed.start;
      items = this.store.listAt(key, listRV, namespace);
    } else if (rvParam !== '' && rvParam !== '0') {
      const parseError = resourceVersionParseError(rvParam);
      if (parseError) throw new StatusError(badRequestStatus(`invalid resource version: ${parseError}`));
      const rv = Number(rvParam);
      const tooLarge = this.store.tooLarge(rv);
      if (tooLarge) throw tooLarge;
      if (rvMatch === 'Exact') {
        this.store.assertRetained(rv);
        listRV = rv;
        items = this.store.listAt(key, rv, namespace);
      } else items = this.store.list(key, namespace);
    } else {
      items = this.store.list(key, namespace);
    }
    const name = selectedName(fields);
    const matching = items.filter(
      (o) => (name === undefined || o.metadata.name === name) && matchesLabels(labels, o.metadata.labels) && matchesFields(fields, o),
    );
    const afterStart = start === '' ? matching : matching.filter((o) => objectKey(o.metadata.namespace, o.metadata.name) >= start);
    // resourceVersion=0 is served from the watch cache, which ignores limit.
    const paged = limit > 0 && rvParam !== '0' ? afterStart.slice(0, limit) : afterStart;
    const metadata: Record<string, unknown> = { resourceVersion: String(listRV) };
    if (paged.length < afterStart.length) {
      const last = paged[paged.length - 1];
      metadata.continue = encodeContinue(listRV, `${objectKey(last.metadata.namespace, last.metadata.name)}\u0000`);
      if (labels.length === 0 && fields.length === 0) metadata.remainingItemCount = afterStart.length - paged.length;
    }
    // A custom resource list is unstructured: its metadata always carries continue, empty on the last page.
    if (!rt.builtin && metadata.continue === undefined) metadata.continue = '';
    const presented = await this.storage.presentAll(rt, paged, version.name);
    return { code: 200, body: { apiVersion: joinAPIVersion(rt.group, version.name), kind: rt.listKind, metadata, items: this.listItems(rt, presented) } };
  }

  /** Typed lists of built-in kinds carry no apiVersion/kind on their items; custom resource lists do. */
  private listItems(rt: ResourceType, items: StoredObject[]): KubeObject[] {
    const converter = this.storage.converter;
    return rt.builtin ? items.map((o) => { const { apiVersion: _a, kind: _k, ...rest } = o; return converter.sameSource(rest, o); }) : items;
  }

  async create(call: ResourceCall): Promise<CallResult> {
    if (call.subresource) throw new StatusError(methodNotSupportedStatus(call.rt, 'create'));
    const created = await this.storage.create(call.rt, call.version, call.namespace, this.objectBody(call), this.writeOptions(call, 'CreateOptions'));
    return { code: 201, body: created };
  }

  async update(call: ResourceCall): Promise<CallResult> {
    const { rt, version, namespace, name, subresource } = call;
    const options = this.writeOptions(call, 'UpdateOptions');
    if (subresource === 'scale') return this.updateScale(call, () => call.body, options);
    if (subresource === 'finalize' && rt.group === '' && rt.resource === 'namespaces') {
      // PUT /api/v1/namespaces/<name>/finalize sets spec.finalizers only.
      const requested = (isPlainObject(call.body) ? (call.body.spec as { finalizers?: unknown } | undefined)?.finalizers : undefined) ?? [];
      const updated = await this.storage.update(rt, version, namespace, name!, '', (current) => ({ ...current, spec: { ...(current.spec as object), finalizers: requested } }), { ...options, retryOnConflict: true });
      return { code: 200, body: updated };
    }
    if (subresource && subresource !== 'status') throw new StatusError(notFoundStatus(rt, name!));
    if (subresource === 'status' && !version.statusSubresource) throw new StatusError(notFoundStatus(rt, name!));
    const body = this.objectBody(call);
    if (!subresource && rt.allowCreateOnUpdate && !this.store.get(this.storage.key(rt), rt.namespaced ? namespace : undefined, name!)) {
      // The kind's strategy creates a missing name on update, unless the body names a resourceVersion (then 404).
      const meta = isPlainObject(body) && isPlainObject(body.metadata) ? body.metadata : {};
      if (!meta.resourceVersion) {
        if (meta.name !== name) throw new StatusError(badRequestStatus(`the name of the object (${typeof meta.name === 'string' ? meta.name : ''}) does not match the name on the URL (${name})`));
        return { code: 201, body: await this.storage.create(rt, version, namespace, body, options) };
      }
    }
    const updated = await this.storage.update(rt, version, namespace, name!, subresource === 'status' ? 'status' : '', () => body, options);
    return { code: 200, body: updated };
  }

  async patch(call: ResourceCall): Promise<CallResult> {
    const { rt, version, namespace, name, subresource } = call;
    const type = call.contentType.split(';')[0].trim();
    const accepted = rt.builtin ? [...PATCH_TYPES, STRATEGIC_MERGE_PATCH] : PATCH_TYPES;
    // On a built-in kind a type that is no patch at all fails content negotiation; otherwise the patch handler refuses it.
    if (rt.builtin && !accepted.includes(type)) throw new StatusError({ message: '415: Unsupported Media Type', reason: 'UnsupportedMediaType', details: {}, code: 415 });
    if (!accepted.includes(type)) throw new StatusError({ message: `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`, reason: 'UnsupportedMediaType', code: 415 });
    const options: WriteOptions = { ...this.writeOptions(call, 'PatchOptions', type === 'application/apply-patch+yaml'), retryOnConflict: true };
    if (type === STRATEGIC_MERGE_PATCH && isPlainObject(call.body)) options.strategicPatch = call.body;
    // A JSON patch's operations are decoded apart from the object (not reported here).
    if (type === 'application/json-patch+json') {
      options.duplicateFields = undefined;
      if (Array.isArray(call.body)) options.patchReach = jsonPatchReach(call.body);
    }
    if (subresource && subresource !== 'status' && subresource !== 'scale') throw new StatusError(notFoundStatus(rt, name!));
    if (subresource === 'status' && !version.statusSubresource) throw new StatusError(notFoundStatus(rt, name!));

    if (type === 'application/apply-patch+yaml') return this.apply(call, { ...options, serverSideApply: true });
    const patchBody = call.body;
    const applyPatch = (current: unknown): unknown => {
      const base = deepCopy(current);
      if (type === 'application/json-patch+json') {
        if (!Array.isArray(patchBody)) throw new StatusError(badRequestStatus(`error decoding patch: json: cannot unmarshal ${jsonWord(patchBody, JSON_PATCH_OPS)} into Go value of type ${JSON_PATCH_OPS}`));
        return applyJsonPatch(base, deepCopy(patchBody));
      }
      if (type === 'application/merge-patch+json') {
        // evanphx/json-patch decodes the patch into a map[string]interface{}.
        if (patchBody === undefined) throw new StatusError(badRequestStatus('error decoding patch: unexpected end of JSON input'));
        if (!isPlainObject(patchBody)) throw new StatusError(badRequestStatus(`error decoding patch: json: cannot unmarshal ${jsonWord(patchBody, MERGE_PATCH_MAP)} into Go value of type ${MERGE_PATCH_MAP}`));
        return applyMergePatch(base, patchBody);
      }
      if (!isPlainObject(patchBody)) throw new StatusError(badRequestStatus('the patch must be a JSON object'));
      return applyStrategicMergePatch(base, patchBody, rt.listRule);
    };
    if (subresource === 'scale') return this.updateScale(call, (scale) => applyPatch(scale), options);
    // A patch that names a resourceVersion is a precondition; otherwise it applies to the latest.
    const pinned = isPlainObject(patchBody) && isPlainObject(patchBody.metadata) && typeof patchBody.metadata.resourceVersion === 'string';
    const updated = await this.storage.update(rt, version, namespace, name!, subresource === 'status' ? 'status' : '', (current) => applyPatch(current), {
      ...options,
      retryOnConflict: !pinned,
    });
    return { code: 200, body: updated };
  }

  private async apply(call: ResourceCall, options: WriteOptions): Promise<CallResult> {
    const { rt, version, namespace, name, subresource, query } = call;
    const manager = query.get('fieldManager');
    if (!manager) {
      throw new StatusError(invalidStatus('PatchOptions', 'meta.k8s.io', '', [required('fieldManager', 'is required for apply patch')]));
    }
    const config = call.body;
    if (!isPlainObject(config)) throw new StatusError(badRequestStatus('the apply configuration must be an object'));
    const force = query.get('force') === 'true';
    const applied = appliedGroupVersionKind(config);
    const expected = subresource === 'scale' ? { group: 'autoscaling', version: 'v1', kind: 'Scale' } : { group: rt.group, version: version.name, kind: rt.kind };
    // The field manager's first check: the configuration is of the type it manages.
    if (applied.group !== expected.group || applied.version !== expected.version || applied.kind !== expected.kind) {
      throw new StatusError(badRequestStatus(`invalid object type: ${applied.group}/${applied.version}, Kind=${applied.kind}`));
    }
    const applyOpts = {
      manager,
      apiVersion: joinAPIVersion(rt.group, version.name),
      listRule: rt.listRule,
      subresource: subresource === 'status' ? 'status' : undefined,
      statusSeparate: version.statusSubresource,
      zero: (rt.builtin ? zeroValueOf(rt.group, rt.kind) : undefined) as KubeObject | undefined,
      force,
      group: rt.group,
      resource: rt.resource,
      name: name!,
    };
    const meta = isPlainObject(config.metadata) ? config.metadata : {};
    if (meta.name !== undefined && meta.name !== name) {
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the client's JSON value, printed as sent
      throw new StatusError(badRequestStatus(`the name of the object (${String(meta.name)}) does not match the name on the URL (${name})`));
    }
    if (subresource === 'scale') return this.applyScale(call, config, manager, force, options);
    // The configuration becomes a typed object first, which fails (500) on a field the type does
    // not declare, whatever fieldValidation says, or a list naming an element twice. An undeclared
    // field's path in a list (`[name="c"]`) is not written here.
    const [undeclared] = this.storage.undeclaredFields(rt, version, config);
    const typedError = undeclared !== undefined && !undeclared.includes('[') ? `.${undeclared}: field not declared in schema` : duplicateListEntry(config, rt.listRule);
    if (typedError !== undefined) {
      const objectName = `${typeof meta.namespace === 'string' ? meta.namespace : ''}/${typeof meta.name === 'string' ? meta.name : ''}`;
      throw new StatusError({ code: 500, message: `failed to create typed patch object (${objectName}; ${rt.group}/${version.name}, Kind=${rt.kind}): ${typedError}` });
    }
    const exists = this.store.get(this.storage.key(rt), rt.namespaced ? namespace : undefined, name!);
    if (!exists) {
      if (subresource) throw new StatusError(notFoundStatus(rt, name!));
      const created = applyConfiguration(undefined, { ...(config as KubeObject), metadata: { ...meta, name } }, applyOpts);
      applyDuplicateKeys(call.duplicates ?? [], options);
      const stored = await this.storage.create(rt, version, namespace, created, { ...options, managedFieldsComputed: true, fieldManager: manager });
      return { code: 201, body: stored };
    }
    const updated = await this.storage.update(
      rt,
      version,
      namespace,
      name!,
      subresource === 'status' ? 'status' : '',
      (current) => {
        const merged = applyConfiguration(current, config, applyOpts);
        applyDuplicateKeys(call.duplicates ?? [], options);
        merged.metadata!.resourceVersion =
          ((config.metadata as Record<string, unknown> | undefined)?.resourceVersion as string | undefined) ?? current.metadata.resourceVersion;
        return merged;
      },
      { ...options, managedFieldsComputed: true, fieldManager: manager },
    );
    return { code: 200, body: updated };
  }

  async delete(call: ResourceCall): Promise<CallResult> {
    const { rt, version, namespace, name } = call;
    if (call.subresource) throw new StatusError(methodNotSupportedStatus(rt, 'delete'));
    const deleted = await this.storage.delete(rt, version, namespace, name!, this.deleteOptions(call));
    // Deleted at once: most registries answer a Status; those with ReturnDeletedObject, and any
    // deletion still waiting on finalizers, answer the object.
    if (!deleted.metadata.deletionTimestamp && !RETURNS_DELETED_OBJECT.has(`${rt.group}/${rt.resource}`)) {
      return { code: 200, body: deletedStatus(rt, deleted.metadata.name ?? '', deleted.metadata.uid) };
    }
    return { code: 200, body: deleted };
  }

  async deleteCollection(call: ResourceCall): Promise<CallResult> {
    const { rt, version, query } = call;
    const labels = labelSelectorParam(query.get('labelSelector'));
    const fields = parseFieldSelector(query.get('fieldSelector') ?? undefined, rt);
    const targets = this.store
      .list(this.storage.key(rt), rt.namespaced ? call.namespace : undefined)
      .filter((o) => matchesLabels(labels, o.metadata.labels) && matchesFields(fields, o));
    const options = this.deleteOptions(call);
    // The answer is the list the deletions worked through, as listed (kube-apiserver's registry
    // returns its list, whatever each delete did), at the resourceVersion it was listed at.
    const listRV = this.store.resourceVersion;
    const listed = await this.storage.presentAll(rt, targets, version.name);
    for (const t of targets) {
      try {
        await this.storage.delete(rt, version, t.metadata.namespace, t.metadata.name, options);
      } catch (err) {
        if (!(err instanceof StatusError && err.code === 404)) throw err;
      }
    }
    // A custom resource list is unstructured: its metadata always carries continue.
    const metadata = rt.builtin ? { resourceVersion: String(listRV) } : { continue: '', resourceVersion: String(listRV) };
    return { code: 200, body: { apiVersion: joinAPIVersion(rt.group, version.name), kind: rt.listKind, metadata, items: this.listItems(rt, listed) } };
  }

  private deleteOptions(call: ResourceCall): DeleteOptions {
    const body = isPlainObject(call.body) ? call.body : {};
    // The body decodes as DeleteOptions, the one kind the options scheme has for it.
    if (typeof body.kind === 'string' && body.kind !== '' && body.kind !== 'DeleteOptions') {
      throw new StatusError(badRequestStatus(`no kind ${JSON.stringify(body.kind)} is registered for version ${JSON.stringify(typeof body.apiVersion === 'string' ? body.apiVersion : '')} in scheme "pkg/runtime/scheme.go:111"`));
    }
    const q = call.query;
    let policy = (body.propagationPolicy as string | undefined) ?? q.get('propagationPolicy') ?? undefined;
    const orphan = body.orphanDependents ?? (q.has('orphanDependents') ? q.get('orphanDependents') === 'true' : undefined);
    validateDeleteOptions(policy, orphan);
    // The Job registry warns, before it deletes anything, when its default (orphaning the pods) applies.
    if (policy === undefined && orphan === undefined && call.rt.defaultPropagation === 'Orphan') call.warnings.push(ORPHANING_DELETE_WARNING);
    if (policy === undefined && orphan !== undefined) policy = orphan ? 'Orphan' : 'Background';
    const pre = isPlainObject(body.preconditions) ? (body.preconditions as { uid?: string; resourceVersion?: string }) : undefined;
    const dryRun = Array.isArray(body.dryRun) ? body.dryRun.length > 0 : q.getAll('dryRun').length > 0;
    const grace = typeof body.gracePeriodSeconds === 'number' ? body.gracePeriodSeconds : q.has('gracePeriodSeconds') ? Number(q.get('gracePeriodSeconds')) : undefined;
    const gracePeriodSeconds = grace !== undefined && Number.isInteger(grace) ? grace : undefined;
    return { propagationPolicy: policy as DeleteOptions['propagationPolicy'], preconditions: pre, dryRun, gracePeriodSeconds, warnings: call.warnings, userInfo: ADMIN_USER };
  }

  // ---- scale -------------------------------------------------------------

  private toScale(call: ResourceCall, obj: StoredObject): KubeObject {
    const scale = call.version.scale;
    if (!scale) throw new StatusError(notFoundStatus(call.rt, call.name!));
    let selector: string | undefined;
    if (call.rt.builtin) {
      const spec = obj.spec as { selector?: Parameters<typeof fromLabelSelectorObject>[0] } | undefined;
      selector = formatLabelSelector(fromLabelSelectorObject(spec?.selector));
    } else if (scale.labelSelectorPath) {
      const value = getPath(obj, scale.labelSelectorPath);
      selector = typeof value === 'string' ? value : undefined;
    }
    const status: Record<string, unknown> = { replicas: Number(getPath(obj, scale.statusReplicasPath) ?? 0) };
    if (selector) status.selector = selector;
    const meta = obj.metadata;
    const scaleMeta: Record<string, unknown> = {
      name: meta.name,
      uid: meta.uid,
      resourceVersion: meta.resourceVersion,
      creationTimestamp: meta.creationTimestamp,
    };
    if (meta.namespace) scaleMeta.namespace = meta.namespace;
    return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: scaleMeta, spec: { replicas: Number(getPath(obj, scale.specReplicasPath) ?? 0) }, status };
  }

  /** Server-side apply through /scale: the Scale's managers decide, the object takes the replicas. */
  private applyScale(call: ResourceCall, config: KubeObject, manager: string, force: boolean, options: WriteOptions): Promise<CallResult> {
    const { rt, version, namespace, name } = call;
    if (!this.store.get(this.storage.key(rt), rt.namespaced ? namespace : undefined, name!)) throw new StatusError(notFoundStatus(rt, name!));
    return this.writeScale(call, { ...options, fieldManager: manager }, (current, scaleSpec) => {
      const write = applyToScale(current, this.toScale(call, current), config, {
        manager,
        apiVersion: joinAPIVersion(rt.group, version.name),
        replicasPath: replicasFieldPath(scaleSpec.specReplicasPath),
        force,
        group: rt.group,
        resource: rt.resource,
        name: name!,
      });
      const obj = deepCopy(current) as unknown as Record<string, unknown>;
      setPath(obj, scaleSpec.specReplicasPath, scaleReplicas(write.applied, name!));
      write.record(obj);
      return obj;
    });
  }

  private updateScale(call: ResourceCall, change: (scale: KubeObject) => unknown, options: WriteOptions): Promise<CallResult> {
    const { rt, version, name } = call;
    return this.writeScale(call, options, (current, scaleSpec) => {
      const next = change(this.toScale(call, current));
      if (!isPlainObject(next)) throw new StatusError(badRequestStatus('the body of the request was not a Scale object'));
      const obj = deepCopy(current) as unknown as Record<string, unknown>;
      setPath(obj, scaleSpec.specReplicasPath, scaleReplicas(next, name!));
      const rv = (next.metadata as { resourceVersion?: string } | undefined)?.resourceVersion;
      (obj.metadata as Record<string, unknown>).resourceVersion = rv ?? current.metadata.resourceVersion;
      recordScaleUpdate(current, obj, {
        manager: options.fieldManager ?? 'unknown',
        apiVersion: joinAPIVersion(rt.group, version.name),
        replicasPath: replicasFieldPath(scaleSpec.specReplicasPath),
      });
      return obj;
    });
  }

  /** A write through /scale: the object with the replicas (and managedFields) `compute` gives, answered as a Scale. */
  private async writeScale(
    call: ResourceCall,
    options: WriteOptions,
    compute: (current: StoredObject, scale: ScaleSubresource) => unknown,
  ): Promise<CallResult> {
    const { rt, version, namespace, name } = call;
    const scaleSpec = version.scale;
    if (!scaleSpec) throw new StatusError(notFoundStatus(rt, name!));
    const updated = await this.storage.update(rt, version, namespace, name!, '', (current) => compute(current, scaleSpec), { ...options, retryOnConflict: true, managedFieldsComputed: true });
    return { code: 200, body: this.toScale(call, updated) };
  }
}

/**
 * The group, version and kind of an applied configuration as an unstructured object gives them:
 * a non-string apiVersion or kind reads as empty, and an apiVersion with more than one slash
 * gives no group, version or kind at all.
 */
function appliedGroupVersionKind(config: Record<string, unknown>): { group: string; version: string; kind: string } {
  const apiVersion = typeof config.apiVersion === 'string' ? config.apiVersion : '';
  const kind = typeof config.kind === 'string' ? config.kind : '';
  if (apiVersion === '' || apiVersion === '/') return { group: '', version: '', kind };
  const parts = apiVersion.split('/');
  if (parts.length > 2) return { group: '', version: '', kind: '' };
  return parts.length === 1 ? { group: '', version: apiVersion, kind } : { group: parts[0], version: parts[1], kind };
}

/** The replicas a Scale asks for: an integer from 0, else 422 as the Scale's validation says. */
function scaleReplicas(scale: Record<string, unknown>, name: string): number {
  const replicas = (scale.spec as { replicas?: unknown } | undefined)?.replicas;
  if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
    throw new StatusError(invalidStatus('Scale', 'autoscaling', name, [{ reason: 'FieldValueInvalid', field: 'spec.replicas', message: `Invalid value: ${JSON.stringify(replicas ?? null)}: must be greater than or equal to 0` }]));
  }
  return replicas;
}
