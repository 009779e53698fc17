/**
 * Kubernetes' own OpenAPI documents as the source of built-in schemas (`scaffolder manifests
 * --kube-openapi <file|dir>`), in front of @kubernetes/client-node's models. Where a document has
 * the component a client-node model stands for (kube-openapi-names.ts), the document wins:
 * it carries what controller-gen reads from the Go types and the client models lack,
 * x-kubernetes-list-type / list-map-keys / map-type, `+default` values, resource.Quantity as
 * int-or-string, and a field's own description of a property whose type is another component.
 * Models the documents lack come from client-node. Reference ids are `kube-openapi:<component>`.
 */
import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';
import { type BuiltinSchemaSource, ComponentSchemaSource } from './builtin-source.js';
import { knownComponentSchema, modelOverlay } from './known-types.js';
import { readKubeOpenApiDocuments, type OpenApiSchema } from './kube-openapi-documents.js';
import { ComponentNames, modelNamesOf } from '../../../kube/kubernetes-api-names.js';
import { ComponentConverter } from './kube-openapi-schema.js';
import { clientNodeModels } from './kubernetes-models.js';

export const KUBE_OPENAPI_REF_PREFIX = 'kube-openapi:';

const CONDITION_COMPONENT = 'io.k8s.apimachinery.pkg.apis.meta.v1.Condition';

export class KubeOpenApiSource extends ComponentSchemaSource {
  private readonly names: ComponentNames;
  private readonly converter = new ComponentConverter((component) => this.refTo(component));

  /** `components`: every component schema by name (readKubeOpenApiDocuments); `fallback`: for what they lack. */
  constructor(
    private readonly components: ReadonlyMap<string, OpenApiSchema>,
    fallback: BuiltinSchemaSource = clientNodeModels,
  ) {
    super(KUBE_OPENAPI_REF_PREFIX, fallback);
    this.names = new ComponentNames(components.keys());
  }

  /** The component a client-node model name stands for, when the documents have it. */
  componentOf(model: string): string | undefined {
    return this.names.componentOf(model);
  }

  referenceTo(model: string): string | undefined {
    const component = this.names.componentOf(model);
    return component !== undefined ? this.idOf(component) : this.fallback.referenceTo(model);
  }

  protected buildComponent(component: string): JSONSchemaProps | null {
    const raw = this.components.get(component);
    if (!raw) return null;
    const schema = this.converter.convert(raw);
    // metav1.Condition's validation lives in apimachinery's Go markers, in no document.
    if (component === CONDITION_COMPONENT) modelOverlay('V1Condition', schema);
    return schema;
  }

  /** The reference for a component a document's `$ref` names: the document's, else client-node's model. */
  private refTo(component: string): string {
    if (this.components.has(component) || knownComponentSchema(component)) return this.idOf(component);
    for (const model of modelNamesOf(component)) {
      const ref = this.fallback.referenceTo(model);
      if (ref) return ref;
    }
    // Unresolvable: the flatten pass reports "unable to locate schema for type kube-openapi:<component>".
    return this.idOf(component);
  }
}

/**
 * Reads the documents at `paths` (files or directories, relative to `baseDir`) into a source in
 * front of `fallback` (default: client-node's models); throws KubeOpenApiError naming the file.
 */
export function kubeOpenApiSource(paths: readonly string[], baseDir = process.cwd(), fallback?: BuiltinSchemaSource): KubeOpenApiSource {
  return new KubeOpenApiSource(readKubeOpenApiDocuments(paths, baseDir), fallback);
}
