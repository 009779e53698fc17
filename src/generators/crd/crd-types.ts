/**
 * The CustomResourceDefinitions generation writes: the apiextensions.k8s.io/v1 shapes
 * (src/kube/custom-resource-definition.ts) with the fields controller-gen always sets required.
 */
import type * as apiextensions from '../../kube/custom-resource-definition.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';

export type { CustomResourceColumnDefinition } from '../../kube/custom-resource-definition.js';

export interface CustomResourceDefinitionVersion extends apiextensions.CustomResourceDefinitionVersion {
  schema?: { openAPIV3Schema: JSONSchemaProps };
}

export interface CustomResourceDefinition extends apiextensions.CustomResourceDefinition {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'CustomResourceDefinition';
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec: Omit<apiextensions.CustomResourceDefinitionSpec, 'names' | 'versions'> & {
    names: apiextensions.CustomResourceDefinitionNames & { listKind: string; singular: string };
    versions: CustomResourceDefinitionVersion[];
  };
}
