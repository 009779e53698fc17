export { InformerCache, type CacheOptions, type ByKindOptions } from './cache.js';
export { Informer, type InformerEventHandler, type InformerOptions, type HandlerRegistration } from './informer.js';
export { type IndexFunc, objectKey } from './store.js';
export { type BackoffOptions } from './backoff.js';
