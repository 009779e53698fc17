/**
 * The ConfigMap webhooks that the webhook tests serve through an API server: `data.tier` defaults to
 * "standard", and a tier other than standard or premium is refused with a field error.
 */
import { ConfigMap, ValidationError, fieldError, webhookManagedBy, type WebhookManager } from '../../src/runtime/index.js';

export function registerTierWebhooks(mgr: WebhookManager): string[] {
  return webhookManagedBy(mgr)
    .for(ConfigMap)
    .withDefaulter({
      default(cm) {
        cm.data = { tier: 'standard', ...cm.data };
      },
    })
    .withValidator({
      validateCreate(cm) {
        if (!['standard', 'premium'].includes(cm.data?.tier ?? '')) {
          throw new ValidationError(ConfigMap, cm.metadata?.name ?? '', [fieldError('data.tier', cm.data?.tier, 'must be standard or premium')]);
        }
      },
      validateUpdate: () => undefined,
      validateDelete: () => undefined,
    })
    .complete();
}
