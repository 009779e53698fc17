/** What a reconciler implements and receives. */
import type { Logger } from '../log/index.js';

/** The object a reconcile is about: its namespace (empty for cluster-scoped kinds) and name. */
export interface Request {
  namespace: string;
  name: string;
}

/** What a reconcile asks for next. Returning `{}` means done until the next event. */
export interface Result {
  /** Reconcile again soon, with the per-key backoff of the work queue. */
  requeue?: boolean;
  /** Reconcile again after this many milliseconds (takes precedence over `requeue`). */
  requeueAfter?: number;
  /**
   * The work-queue priority (an integer, higher first) of the requeue that `requeue` or
   * `requeueAfter` asks for, as controller-runtime's Result.Priority. Unset: the requeue keeps the
   * priority the request was handed out at (LOW_PRIORITY, -100, for the informer's initial list
   * and resyncs; 0 for other events). A throw carries no Result, so an error retry always keeps
   * the priority the request was handed out at (controller-runtime's behaviour when the Result
   * returned with an error has no Priority).
   */
  priority?: number;
}

export interface ReconcileContext {
  /** Carries controller, kind, namespace, name and reconcileID in every line. */
  log: Logger;
  /**
   * Aborted when the manager begins to shut down (as controller-runtime cancels the reconcile's
   * context), or when `reconciliationTimeoutMs` passes. The manager still waits for the reconcile
   * to return, at most its gracefulShutdownTimeout.
   */
  signal: AbortSignal;
  /** Unique per reconcile call, also present in every log line of `log`. */
  reconcileID: string;
}

export interface Reconciler {
  /** Throwing means: log the error and retry this request with backoff. */
  reconcile(req: Request, ctx: ReconcileContext): Promise<Result>;
}

/** A plain function can be a reconciler too. */
export type ReconcileFunc = (req: Request, ctx: ReconcileContext) => Promise<Result>;
