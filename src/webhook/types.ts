/** The admissionregistration.k8s.io/v1 shapes we write (only the fields controller-gen sets). */

export interface ServiceReference {
  name: string;
  namespace: string;
  path?: string;
  port?: number;
}

export interface WebhookClientConfig {
  service?: ServiceReference;
  url?: string;
}

export interface RuleWithOperations {
  apiGroups: string[];
  apiVersions: string[];
  operations: string[];
  resources: string[];
}

export interface Webhook {
  name: string;
  admissionReviewVersions: string[];
  clientConfig: WebhookClientConfig;
  failurePolicy: string;
  matchPolicy?: string;
  rules: RuleWithOperations[];
  sideEffects?: string;
  timeoutSeconds?: number;
  reinvocationPolicy?: string;
  namespaceSelector?: unknown;
  objectSelector?: unknown;
  [field: string]: unknown;
}

export interface WebhookConfiguration {
  apiVersion: 'admissionregistration.k8s.io/v1';
  kind: 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration';
  metadata: { name: string };
  webhooks: Webhook[];
}
