/**
 * The admission step of the write path: the attributes webhooks see, mutating admission (the object as
 * the webhooks leave it) and validating admission (just before storage), with their warnings.
 */
import type { AdmissionAttributes, AdmissionChain, AdmissionResult } from '../../admission/index.js';
import type { Operation } from '../../../kube/admission-review.js';
import { deepCopy, deepEqual } from '../../../kube/json-values.js';
import { type KubeObject, type StoredObject } from '../../model/object.js';
import type { ResourceType, VersionInfo } from '../../model/resource-type.js';
import type { ObjectStore } from '../../store/object-store.js';
import type { WriteOptions } from './request-options.js';
import { StatusError } from '../../model/status.js';

/** What admission reads of a request's options. */
type AdmissionOptions = Pick<WriteOptions, 'userInfo' | 'dryRun' | 'warnings'>;

export class AdmissionStep {
  constructor(
    private readonly store: ObjectStore,
    private readonly chain: () => AdmissionChain | undefined,
  ) {}

  /** The attributes admission webhooks see for a request. */
  private admissionAttributes(
    rt: ResourceType,
    version: VersionInfo,
    operation: Operation,
    obj: KubeObject | undefined,
    old: StoredObject | undefined,
    options: AdmissionOptions,
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

  private admissionResult(result: AdmissionResult, options: AdmissionOptions): void {
    options.warnings?.push(...result.warnings);
    if (!result.allowed) throw new StatusError(result.status ?? { code: 403, reason: 'Forbidden', message: 'admission webhook denied the request' });
  }

  /** Mutating admission: the object as the mutating webhooks leave it (`obj` itself when unchanged). */
  async mutatingAdmission(
    rt: ResourceType,
    version: VersionInfo,
    operation: Operation,
    obj: KubeObject | undefined,
    old: StoredObject | undefined,
    options: AdmissionOptions,
    subResource = '',
  ): Promise<KubeObject> {
    const chain = this.chain();
    const fallback = (obj ?? old) as KubeObject;
    if (!chain) return fallback;
    const result = await chain.mutate(this.admissionAttributes(rt, version, operation, obj, old, options, subResource));
    this.admissionResult(result, options);
    if (result.object !== undefined && obj !== undefined && !deepEqual(result.object, obj)) return deepCopy(result.object) as KubeObject;
    return fallback;
  }

  /** Validating admission, on the object that passed validation, just before storage. */
  async validatingAdmission(
    rt: ResourceType,
    version: VersionInfo,
    operation: Operation,
    obj: KubeObject | undefined,
    old: StoredObject | undefined,
    options: AdmissionOptions,
    subResource = '',
  ): Promise<void> {
    const chain = this.chain();
    if (!chain) return;
    this.admissionResult(await chain.validate(this.admissionAttributes(rt, version, operation, obj, old, options, subResource)), options);
  }
}
