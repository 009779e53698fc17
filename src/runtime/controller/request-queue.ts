/** The view of a controller's work queue that event handlers and sources get: requests, not keys. */
import type { WorkQueue } from '../workqueue/queue.js';
import type { Request } from './types.js';

/**
 * `priority`: higher is handed out first, 0 by default. Kind sources hand handlers a queue that
 * adds at `LOW_PRIORITY` for events that change nothing new (controller-runtime's
 * WithLowPriorityWhenUnchanged): objects of the informer's initial list and resyncs.
 */
export interface RequestQueue {
  add(req: Request, priority?: number): void;
  addAfter(req: Request, ms: number, priority?: number): void;
  addRateLimited(req: Request, priority?: number): void;
}

/** The priority of initial-list and resync events (controller-runtime's handler.LowPriority). */
export const LOW_PRIORITY = -100;

/** `queue` with every add at `LOW_PRIORITY` unless a higher priority is asked for. */
export function lowPriority(queue: RequestQueue): RequestQueue {
  const at = (priority: number | undefined) => Math.max(priority ?? LOW_PRIORITY, LOW_PRIORITY);
  return {
    add: (req, priority) => queue.add(req, at(priority)),
    addAfter: (req, ms, priority) => queue.addAfter(req, ms, at(priority)),
    addRateLimited: (req, priority) => queue.addRateLimited(req, at(priority)),
  };
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
    add: (req, priority) => queue.add(requestKey(req), priority),
    addAfter: (req, ms, priority) => queue.addAfter(requestKey(req), ms, priority),
    addRateLimited: (req, priority) => queue.addRateLimited(requestKey(req), priority),
  };
}
