import { Logger } from './logger.js';
import { newReconcileID } from './reconcile-id.js';

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
 * The logger is deferred (Logger.deferred): its key-value context is built when it is first used,
 * since the reconciles of a healthy controller mostly log nothing and building it for every one
 * of them cost more than an empty reconcile.
 */
export function reconcileLogger(base: Logger, ctx: ReconcileLogContext): { log: Logger; reconcileID: string } {
  const reconcileID = ctx.reconcileID ?? newReconcileID();
  return { log: Logger.deferred(() => base.withValues(reconcileValues(ctx, reconcileID))), reconcileID };
}

function reconcileValues(ctx: ReconcileLogContext, reconcileID: string): Record<string, unknown> {
  const values: Record<string, unknown> = { controller: ctx.controller };
  if (ctx.kind !== undefined) {
    values.controllerGroup = ctx.group ?? '';
    values.controllerKind = ctx.kind;
    values[ctx.kind] = ctx.namespace === '' ? { name: ctx.name } : { name: ctx.name, namespace: ctx.namespace };
  }
  values.namespace = ctx.namespace;
  values.name = ctx.name;
  values.reconcileID = reconcileID;
  return values;
}
