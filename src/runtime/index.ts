/**
 * `kubescaffolder/runtime`: what generated operators run on (controller-runtime for TypeScript).
 * See docs/architecture.md, "The API that generated projects are written against".
 */
export * from './api/types.js';
export * from './scheme/index.js';
export * from './client/index.js';
export * from './cache/index.js';
export * from './workqueue/index.js';
export * from './controller/index.js';
export * from './manager/index.js';
export * from './log/index.js';
export * from './metrics/index.js';
export * from './serving/index.js';
export * from './leaderelection/index.js';
export * from './controllerutil/index.js';
export * from './events/index.js';
export * from './webhook/index.js';
export * from './migration/index.js';
export { HealthProbeServer, type HealthProbeServerOptions, type Checker, ChecksHandler } from './healthz/index.js';
/** `healthz.ping` and friends, as generated main.ts uses them. */
export * as healthz from './healthz/index.js';
export * from './sharding/index.js';
export * from './dependents/index.js';
export * from './tracing/index.js';
