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
import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';
import { knownComponentSchema } from './known-types.js';

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

/**
 * A source of built-in schemas keyed by OpenAPI component, whose reference ids are
 * `<prefix><component>`: each component's schema is built once and shared; ObjectMeta and the other
 * known types come out as controller-gen writes them, whatever the source says; ids of another
 * source go to `fallback` (client-node's models, for what the components lack).
 */
export abstract class ComponentSchemaSource implements BuiltinSchemaSource {
  private readonly cache = new Map<string, JSONSchemaProps | null>();

  protected constructor(
    private readonly prefix: string,
    protected readonly fallback: BuiltinSchemaSource,
  ) {}

  abstract referenceTo(model: string): string | undefined;

  schemaFor(id: string): JSONSchemaProps | undefined {
    if (!id.startsWith(this.prefix)) return this.fallback.schemaFor(id);
    const component = id.slice(this.prefix.length);
    let schema = this.cache.get(component);
    if (schema === undefined) {
      schema = knownComponentSchema(component) ?? this.buildComponent(component);
      this.cache.set(component, schema);
    }
    return schema ?? undefined;
  }

  /** The reference id of `component` in this source. */
  protected idOf(component: string): string {
    return this.prefix + component;
  }

  /** The schema of a component that is not a known type, or null when the source lacks it. */
  protected abstract buildComponent(component: string): JSONSchemaProps | null;
}
