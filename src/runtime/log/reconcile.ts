import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.js';

/** What a controller knows about one reconcile, for its log context. */
export interface ReconcileLogContext {
  controller: string;
  /** The reconciled kind's group and kind, when the controller is built `for` a kind. */
  group?: string;
  kind?: string;
  namespace: string;
  name: string;
  /** A fresh UUID when omitted. */
  reconcileID?: string;
}

/**
 * The logger of one reconcile, carrying the same keys as controller-runtime's:
 * controller, controllerGroup, controllerKind, `<Kind>: {name, namespace}`, namespace, name, reconcileID.
 */
export function reconcileLogger(base: Logger, ctx: ReconcileLogContext): { log: Logger; reconcileID: string } {
  const reconcileID = ctx.reconcileID ?? randomUUID();
  const values: Record<string, unknown> = { controller: ctx.controller };
  if (ctx.kind !== undefined) {
    values.controllerGroup = ctx.group ?? '';
    values.controllerKind = ctx.kind;
    values[ctx.kind] = ctx.namespace === '' ? { name: ctx.name } : { name: ctx.name, namespace: ctx.namespace };
  }
  values.namespace = ctx.namespace;
  values.name = ctx.name;
  values.reconcileID = reconcileID;
  return { log: base.withValues(values), reconcileID };
}

/**
 * A reconcile's logger and reconcileID, each made when first read: the reconciles of a healthy
 * controller mostly log nothing, and building the logger (its key-value context, a UUID) for
 * every one of them cost more than an empty reconcile. Once read, both stay the same for the reconcile.
 */
export class ReconcileLog {
  readonly #base: Logger;
  readonly #ctx: ReconcileLogContext;
  #log: Logger | undefined;
  #reconcileID: string | undefined;

  constructor(base: Logger, ctx: ReconcileLogContext) {
    this.#base = base;
    this.#ctx = ctx;
  }

  get reconcileID(): string {
    return (this.#reconcileID ??= this.#ctx.reconcileID ?? randomUUID());
  }

  get log(): Logger {
    return (this.#log ??= reconcileLogger(this.#base, { ...this.#ctx, reconcileID: this.reconcileID }).log);
  }
}
