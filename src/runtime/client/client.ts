/**
 * The Client: reads from a Reader (the manager's cache, or the API for `apiReader`), writes
 * straight to the API server with the content type each patch kind requires.
 */
import type { Kind } from '../scheme/kind.js';
import { traceClientCall } from '../tracing/tracing.js';
import { labelSelectorString } from './label-selector.js';
import { type Query, resourcePath, type RestTransport } from './rest.js';
import type {
  ApplyConfiguration,
  ApplyOptions,
  Client,
  DeleteAllOfOptions,
  DeleteOptions,
  ListOptions,
  ObjectKey,
  ObjectWithMeta,
  PatchBody,
  PatchOptions,
  PatchType,
  Reader,
  SubResourceClient,
  WriteOptions,
} from './types.js';

const patchContentTypes: Record<PatchType, string> = {
  merge: 'application/merge-patch+json',
  json: 'application/json-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
};

export interface ClientOptions {
  /** Reads come from here (the cache); from the API server when omitted. */
  reader?: Reader;
  /** The fieldManager of writes that do not name one (needed for server-side apply). */
  fieldManager?: string;
}

function meta(obj: unknown): NonNullable<ObjectWithMeta['metadata']> {
  const m = (obj as ObjectWithMeta | null)?.metadata;
  if (!m) throw new Error('object has no metadata');
  return m;
}

function nameOf(kind: Kind, obj: unknown): string {
  const name = meta(obj).name;
  if (!name) throw new Error(`${kind.kind} object has no metadata.name`);
  return name;
}

function namespaceOf(kind: Kind, obj: unknown): string | undefined {
  if (!kind.namespaced) return undefined;
  const ns = meta(obj).namespace;
  if (!ns) throw new Error(`${kind.kind} "${meta(obj).name ?? ''}" is namespaced but has no metadata.namespace`);
  return ns;
}

/** Reads straight from the API server (no cache). */
export class ApiReader implements Reader {
  constructor(private readonly rest: RestTransport) {}

  async get<T>(kind: Kind<T>, key: ObjectKey): Promise<T> {
    const obj = await this.rest.request<T>({ method: 'GET', path: resourcePath(kind, key.namespace, key.name) });
    return withType(kind, obj);
  }

  async list<T>(kind: Kind<T>, options: ListOptions = {}): Promise<T[]> {
    const fieldSelector = Object.entries(options.matchingFields ?? {}).map(([k, v]) => `${k}=${v}`).join(',') || undefined;
    const items: T[] = [];
    let cont: string | undefined;
    do {
      const page = await this.rest.request<{ items?: T[]; metadata?: { continue?: string } }>({
        method: 'GET',
        path: resourcePath(kind, options.namespace),
        query: {
          labelSelector: options.labelSelector === undefined ? undefined : labelSelectorString(options.labelSelector),
          fieldSelector,
          limit: 500,
          continue: cont,
        },
      });
      for (const item of page.items ?? []) items.push(withType(kind, item));
      cont = page.metadata?.continue || undefined;
    } while (cont);
    return items;
  }
}

function withType<T>(kind: Kind, obj: T): T {
  const o = obj as ObjectWithMeta;
  o.apiVersion ??= kind.apiVersion;
  o.kind ??= kind.kind;
  return obj;
}

export class KubeClient implements Client {
  readonly apiReader: Reader;
  private readonly reader: Reader;
  private readonly fieldManager: string | undefined;

  constructor(private readonly rest: RestTransport, options: ClientOptions = {}) {
    this.apiReader = new ApiReader(rest);
    this.reader = options.reader ?? this.apiReader;
    this.fieldManager = options.fieldManager;
  }

  get<T>(kind: Kind<T>, key: ObjectKey): Promise<T> {
    return traced('get', kind, key, () => this.reader.get(kind, key));
  }

  list<T>(kind: Kind<T>, options?: ListOptions): Promise<T[]> {
    return traced('list', kind, { namespace: options?.namespace }, () => this.reader.list(kind, options));
  }

