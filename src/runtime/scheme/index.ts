export { type GroupVersion, type KindSpec, type Kind, type ObjectOf, defineKind, apiVersionOf, parseApiVersion, kindKey } from './kind.js';
export { Scheme } from './scheme.js';
export * from './builtins.js';
