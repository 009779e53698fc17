/**
 * The webhook configurations `manifests` writes: the admissionregistration.k8s.io/v1 shapes
 * (src/kube/admissionregistration.ts) with the fields controller-gen always sets required, and
 * whatever fields a marker's `patch` adds.
 */
import type * as admissionregistration from '../../kube/admissionregistration.js';

export type { RuleWithOperations, ServiceReference, WebhookClientConfig } from '../../kube/admissionregistration.js';

export type Webhook = admissionregistration.Webhook &
  Required<Pick<admissionregistration.Webhook, 'admissionReviewVersions' | 'failurePolicy' | 'rules'>> & { [field: string]: unknown };

export interface WebhookConfiguration extends admissionregistration.WebhookConfiguration {
  apiVersion: 'admissionregistration.k8s.io/v1';
  kind: 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration';
  metadata: { name: string };
  webhooks: Webhook[];
}
