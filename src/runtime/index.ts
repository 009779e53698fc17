/**
 * `scaffolder/runtime`: what generated operators run on (controller-runtime for TypeScript).
 * See docs/architecture.md, "The API that generated projects are written against".
 */
export * from './api/types.js';
export * from './scheme/index.js';
export type * from './client/types.js';
export * from './client/errors.js';
export type * from './controller/types.js';
export * from './workqueue/index.js';
