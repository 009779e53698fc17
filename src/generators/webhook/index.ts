/** Webhooks: `+kubebuilder:webhook` and `+kubebuilder:webhookconfiguration` to config/webhook/manifests.yaml. */
export { WEBHOOK_CONFIGURATION_MARKER, WEBHOOK_MARKER, defineWebhookMarkers } from './markers.js';
export { type WebhookResult, generateWebhooks } from './generate.js';
export { applyWebhookPatch } from './patch.js';
export type { Webhook, WebhookConfiguration } from './types.js';
export { WebhookManifestsGenerator } from './manifests-generator.js';
