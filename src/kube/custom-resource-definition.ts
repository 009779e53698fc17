/**
 * apiextensions.k8s.io/v1 CustomResourceDefinition as plain JSON (structurally compatible with the
 * @kubernetes/client-node models): what `manifests` writes and the test API server reads.
 * Optional where the API's Go types are.
 */
import type { WebhookClientConfig } from './admissionregistration.js';
import type { JSONSchemaProps } from './json-schema-props.js';

export interface CustomResourceColumnDefinition {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
}

export interface CustomResourceSubresources {
  /** Always `{}` when present. */
  status?: Record<string, never>;
  scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string };
}

export interface CustomResourceDefinitionVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: CustomResourceSubresources;
  additionalPrinterColumns?: CustomResourceColumnDefinition[];
  selectableFields?: { jsonPath: string }[];
}

export interface CustomResourceDefinitionNames {
  plural: string;
  singular?: string;
  shortNames?: string[];
  kind: string;
  listKind?: string;
  categories?: string[];
}

export interface CustomResourceConversion {
  strategy: 'None' | 'Webhook';
  /** apiextensions v1 WebhookConversion; its clientConfig is admissionregistration's shape. */
  webhook?: { clientConfig?: WebhookClientConfig; conversionReviewVersions: string[] };
}

export interface CustomResourceDefinitionSpec {
  group: string;
  names: CustomResourceDefinitionNames;
  /** 'Namespaced' or 'Cluster' (any other text is refused by validation, so it is kept as read). */
  scope: string;
  versions: CustomResourceDefinitionVersion[];
  conversion?: CustomResourceConversion;
  preserveUnknownFields?: boolean;
}

export interface CustomResourceDefinition {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec: CustomResourceDefinitionSpec;
}
