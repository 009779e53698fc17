/**
 * The admissionregistration.k8s.io/v1 and apiextensions.k8s.io/v1 shapes the admission module
 * reads, as plain JSON (structurally compatible with the @kubernetes/client-node models).
 */
import type { GroupVersionKind, GroupVersionResource, Operation, UserInfo } from '../../kube/admission-review.js';
import type { Status } from '../../kube/status.js';

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

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

export interface Webhook {
  name: string;
  clientConfig: WebhookClientConfig;
  rules?: RuleWithOperations[];
  failurePolicy?: 'Fail' | 'Ignore';
  matchPolicy?: 'Exact' | 'Equivalent';
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  sideEffects?: string;
  timeoutSeconds?: number;
  admissionReviewVersions?: string[];
  reinvocationPolicy?: 'Never' | 'IfNeeded';
}

export interface WebhookConfiguration {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string };
  webhooks?: Webhook[];
}

export type MutatingWebhookConfiguration = WebhookConfiguration;
export type ValidatingWebhookConfiguration = WebhookConfiguration;

/**
 * Where a service reference points: the test environment maps the project's webhook service to
 * its webhook server on localhost. Returns a base URL such as `https://127.0.0.1:9443`.
 */
export type ServiceResolver = (namespace: string, name: string, port: number) => string;

export interface AdmissionAttributes {
  operation: Operation;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource?: string;
  /** Empty or absent for cluster-scoped resources. */
  namespace?: string;
  name: string;
  object?: unknown;
  oldObject?: unknown;
  userInfo?: UserInfo;
  dryRun?: boolean;
  /** The admission options object (CreateOptions, UpdateOptions, DeleteOptions), passed through. */
  options?: unknown;
  /**
   * Labels of the request's namespace, for namespaceSelector. A Namespace object is matched on its
   * own labels; a cluster-scoped object always matches a namespaceSelector.
   */
  namespaceLabels?: Record<string, string>;
}

export interface AdmissionResult {
  allowed: boolean;
  /** The object after mutating webhooks (set when allowed and the request carried an object). */
  object?: unknown;
  /** Warnings from all webhooks called, in order. */
  warnings: string[];
  /** The Status the API server answers with when not allowed. */
  status?: Status;
}

export interface CustomResourceDefinition {
  spec: {
    group: string;
    names: { kind: string; plural: string };
    conversion?: {
      strategy?: 'None' | 'Webhook';
      webhook?: { clientConfig?: WebhookClientConfig; conversionReviewVersions?: string[] };
    };
  };
}