  create<T>(kind: Kind<T>, obj: T, options: WriteOptions = {}): Promise<T> {
    return traced('create', kind, metaKey(obj), () => this.sendCreate(kind, obj, options));
  }

  private async sendCreate<T>(kind: Kind<T>, obj: T, options: WriteOptions): Promise<T> {
    const body = { ...(obj as object), apiVersion: kind.apiVersion, kind: kind.kind };
    const created = await this.rest.request<T>({
      method: 'POST',
      path: resourcePath(kind, namespaceOf(kind, obj)),
      query: this.writeQuery(options),
      body,
    });
    return withType(kind, created);
  }

  update<T>(kind: Kind<T>, obj: T, options: WriteOptions = {}): Promise<T> {
    return this.put(kind, obj, undefined, options);
  }

  patch<T>(kind: Kind<T>, obj: T, patch: PatchBody, options: PatchOptions = {}): Promise<T> {
    return this.sendPatch(kind, obj, undefined, patch, options);
  }

  apply<T>(kind: Kind<T>, desired: ApplyConfiguration<T>, options: ApplyOptions = {}): Promise<T> {
    return this.sendPatch(kind, desired as T, undefined, desired, { ...options, type: 'apply' });
  }

  delete<T>(kind: Kind<T>, obj: T, options: DeleteOptions = {}): Promise<void> {
    return traced('delete', kind, metaKey(obj), () => this.sendDelete(kind, obj, options));
  }

  private async sendDelete<T>(kind: Kind<T>, obj: T, options: DeleteOptions): Promise<void> {
    await this.rest.request({
      method: 'DELETE',
      path: resourcePath(kind, namespaceOf(kind, obj), nameOf(kind, obj)),
      query: { dryRun: options.dryRun ? 'All' : undefined },
      body: deleteOptionsBody(options),
    });
  }

  deleteAllOf<T>(kind: Kind<T>, options: DeleteAllOfOptions = {}): Promise<void> {
    return traced('deleteAllOf', kind, { namespace: options.namespace }, () => this.sendDeleteAllOf(kind, options));
  }

  private async sendDeleteAllOf<T>(kind: Kind<T>, options: DeleteAllOfOptions): Promise<void> {
    if (kind.namespaced && !options.namespace) {
      throw new Error(`deleteAllOf ${kind.kind}: a namespace is required for a namespaced kind`);
    }
    await this.rest.request({
      method: 'DELETE',
      path: resourcePath(kind, options.namespace),
      query: {
        labelSelector: options.labelSelector === undefined ? undefined : labelSelectorString(options.labelSelector),
        fieldSelector: options.fieldSelector,
        dryRun: options.dryRun ? 'All' : undefined,
      },
      body: deleteOptionsBody(options),
    });
  }

  status(): SubResourceClient {
    return this.subResource('status');
  }

