/**
 * The context a worker hands to one reconcile. Its logger and its reconcile ID are made when first
 * read (most reconciles of a healthy controller read neither): an empty reconcile allocates this
 * object alone, where a logger made up front (a deferred one, and what it is made from) cost three
 * times its size per event. `log` and `reconcileID` are own, enumerable accessors, so that a
 * reconciler spreading the context ({ ...ctx }) still copies them; they are installed with shared
 * descriptors, since an object literal with a getter is built by runtime calls (about 2 us per
 * reconcile on a loaded machine, more than the rest of an empty reconcile). `log` keeps a setter:
 * it was a plain field, which a reconciler could assign.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../log/index.js';
import { deferredReconcileLogger, type ReconcileLogOwner } from '../log/reconcile.js';
import type { ReconcileContext, Request } from './types.js';

export class WorkerReconcileContext implements ReconcileContext {
  readonly signal: AbortSignal;
  declare log: Logger;
  declare readonly reconcileID: string;
  #log: Logger | undefined;
  #reconcileID: string | undefined;
  readonly #base: Logger;
  readonly #owner: ReconcileLogOwner;
  readonly #request: Request;

  constructor(signal: AbortSignal, base: Logger, owner: ReconcileLogOwner, request: Request) {
    this.signal = signal;
    this.#base = base;
    this.#owner = owner;
    this.#request = request;
    Object.defineProperty(this, 'log', LOG);
    Object.defineProperty(this, 'reconcileID', RECONCILE_ID);
  }

  /** The reconcile ID, made on first call. */
  id(): string {
    return (this.#reconcileID ??= randomUUID());
  }

  /** The reconcile's logger, made on first call (deferred: its key-value context is built when it first logs). */
  logger(): Logger {
    return (this.#log ??= deferredReconcileLogger(this.#base, this.#owner, this.#request, this));
  }

  /** Replaces the logger, as assigning the plain field it once was did. */
  setLogger(log: Logger): void {
    this.#log = log;
  }
}

const LOG: PropertyDescriptor = {
  get(this: WorkerReconcileContext): Logger {
    return this.logger();
  },
  set(this: WorkerReconcileContext, log: Logger): void {
    this.setLogger(log);
  },
  enumerable: true,
  configurable: true,
};

const RECONCILE_ID: PropertyDescriptor = {
  get(this: WorkerReconcileContext): string {
    return this.id();
  },
  enumerable: true,
  configurable: true,
};
