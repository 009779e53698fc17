export { ConversionWebhook } from './webhook.js';
export { ConversionRegistry } from './registry.js';
export type {
  Conversion,
  SpokeConversion,
  HubDeclaration,
  ConversionRequest,
  ConversionResponse,
  ConversionReview,
} from './types.js';
