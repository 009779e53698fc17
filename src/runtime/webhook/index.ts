/**
 * Webhooks: the HTTPS webhook server, admission (defaulting and validating) and CRD conversion,
 * and the builder that registers a kind's webhooks at kubebuilder's paths.
 */
export { WebhookServer, DEFAULT_WEBHOOK_PORT, DEFAULT_CERT_DIR, type WebhookServerOptions } from './server.js';
export { type HttpHandler, type WebhookEndpoint } from './handler.js';
export { webhookManagedBy, WebhookBuilder, type WebhookManager } from './builder.js';
export { mutatePath, validatePath, CONVERSION_PATH } from './paths.js';
export * from './admission/index.js';
export * from './conversion/index.js';
