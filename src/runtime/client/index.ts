export type * from './types.js';
export * from './errors.js';
export { compileLabelSelector, labelSelectorString, type LabelMatcher } from './label-selector.js';
export { KubeClient, ApiReader, type ClientOptions } from './client.js';
export { RestTransport, resourcePath, type RestRequest, type RestRequestObserver, type RestTransportOptions, type Query } from './rest.js';
