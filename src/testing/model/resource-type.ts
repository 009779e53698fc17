/**
 * What the server knows about one group-resource: names, scope, the versions it serves,
 * subresources, and what list/merge semantics its fields have. Built-in kinds and
 * CustomResourceDefinitions are both described this way.
 */
import type { GroupResource } from '../../kube/status.js';
import type { FieldCause } from '../../kube/field-errors.js';
import type { JSONObject, KubeObject, StoredObject } from './object.js';

export interface ScaleSubresource {
  /** JSON path such as `.spec.replicas`. */
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

export interface PrinterColumn {
  name: string;
  type: string;
  format?: string;
  description?: string;
  priority?: number;
  jsonPath: string;
}

export interface VersionInfo {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  /** openAPIV3Schema of a CRD version. */
  schema?: JSONObject;
  statusSubresource: boolean;
  scale?: ScaleSubresource;
  printerColumns: PrinterColumn[];
  /** Extra fieldSelector paths (CRD selectableFields), e.g. `.spec.color`. */
  selectableFields: string[];
  /** Sets this version's scheme defaults on every write (built-ins; custom resources default from their schema). */
  schemeDefaults?: (obj: KubeObject) => void;
  /**
   * Annotations that carry part of the status in this version (autoscaling/v1's conditions and
   * current metrics): an update takes them from where it takes the status.
   */
  statusAnnotations?: readonly string[];
}

/** How a list field merges (strategic merge patch and server-side apply). */
export type ListMergeRule =
  /** `keyDefaults`: values a missing key field takes (a port's protocol is TCP), as SMD matches them. */
  | { type: 'map'; keys: string[]; keyDefaults?: Record<string, unknown> }
  | { type: 'set' }
  | { type: 'atomic' }
  /**
   * A value no schema describes (inside x-kubernetes-preserve-unknown-fields): server-side apply
   * types it by what it is, a map owned as itself beside its fields, a list atomic.
   */
  | { type: 'deduced' };

export interface ResourceType extends GroupResource {
  kind: string;
  listKind: string;
  singular: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  versions: VersionInfo[];
  builtin: boolean;
  /** For custom resources: the CRD that defines them (name). */
  crdName?: string;
  /** Conversion strategy of a CRD: `None` or `Webhook`. */
  conversion?: JSONObject;
  /**
   * How a built-in kind with several versions moves an object (of any of them) to `version`:
   * kube-apiserver's conversion functions, the built-in counterpart of a CRD's `conversion`.
   */
  convertBuiltin?: (obj: KubeObject, version: string) => KubeObject;
  /** fieldSelector labels beyond metadata.name/namespace, with how to read them. */
  fieldLabels: Record<string, (obj: KubeObject) => string | undefined>;
  /** How list fields merge, by path of field names from the object root (`spec.template.spec.containers`). */
  listRule: (path: readonly string[]) => ListMergeRule | undefined;
  /** The propagation policy used when a delete names none. */
  defaultPropagation: 'Background' | 'Orphan';
  /**
   * The kind's create-time preparation, after mutating admission and with the uid set (built-ins: a
   * pod's Pending phase, a namespace's finalizer, a Service's cluster IP, a Job's selector).
   */
  defaultOnCreate?: (obj: KubeObject) => void;
  /** Another resource whose storage this one shares (events.k8s.io Events live as core Events). */
  sharesStorageOf?: { resource: string; toStored: (obj: KubeObject) => KubeObject; fromStored: (obj: KubeObject) => KubeObject };
  /** A PUT of a missing name creates it (the kind's strategy's AllowCreateOnUpdate). */
  allowCreateOnUpdate?: boolean;
  /** A built-in kind whose updates must name a resourceVersion (its strategy's AllowUnconditionalUpdate is false; custom resources always must). */
  conditionalUpdateOnly?: boolean;
  /** Carries server-allocated values from the stored object into an update that left them out. */
  keepAllocated?: (current: KubeObject, next: KubeObject) => void;
  /**
   * The kind's update-time preparation of a write of the main resource, after the status is carried
   * over from the stored object (a CRD records a new storage version in status.storedVersions).
   */
  prepareForUpdate?: (current: KubeObject, next: KubeObject) => void;
  /**
   * The kind's own first delete, in place of the generic graceful one: what it sets on the object
   * beside its deletionTimestamp (a CRD: its cleanup finalizer and a Terminating condition).
   */
  markDeleting?: (obj: KubeObject) => void;
  /**
   * What the kind's strategy sets on every write that kube-apiserver's field manager counts as the
   * writer's (a DaemonSet's template-generation annotation, which its v1 conversion writes):
   * run after defaulting, before managedFields are recorded; `current` is absent on create.
   */
  prepareWrite?: (next: KubeObject, current: KubeObject | undefined) => void;
  /**
   * A kind deleted gracefully (its strategy's CheckGracefulDelete: Pods): the seconds a delete
   * leaves the object marked (deletionTimestamp that far ahead) before it goes; 0 marks it and
   * deletes it at once. `requested` is the delete's gracePeriodSeconds.
   */
  gracePeriod?: (obj: KubeObject, requested: number | undefined) => number;
  /** Whether writes maintain metadata.generation (custom resources and spec-bearing built-ins). */
  tracksGeneration: boolean;
  /** Kind-specific validation beyond metadata and schema (e.g. a CRD's names). */
  validate?: (obj: StoredObject, old: StoredObject | undefined) => FieldCause[];
}

export function storageVersion(rt: ResourceType): string {
  return (rt.versions.find((v) => v.storage) ?? rt.versions[0]).name;
}

export function servedVersion(rt: ResourceType, version: string): VersionInfo | undefined {
  return rt.versions.find((v) => v.name === version && v.served);
}

export function groupResourceKey(gr: GroupResource): string {
  return `${gr.resource}.${gr.group}`;
}

/**
 * The group of the kind a validation error names: a resource that shares another's storage is
 * validated by that resource's registry (an events.k8s.io Event is invalid as an `Event`).
 */
export function validationGroup(rt: ResourceType): string {
  const shared = rt.sharesStorageOf?.resource;
  return shared === undefined ? rt.group : shared.slice(shared.indexOf('.') + 1);
}

/** The store table a resource lives in. */
export function storageKey(rt: ResourceType): string {
  return rt.sharesStorageOf?.resource ?? groupResourceKey(rt);
}
