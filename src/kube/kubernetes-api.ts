/**
 * The Kubernetes built-in API as data: for each shipped minor release, every component schema
 * (`io.k8s.api.core.v1.PodSpec`, ...) as controller-gen writes it when a CRD embeds the Go type,
 * without descriptions, and the component of each top-level kind. The files
 * (data/kubernetes-api/<minor>.json) are derived from Kubernetes' published OpenAPI and Go markers
 * by scripts/derive-kubernetes-api.ts; see there for what each holds and where it comes from.
 *
 *   const api = loadKubernetesApi('1.36');
 *   api.schemaOfModel('V1PodSpec');                                 // by client-node model name
 *   api.componentOfKind({ group: 'apps', version: 'v1', kind: 'Deployment' });
 *   api.resolve(api.schema('io.k8s.api.apps.v1.Deployment')!);      // refs inlined
 *
 * Schemas refer to other components with `{ $ref: '<component>' }`, siblings (a field's own
 * `default`, `x-kubernetes-map-type`, ...) kept beside the `$ref`. Loading parses one file once;
 * schemas handed out are shared and must not be mutated (resolve returns fresh copies).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JSONSchemaProps } from './json-schema-props.js';
import { ComponentNames } from './kubernetes-api-names.js';

/** The shipped minor releases, oldest first. */
export const KUBERNETES_API_VERSIONS = ['1.34', '1.35', '1.36'] as const;
export type KubernetesApiVersion = (typeof KUBERNETES_API_VERSIONS)[number];
export const NEWEST_KUBERNETES_API_VERSION: KubernetesApiVersion = KUBERNETES_API_VERSIONS[KUBERNETES_API_VERSIONS.length - 1];

/** Bumped when the file layout changes. */
export const KUBERNETES_API_FORMAT = 2;

/** A REST resource of a GA version, as the release's API paths give it. */
export interface ApiResource {
  /** '' for the legacy core group. */
  group: string;
  version: string;
  /** The plural in the URL. */
  resource: string;
  kind: string;
  namespaced: boolean;
  /** `status`, `scale`, ... */
  subresources: string[];
}

/** A data file as stored. */
export interface KubernetesApiData {
  format: number;
  kubernetesVersion: string;
  /** Where the data comes from, in words. */
  source: string;
  /** `<group>/<version>/<Kind>` (`v1/<Kind>` for the core group) -> component. */
  kinds: Record<string, string>;
  /** The resources a client can list, in the release's GA versions. */
  resources: ApiResource[];
  /**
   * Components whose x-kubernetes-map-type (atomic) controller-gen takes from a struct they embed
   * (ConfigMapVolumeSource from LocalObjectReference): kube-apiserver's own schema does not, and
   * merges and tracks their fields one by one.
   */
  embeddedMapTypes?: string[];
  /** Component name -> schema. */
  types: Record<string, JSONSchemaProps>;
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export class KubernetesApiError extends Error {}

export function isKubernetesApiVersion(v: string): v is KubernetesApiVersion {
  return (KUBERNETES_API_VERSIONS as readonly string[]).includes(v);
}

let dataDir: string | undefined;
/** data/kubernetes-api of the package, found from this file in src/kube (tsx) or dist/src/kube (built). */
export function kubernetesApiDataDir(): string {
  if (dataDir !== undefined) return dataDir;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'data', 'kubernetes-api');
    if (existsSync(candidate)) return (dataDir = candidate);
    dir = path.dirname(dir);
  }
  throw new KubernetesApiError('data/kubernetes-api not found in the scaffolder package');
}

export class KubernetesApi {
  readonly version: string;
  private readonly types: Record<string, JSONSchemaProps>;
  private readonly kinds: Record<string, string>;
  /** The release's REST resources of GA versions. */
  readonly resources: readonly ApiResource[];
  private names?: ComponentNames;
  private readonly embeddedMapTypes: Set<string>;

  constructor(data: KubernetesApiData) {
    if (data.format !== KUBERNETES_API_FORMAT) {
      throw new KubernetesApiError(`Kubernetes API data ${data.kubernetesVersion}: format ${data.format}, expected ${KUBERNETES_API_FORMAT}`);
    }
    this.version = data.kubernetesVersion;
    this.types = data.types;
    this.kinds = data.kinds;
    this.resources = data.resources;
    this.embeddedMapTypes = new Set(data.embeddedMapTypes ?? []);
  }

  /** Every component name. */
  components(): string[] {
    return Object.keys(this.types);
  }

  has(component: string): boolean {
    return Object.hasOwn(this.types, component);
  }

  /** The (unresolved, shared) schema of a component. */
  schema(component: string): JSONSchemaProps | undefined {
    return this.has(component) ? this.types[component] : undefined;
  }

