/**
 * Where the schemas of Kubernetes built-in types come from: the types a user's API types import
 * from @kubernetes/client-node (`V1JobTemplateSpec`, `V1Condition`, ...). The CRD generator holds
 * one source; the default is the Kubernetes API data of one shipped release
 * (kubernetes-api-source.ts) in front of client-node's generated models (kubernetes-models.ts),
 * which also give the descriptions; `--kube-openapi` puts Kubernetes' own OpenAPI documents in
 * front of client-node's models instead (kube-openapi.ts).
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
  /** Why the source has no reference for `model` when that is the user's mistake (e.g. the model is in another Kubernetes release), else undefined. */
  missingFrom?(model: string): string | undefined;
}
