import { randomUUID } from 'node:crypto';
import { Logger } from './logger.js';

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

/** The part of the context that is the same for every reconcile of one controller. */
export type ReconcileLogOwner = Pick<ReconcileLogContext, 'controller' | 'group' | 'kind'>;

/**
 * The logger of one reconcile, carrying the same keys as controller-runtime's:
 * controller, controllerGroup, controllerKind, `<Kind>: {name, namespace}`, namespace, name, reconcileID.
 * The logger is deferred (Logger.deferred): its key-value context is built when it is first used,
 * since the reconciles of a healthy controller mostly log nothing and building it for every one
 * of them cost more than an empty reconcile.
 */
export function reconcileLogger(base: Logger, ctx: ReconcileLogContext): { log: Logger; reconcileID: string } {
  const reconcileID = ctx.reconcileID ?? randomUUID();
  return { log: deferredReconcileLogger(base, ctx, ctx, { reconcileID }), reconcileID };
}

/**
 * reconcileLogger's logger, for a controller: `owner` (controller, group, kind) is the same for all
 * its reconciles and `request` is the one it already has, so a reconcile allocates no context for
 * a logger it may never use; nor a reconcile ID (`ids.reconcileID` is read when the logger is first
 * used: a reconcile's context, whose ID is made when first read, passes itself).
 */
export function deferredReconcileLogger(
  base: Logger,
  owner: ReconcileLogOwner,
  request: Pick<ReconcileLogContext, 'namespace' | 'name'>,
  ids: { readonly reconcileID: string },
): Logger {
  return Logger.deferred(() => base.withValues(reconcileValues(owner, request, ids.reconcileID)));
}

function reconcileValues(
  owner: ReconcileLogOwner,
  request: Pick<ReconcileLogContext, 'namespace' | 'name'>,
  reconcileID: string,
): Record<string, unknown> {
  const values: Record<string, unknown> = { controller: owner.controller };
  if (owner.kind !== undefined) {
    values.controllerGroup = owner.group ?? '';
    values.controllerKind = owner.kind;
    values[owner.kind] = request.namespace === '' ? { name: request.name } : { name: request.name, namespace: request.namespace };
  }
  values.namespace = request.namespace;
  values.name = request.name;
  values.reconcileID = reconcileID;
  return values;
}