  /** The component a @kubernetes/client-node model name (`V1PodSpec`, `CoreV1EndpointPort`) stands for. */
  componentOfModel(model: string): string | undefined {
    this.names ??= new ComponentNames(Object.keys(this.types));
    return this.names.componentOf(model);
  }

  schemaOfModel(model: string): JSONSchemaProps | undefined {
    const component = this.componentOfModel(model);
    return component === undefined ? undefined : this.schema(component);
  }

  /** The component of a top-level kind (group '' for the core group). */
  componentOfKind(gvk: GroupVersionKind): string | undefined {
    return this.kinds[`${gvk.group ? `${gvk.group}/` : ''}${gvk.version}/${gvk.kind}`];
  }

  /** The (unresolved, shared) schema of a top-level kind, or undefined when this release has no such kind. */
  schemaOfKind(gvk: GroupVersionKind): JSONSchemaProps | undefined {
    const component = this.componentOfKind(gvk);
    return component === undefined ? undefined : this.schema(component);
  }

  /** Every top-level kind this release serves. */
  allKinds(): (GroupVersionKind & { component: string })[] {
    return Object.entries(this.kinds).map(([key, component]) => {
      const parts = key.split('/');
      const kind = parts.pop()!;
      const version = parts.pop()!;
      return { group: parts.join('/'), version, kind, component };
    });
  }

  /**
   * A fresh copy of `schema` with every `$ref` replaced by the component's schema (the use site's
   * siblings win over the component's keys). A component met again below itself (a recursive
   * type such as JSONSchemaProps) is left as `{ 'x-kubernetes-preserve-unknown-fields': true }`,
   * as controller-gen cannot express it either. Throws for a reference to an unknown component.
   */
  resolve(schema: JSONSchemaProps, seen: readonly string[] = []): JSONSchemaProps {
    return this.resolveWith(schema, seen, false);
  }

  /**
   * {@link resolve}, as kube-apiserver's own schema has it (what it merges and tracks in
   * managedFields by): without the map types controller-gen takes from embedded structs.
   */
  resolveAsServed(schema: JSONSchemaProps): JSONSchemaProps {
    return this.resolveWith(schema, [], true);
  }

  private resolveWith(schema: JSONSchemaProps, seen: readonly string[], served: boolean): JSONSchemaProps {
    const { $ref, ...rest } = schema;
    let out: JSONSchemaProps = {};
    if ($ref !== undefined) {
      const target = this.schema($ref);
      if (!target) throw new KubernetesApiError(`Kubernetes API ${this.version}: unknown component ${$ref}`);
      if (seen.includes($ref)) return { 'x-kubernetes-preserve-unknown-fields': true };
      out = this.resolveWith(target, [...seen, $ref], served);
      if (served && this.embeddedMapTypes.has($ref)) delete out['x-kubernetes-map-type'];
    }
    const below = $ref !== undefined ? [...seen, $ref] : seen;
    for (const [key, value] of Object.entries(rest) as [keyof JSONSchemaProps, unknown][]) {
      (out as Record<string, unknown>)[key] = this.resolveValue(key, value, below, served);
    }
    return out;
  }

  private resolveValue(key: string, value: unknown, seen: readonly string[], served: boolean): unknown {
    switch (key) {
      case 'items':
      case 'not':
        return this.resolveWith(value as JSONSchemaProps, seen, served);
      case 'additionalProperties':
        return typeof value === 'object' ? this.resolveWith(value as JSONSchemaProps, seen, served) : value;
      case 'properties':
        return Object.fromEntries(Object.entries(value as Record<string, JSONSchemaProps>).map(([k, v]) => [k, this.resolveWith(v, seen, served)]));
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        return (value as JSONSchemaProps[]).map((v) => this.resolveWith(v, seen, served));
      default:
        return JSON.parse(JSON.stringify(value));
    }
  }
}

const loaded = new Map<string, KubernetesApi>();

/** The data of one shipped minor release (`'1.36'`), read and parsed once per process. */
export function loadKubernetesApi(version: string = NEWEST_KUBERNETES_API_VERSION): KubernetesApi {
  let api = loaded.get(version);
  if (api) return api;
  if (!isKubernetesApiVersion(version)) {
    throw new KubernetesApiError(`Kubernetes API ${version} is not shipped: choose one of ${KUBERNETES_API_VERSIONS.join(', ')}`);
  }
  const file = path.join(kubernetesApiDataDir(), `${version}.json`);
  api = new KubernetesApi(JSON.parse(readFileSync(file, 'utf8')) as KubernetesApiData);
  loaded.set(version, api);
  return api;
}

/** The shipped releases that have a component for a client-node model (for "not in 1.34, in 1.36" errors). */
export function versionsWithModel(model: string): KubernetesApiVersion[] {
  return KUBERNETES_API_VERSIONS.filter((v) => loadKubernetesApi(v).componentOfModel(model) !== undefined);
}
