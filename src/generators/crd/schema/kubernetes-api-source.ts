/**
 * The default source of built-in schemas (builtin-source.ts): the Kubernetes API data the package
 * ships for one minor release (src/kube/kubernetes-api.ts), which carries what controller-gen
 * reads from the Go types: list/map topology, explicit `+default`s, Quantity and IntOrString as
 * int-or-string, metav1.Condition's validations, and the fields of that release. The data has no
 * text; descriptions come from the kubernetes-models package when the project has it installed
 * (kubernetes-models-package.ts: every field's own doc, as controller-gen writes it), else from
 * @kubernetes/client-node's models: the type's JSDoc, and a field's own JSDoc where it has one
 * (else the flatten pass shows the field type's description).
 *
 * Models the release lacks: an error when another shipped release has them (the user's API
 * needs a different `--kubernetes-version`), client-node's model otherwise (KubernetesObject,
 * client-node's IntOrString alias). Reference ids are `kubernetes-api:<component>`.
 */
import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';
import {
  isKubernetesApiVersion,
  type KubernetesApi,
  KubernetesApiError,
  KUBERNETES_API_VERSIONS,
  loadKubernetesApi,
  NEWEST_KUBERNETES_API_VERSION,
  versionsWithModel,
} from '../../../kube/kubernetes-api.js';
import { modelNamesOf } from '../../../kube/kubernetes-api-names.js';
import { type BuiltinSchemaSource, ComponentSchemaSource } from './builtin-source.js';
import { cloneJson, walkSchema } from './json-schema.js';
import { ENUM_PARAGRAPH } from './kube-openapi-schema.js';
import { clientNodeDescriptions, clientNodeModels } from './kubernetes-models.js';
import type { KubernetesModelsDescriptions } from './kubernetes-models-package.js';

export const KUBERNETES_API_REF_PREFIX = 'kubernetes-api:';

function withoutEnumParagraph(text: string): string {
  return text.replace(ENUM_PARAGRAPH, '').trim();
}

/**
 * client-node gives a property typed with its IntOrString alias the Go type's doc instead of the
 * field's: not the field's own description, so not used.
 */
function isTypeDoc(text: string): boolean {
  return text.startsWith('IntOrString is a type that can hold an int32 or a string.');
}

export class KubernetesApiSource extends ComponentSchemaSource {
  private loaded?: KubernetesApi;

  /**
   * `version`: a shipped minor release; its data is read on first use (a CRD without built-in types
   * never reads it). `fieldDocs`: an installed kubernetes-models, whose descriptions come first.
   */
  constructor(
    readonly version: string = NEWEST_KUBERNETES_API_VERSION,
    fallback: BuiltinSchemaSource = clientNodeModels,
    readonly fieldDocs?: KubernetesModelsDescriptions,
  ) {
    super(KUBERNETES_API_REF_PREFIX, fallback);
    if (!isKubernetesApiVersion(version)) {
      throw new KubernetesApiError(`Kubernetes ${version} is not shipped: choose one of ${KUBERNETES_API_VERSIONS.join(', ')}`);
    }
  }

  get api(): KubernetesApi {
    return (this.loaded ??= loadKubernetesApi(this.version));
  }

  referenceTo(model: string): string | undefined {
    const component = this.api.componentOfModel(model);
    if (component !== undefined) return this.idOf(component);
    if (this.missingFrom(model)) return undefined;
    return this.fallback.referenceTo(model);
  }

  /** Why `model` has no reference: the shipped releases that have it when the chosen one does not. */
  missingFrom(model: string): string | undefined {
    if (this.api.componentOfModel(model) !== undefined) return undefined;
    const others = versionsWithModel(model);
    if (others.length === 0) return undefined;
    return `${model} is not in Kubernetes ${this.api.version}: it is in ${others.join(', ')} (choose one with --kubernetes-version or PROJECT's kubernetesVersion)`;
  }

  protected buildComponent(component: string): JSONSchemaProps | null {
    const data = this.api.schema(component);
    if (!data) return null;
    const schema = cloneJson(data);
    walkSchema(schema, (s) => {
      if (s.$ref !== undefined) s.$ref = this.idOf(s.$ref);
    });
    const fromPackage = this.fieldDocs?.descriptionsOf(component);
    const fromClient = modelNamesOf(component)
      .map((m) => clientNodeDescriptions(m))
      .find((d) => d !== undefined);
    const own = withoutEnumParagraph(fromPackage?.type || fromClient?.type || '');
    if (own) schema.description = own;
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      const clientText = fromClient?.properties.get(name) ?? '';
      const text = withoutEnumParagraph(fromPackage?.properties.get(name) || (isTypeDoc(clientText) ? '' : clientText));
      if (text) prop.description = text;
    }
    return schema;
  }
}

const sources = new Map<string, KubernetesApiSource>();

/**
 * The built-in schemas of a shipped Kubernetes minor release (default the newest), described by
 * `fieldDocs` when given (findKubernetesModels): one shared source per release and package.
 */
export function kubernetesApiSource(version: string = NEWEST_KUBERNETES_API_VERSION, fieldDocs?: KubernetesModelsDescriptions): KubernetesApiSource {
  const key = [version, ...(fieldDocs?.roots ?? [])].join('\0');
  let source = sources.get(key);
  if (!source) sources.set(key, (source = new KubernetesApiSource(version, clientNodeModels, fieldDocs)));
  return source;
}
