/**
 * admissionregistration.k8s.io/v1 webhook configurations as plain JSON (structurally compatible
 * with the @kubernetes/client-node models): what `manifests` writes and the test API server's
 * admission reads. Optional where the API's Go types are.
 */
import type { LabelSelector } from './label-selector.js';

export interface ServiceReference {
  namespace: string;
  name: string;
  path?: string;
  port?: number;
}

/** admissionregistration v1 WebhookClientConfig (also apiextensions v1 WebhookClientConfig). */
export interface WebhookClientConfig {
  url?: string;
  service?: ServiceReference;
  /** PEM bundle, base64-encoded as in the API object. */
  caBundle?: string;
}

export interface RuleWithOperations {
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: 'Cluster' | 'Namespaced' | '*';
}

/** A MutatingWebhook or ValidatingWebhook (reinvocationPolicy is the mutating one's only). */
export interface Webhook {
  name: string;
  clientConfig: WebhookClientConfig;
  rules?: RuleWithOperations[];
  failurePolicy?: 'Fail' | 'Ignore';
  matchPolicy?: 'Exact' | 'Equivalent';
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  /** None, NoneOnDryRun (Some and Unknown were v1beta1's). */
  sideEffects?: string;
  timeoutSeconds?: number;
  admissionReviewVersions?: string[];
  reinvocationPolicy?: 'Never' | 'IfNeeded';
}

/** A MutatingWebhookConfiguration or ValidatingWebhookConfiguration. */
export interface WebhookConfiguration {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string };
  webhooks?: Webhook[];
}
