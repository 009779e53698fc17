/** The view of a controller's work queue that event handlers and sources get: requests, not keys. */
import type { WorkQueue } from '../workqueue/queue.js';
import type { Request } from './types.js';

export interface RequestQueue {
  add(req: Request): void;
  addAfter(req: Request, ms: number): void;
  addRateLimited(req: Request): void;
}

/** `namespace/name`; namespaces and names cannot contain `/`, so the first one splits them. */
export function requestKey(req: Request): string {
  return `${req.namespace ?? ''}/${req.name}`;
}

export function requestOf(key: string): Request {
  const slash = key.indexOf('/');
  return { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

export function requestQueue(queue: WorkQueue): RequestQueue {
  return {
    add: (req) => queue.add(requestKey(req)),
    addAfter: (req, ms) => queue.addAfter(requestKey(req), ms),
    addRateLimited: (req) => queue.addRateLimited(requestKey(req)),
  };
}