  subResource(name: string): SubResourceClient {
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`subResource: "${name}" is not a subresource name`);
    return {
      get: <T, S = T>(kind: Kind<T>, obj: T): Promise<S> =>
        traced('get', kind, metaKey(obj), () =>
          this.rest.request<S>({ method: 'GET', path: resourcePath(kind, namespaceOf(kind, obj), nameOf(kind, obj), name) }), name),
      create: <T, S = unknown>(kind: Kind<T>, obj: T, subObj: S, options: WriteOptions = {}): Promise<S> =>
        traced('create', kind, metaKey(obj), () =>
          this.rest.request<S>({
            method: 'POST',
            path: resourcePath(kind, namespaceOf(kind, obj), nameOf(kind, obj), name),
            query: this.writeQuery(options),
            body: subObj,
          }), name),
      update: <T>(kind: Kind<T>, obj: T, options: WriteOptions = {}) => this.put(kind, obj, name, options),
      patch: <T>(kind: Kind<T>, obj: T, patch: PatchBody, options: PatchOptions = {}) =>
        this.sendPatch(kind, obj, name, patch, options),
    };
  }

  private put<T>(kind: Kind<T>, obj: T, sub: string | undefined, options: WriteOptions): Promise<T> {
    return traced('update', kind, metaKey(obj), () => this.sendPut(kind, obj, sub, options), sub);
  }

  private async sendPut<T>(kind: Kind<T>, obj: T, sub: string | undefined, options: WriteOptions): Promise<T> {
    const body = { ...(obj as object), apiVersion: kind.apiVersion, kind: kind.kind };
    const updated = await this.rest.request<T>({
      method: 'PUT',
      path: resourcePath(kind, namespaceOf(kind, obj), nameOf(kind, obj), sub),
      query: this.writeQuery(options),
      body,
    });
    return withType(kind, updated);
  }

  private sendPatch<T>(kind: Kind<T>, obj: T, sub: string | undefined, patch: PatchBody, options: PatchOptions): Promise<T> {
    const op = options.type === 'apply' ? 'apply' : 'patch';
    return traced(op, kind, metaKey(obj), () => this.sendPatchRequest(kind, obj, sub, patch, options), sub);
  }

  private async sendPatchRequest<T>(kind: Kind<T>, obj: T, sub: string | undefined, patch: PatchBody, options: PatchOptions): Promise<T> {
    const type = options.type ?? 'merge';
    if (type === 'json' && !Array.isArray(patch)) throw new Error(`patch ${kind.kind}: a JSON patch must be a list of operations`);
    if (type !== 'json' && Array.isArray(patch)) throw new Error(`patch ${kind.kind}: a ${type} patch must be an object, not a list`);
    if (type === 'strategic' && kind.group !== '' && !kind.group.endsWith('.k8s.io') && !['apps', 'batch', 'autoscaling', 'policy'].includes(kind.group)) {
      throw new Error(`patch ${kind.kind}: strategic merge patches work on built-in kinds only; use 'merge' or 'apply' for ${kind.apiVersion}`);
    }
    const query: Query = this.writeQuery(options);
    let body: PatchBody = patch;
    if (type === 'apply') {
      if (!query.fieldManager) throw new Error(`patch ${kind.kind}: server-side apply needs a fieldManager (option or manager default)`);
      if (options.force) query.force = true;
      // An apply configuration names its own type.
      body = { apiVersion: kind.apiVersion, kind: kind.kind, ...(patch as Record<string, unknown>) };
    }
    const patched = await this.rest.request<T>({
      method: 'PATCH',
      path: resourcePath(kind, namespaceOf(kind, obj), nameOf(kind, obj), sub),
      query,
      body,
      contentType: patchContentTypes[type],
    });
    return withType(kind, patched);
  }

  private writeQuery(options: WriteOptions): Query {
    return { fieldManager: options.fieldManager ?? this.fieldManager, dryRun: options.dryRun ? 'All' : undefined };
  }
}

/** The namespace and name of `obj` as far as it has them (for span attributes; never throws). */
function metaKey(obj: unknown): { namespace?: string; name?: string } {
  const m = (obj as ObjectWithMeta | null)?.metadata;
  return { namespace: m?.namespace, name: m?.name };
}

/** A client call in a span `<operation> <Kind>` (see ../tracing). */
function traced<R>(operation: string, kind: Kind, key: { namespace?: string; name?: string }, fn: () => Promise<R>, subresource?: string): Promise<R> {
  return traceClientCall(`${operation} ${kind.kind}${subresource ? `/${subresource}` : ''}`, {
    'scaffolder.client.operation': operation,
    'scaffolder.api_version': kind.apiVersion,
    'scaffolder.kind': kind.kind,
    'scaffolder.client.subresource': subresource,
    'k8s.namespace.name': key.namespace,
    'scaffolder.object.name': key.name,
  }, fn);
}

function deleteOptionsBody(options: DeleteOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { apiVersion: 'v1', kind: 'DeleteOptions' };
  if (options.propagationPolicy) body.propagationPolicy = options.propagationPolicy;
  if (options.gracePeriodSeconds !== undefined) body.gracePeriodSeconds = options.gracePeriodSeconds;
  if (options.preconditions) body.preconditions = options.preconditions;
  return body;
}

