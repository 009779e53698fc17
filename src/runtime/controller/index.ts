export type { Request, Result, ReconcileContext, Reconciler, ReconcileFunc } from './types.js';
export { Controller, type ControllerOptions, type Watch, bindWatch } from './controller.js';
export { Builder, controllerManagedBy, type ControllerHost, type ControllerDefaults, type ForOptions, type OwnsOptions } from './builder.js';
export { handler, type EventHandler, type MapFunc, type OwnerHandlerOptions } from './handler.js';
export { predicate, type Predicate } from './predicate.js';
export { source, KindSource, ChannelSource, type Source, type SourceContext } from './source.js';
export { type RequestQueue, requestKey, requestOf, LOW_PRIORITY, lowPriority } from './request-queue.js';
export { TerminalError, isTerminalError } from './terminal-error.js';
