export { ConversionWebhook } from './webhook.js';
export { ConversionRegistry } from './registry.js';
export type { Conversion, SpokeConversion, HubDeclaration } from './types.js';
export type { ConversionRequest, ConversionResponse, ConversionReview } from '../../../kube/conversion-review.js';
