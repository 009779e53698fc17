/**
 * What the admission module works with: the admissionregistration.k8s.io/v1 shapes (defined in
 * src/kube) and the requests and results of an admission chain.
 */
import type { GroupVersionKind, GroupVersionResource, Operation, UserInfo } from '../../kube/admission-review.js';
import type { Status } from '../../kube/status.js';
import type { WebhookConfiguration } from '../../kube/admissionregistration.js';

export type { LabelSelector, LabelSelectorRequirement } from '../../kube/label-selector.js';
export type { CustomResourceDefinition } from '../../kube/custom-resource-definition.js';
export type { RuleWithOperations, ServiceReference, Webhook, WebhookClientConfig, WebhookConfiguration } from '../../kube/admissionregistration.js';

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
