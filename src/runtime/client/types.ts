/**
 * The Client contract: reads come from the manager's shared cache, writes go to the API server.
 * Every call takes the kind descriptor first, because TypeScript objects do not know their type.
 */
import type { Kind } from '../scheme/kind.js';

/** Identifies one object. `namespace` is omitted for cluster-scoped kinds. */
export interface ObjectKey {
  namespace?: string;
  name: string;
}

/** The metadata fields the client reads from any object it is given. */
export interface ObjectWithMeta {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    generateName?: string;
    namespace?: string;
    resourceVersion?: string;
    uid?: string;
    [field: string]: unknown;
  };
}

/** A label selector: either the API's string form (`app=web,tier!=db`) or a map of required equalities. */
export type LabelSelector = string | Record<string, string>;

export interface ListOptions {
  /** Restricts to one namespace; all namespaces the cache holds when omitted. */
  namespace?: string;
  labelSelector?: LabelSelector;
  /** Exact matches on fields indexed with `cache.indexField(kind, name, fn)` (or `metadata.name`/`metadata.namespace`). */
  matchingFields?: Record<string, string>;
}

export interface WriteOptions {
  /** Sent as `fieldManager`; the manager's default field manager when omitted. */
  fieldManager?: string;
  /** Validate and admit, but do not persist (`dryRun=All`). */
  dryRun?: boolean;
}

export type PatchType = 'merge' | 'json' | 'strategic' | 'apply';

/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

/** A JSON patch is a list of operations; the other patch types are a (partial) object. */
export type PatchBody = JsonPatchOperation[] | Record<string, unknown>;

export interface PatchOptions extends WriteOptions {
  /** `merge` (RFC 7386, the default), `json` (RFC 6902), `strategic` (built-in kinds only) or `apply` (server-side apply). */
  type?: PatchType;
  /** Server-side apply only: take ownership of conflicting fields. */
  force?: boolean;
}

/**
 * Every field optional, at every depth: what a server-side apply configuration of `T` may hold
 * (the fields it names are the ones its field manager owns afterwards).
 */
export type DeepPartial<T> = T extends Date
  ? T
  : T extends readonly (infer E)[]
    ? DeepPartial<E>[]
    : T extends object
      ? { [K in keyof T]?: DeepPartial<T[K]> }
      : T;

/** A server-side apply configuration of `T`: a partial object that names itself. */
export type ApplyConfiguration<T> = DeepPartial<T> & { metadata: { name: string; namespace?: string } };

export interface ApplyOptions {
  /** The field manager that owns what the configuration names; the client's default when omitted. */
  fieldManager?: string;
  /** Take ownership of fields another manager set to different values (instead of failing with a conflict). */
  force?: boolean;
  dryRun?: boolean;
}

export type PropagationPolicy = 'Foreground' | 'Background' | 'Orphan';

export interface DeleteOptions {
  propagationPolicy?: PropagationPolicy;
  gracePeriodSeconds?: number;
  /** Delete only if the object still has this uid / resourceVersion. */
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: boolean;
}

export interface DeleteAllOfOptions extends DeleteOptions {
  /** Required for namespaced kinds. */
  namespace?: string;
  labelSelector?: LabelSelector;
  /** The API's field selector string (`status.phase=Failed`). */
  fieldSelector?: string;
}

/** Reads. The manager's client answers them from the informer cache; `Client.apiReader` from the API server. */
export interface Reader {
  /** The object, or an `ApiError` for which `isNotFound(err)` holds. */
  get<T>(kind: Kind<T>, key: ObjectKey): Promise<T>;
  list<T>(kind: Kind<T>, options?: ListOptions): Promise<T[]>;
}

/** Writes of the main resource. Each returns the object as the server stored it. */
export interface Writer {
  create<T>(kind: Kind<T>, obj: T, options?: WriteOptions): Promise<T>;
  /** Replaces the object; fails with a conflict (`isConflict`) if its resourceVersion is stale. */
  update<T>(kind: Kind<T>, obj: T, options?: WriteOptions): Promise<T>;
  /** Patches the object named by `obj`'s metadata with `patch`. */
  patch<T>(kind: Kind<T>, obj: T, patch: PatchBody, options?: PatchOptions): Promise<T>;
  /**
   * Server-side apply of `desired` (`apiVersion` and `kind` come from `kind`): creates the object or
   * makes this field manager's fields equal to `desired`, releasing those it no longer names.
   */
  apply<T>(kind: Kind<T>, desired: ApplyConfiguration<T>, options?: ApplyOptions): Promise<T>;
  delete<T>(kind: Kind<T>, obj: T, options?: DeleteOptions): Promise<void>;
  deleteAllOf<T>(kind: Kind<T>, options?: DeleteAllOfOptions): Promise<void>;
}

/** Writes of one subresource (`status`, `scale`, ...). */
export interface SubResourceWriter {
  /** POST to the subresource (e.g. `eviction` of a Pod, `token` of a ServiceAccount) and return the answer. */
  create<T, S = unknown>(kind: Kind<T>, obj: T, subResourceObj: S, options?: WriteOptions): Promise<S>;
  update<T>(kind: Kind<T>, obj: T, options?: WriteOptions): Promise<T>;
  patch<T>(kind: Kind<T>, obj: T, patch: PatchBody, options?: PatchOptions): Promise<T>;
}

/** Reads and writes of one subresource; reads always go to the API server. */
export interface SubResourceClient extends SubResourceWriter {
  get<T, S = T>(kind: Kind<T>, obj: T): Promise<S>;
}

export interface Client extends Reader, Writer {
  /** Writes the `status` subresource (needs `+kubebuilder:subresource:status` on a CRD). */
  status(): SubResourceWriter;
  subResource(name: string): SubResourceClient;
  /** Reads that bypass the cache (as controller-runtime's `mgr.GetAPIReader()`). */
  readonly apiReader: Reader;
}
