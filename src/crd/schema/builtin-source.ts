/**
 * Where the schemas of Kubernetes built-in types come from: the types a user's API types import
 * from @kubernetes/client-node (`V1JobTemplateSpec`, `V1Condition`, ...). The CRD generator holds
 * one source; the default reads client-node's generated models (kubernetes-models.ts), and
 * `--kube-openapi` puts Kubernetes' own OpenAPI documents in front of it (kube-openapi.ts).
 *
 * A source hands out reference ids (`$ref`s the flatten pass resolves through `schemaFor`); ids
 * never contain `#`, which marks the ids of the user's own declarations.
 */
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';

export interface BuiltinSchemaSource {
  /** The reference id of the client-node model `model` (its exported name), or undefined when the source has no such model. */
  referenceTo(model: string): string | undefined;
  /**
   * The unflattened schema a reference id of this source stands for, or undefined for an id it
   * does not know. The returned object may be cached and shared: callers never mutate it.
   */
  schemaFor(id: string): JSONSchemaProps | undefined;
}
