/**
 * The context a worker hands to one reconcile. Its logger and its reconcile ID are made when first
 * read (most reconciles of a healthy controller read neither). The ID is an own, enumerable
 * accessor, so that a reconciler spreading the context ({ ...ctx }) still copies it; it is
 * installed with one shared descriptor, since an object literal with a getter is built by runtime
 * calls (about 2 us per reconcile on a loaded machine, more than the rest of an empty reconcile).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../log/index.js';
import { deferredReconcileLogger, type ReconcileLogOwner } from '../log/reconcile.js';
import type { ReconcileContext, Request } from './types.js';

export class WorkerReconcileContext implements ReconcileContext {
  readonly signal: AbortSignal;
  readonly log: Logger;
  declare readonly reconcileID: string;
  #reconcileID: string | undefined;

  constructor(signal: AbortSignal, base: Logger, owner: ReconcileLogOwner, request: Request) {
    this.signal = signal;
    Object.defineProperty(this, 'reconcileID', RECONCILE_ID);
    this.log = deferredReconcileLogger(base, owner, request, this);
  }

  /** The reconcile ID, made on first call. */
  id(): string {
    return (this.#reconcileID ??= randomUUID());
  }
}

const RECONCILE_ID: PropertyDescriptor = {
  get(this: WorkerReconcileContext): string {
    return this.id();
  },
  enumerable: true,
  configurable: true,
};
