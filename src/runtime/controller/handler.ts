/**
 * Event handlers (controller-runtime's handler package): they turn a change of a watched object
 * into the requests to reconcile.
 */
import type { ObjectWithMeta } from '../client/types.js';
import { log } from '../log/index.js';
import type { Kind } from '../scheme/kind.js';
import type { RequestQueue } from './request-queue.js';
import type { Request } from './types.js';

export interface EventHandler<T = ObjectWithMeta> {
  create?(obj: T, queue: RequestQueue): void;
  update?(oldObj: T, newObj: T, queue: RequestQueue): void;
  delete?(obj: T, queue: RequestQueue): void;
  generic?(obj: T, queue: RequestQueue): void;
}

interface OwnerReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  controller?: boolean;
}

const metaOf = (o: unknown) => ((o as ObjectWithMeta | null)?.metadata ?? {});

function requestFor(obj: unknown): Request | undefined {
  const m = metaOf(obj);
  return m.name ? { namespace: m.namespace ?? '', name: m.name } : undefined;
}

/**
 * The handler that enqueues with `add` for every event, for both the old and the new object on
 * updates.
 */
function enqueueForOldAndNew<T>(add: (obj: T, q: RequestQueue) => void): EventHandler<T> {
  return {
    create: add,
    update: (o, n, q) => {
      add(o, q);
      add(n, q);
    },
    delete: add,
    generic: add,
  };
}

/** Reconciles the object that changed (what `.for(Kind)` uses). */
function enqueueRequestForObject<T = ObjectWithMeta>(): EventHandler<T> {
  const add = (obj: T, q: RequestQueue) => {
    const req = requestFor(obj);
    if (req) q.add(req);
  };
  return { create: add, update: (_o, n, q) => add(n, q), delete: add, generic: add };
}

export interface OwnerHandlerOptions {
  /** Only the owner reference marked `controller: true` (what `.owns(Kind)` uses). Default true. */
  onlyControllerOwner?: boolean;
}

/**
 * Reconciles the owners of type `ownerKind` named in the changed object's ownerReferences, in the
 * object's namespace (or cluster-scoped for a cluster-scoped owner). On updates both the old and
 * the new owners are reconciled, so an owner that lost a child hears of it.
 */
function enqueueRequestForOwner<T = ObjectWithMeta>(ownerKind: Kind, options: OwnerHandlerOptions = {}): EventHandler<T> {
  const onlyController = options.onlyControllerOwner ?? true;
  const group = ownerKind.group;
  const ownersOf = (obj: T): Request[] => {
    const m = metaOf(obj);
    const refs = (m.ownerReferences ?? []) as OwnerReference[];
    const out: Request[] = [];
    for (const ref of refs) {
      if (onlyController && !ref.controller) continue;
      if (ref.kind !== ownerKind.kind || !ref.name) continue;
      // Match the group, not the version: an owner may be referenced through any of its versions.
      const refGroup = ref.apiVersion?.includes('/') ? ref.apiVersion.slice(0, ref.apiVersion.indexOf('/')) : '';
      if (refGroup !== group) continue;
      out.push({ namespace: ownerKind.namespaced ? m.namespace ?? '' : '', name: ref.name });
    }
    return out;
  };
  const add = (obj: T, q: RequestQueue) => {
    for (const r of ownersOf(obj)) q.add(r);
  };
  return enqueueForOldAndNew(add);
}

/** Maps a changed object to any requests (for example: every object that refers to it). */
export type MapFunc<T> = (obj: T) => Request[] | Promise<Request[]>;

/** Reconciles whatever `fn` returns for the changed object (old and new object on updates). */
function enqueueRequestsFromMapFunc<T = ObjectWithMeta>(fn: MapFunc<T>, onError?: (err: unknown) => void): EventHandler<T> {
  const add = (obj: T, q: RequestQueue) => {
    void Promise.resolve()
      .then(() => fn(obj))
      .then((reqs) => { for (const r of reqs) q.add(r); })
      .catch((err: unknown) => (onError ? onError(err) : log.withName('handler').error(err, 'map function failed; no requests enqueued')));
  };
  return enqueueForOldAndNew(add);
}

/** The handler constructors, grouped like Go's `handler` package. */
export const handler = {
  enqueueRequestForObject,
  enqueueRequestForOwner,
  enqueueRequestsFromMapFunc,
};
