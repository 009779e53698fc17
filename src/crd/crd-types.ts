/** apiextensions.k8s.io/v1 CustomResourceDefinition, as plain JSON (only what generation writes). */
import type { JSONSchemaProps } from '../kube/json-schema-props.js';

export interface CustomResourceColumnDefinition {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
}

export interface CustomResourceDefinitionVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema?: { openAPIV3Schema: JSONSchemaProps };
  subresources?: {
    status?: Record<string, never>;
    scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string };
  };
  additionalPrinterColumns?: CustomResourceColumnDefinition[];
  selectableFields?: { jsonPath: string }[];
}

export interface CustomResourceDefinition {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'CustomResourceDefinition';
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec: {
    group: string;
    names: { kind: string; listKind: string; plural: string; singular: string; shortNames?: string[]; categories?: string[] };
    scope: 'Namespaced' | 'Cluster' | string;
    versions: CustomResourceDefinitionVersion[];
  };
}
