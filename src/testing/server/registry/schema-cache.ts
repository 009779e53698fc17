/** Compiled schemas: per CRD version (rebuilt when the CRD changes), and per built-in kind. */
import { compileSchema, type CompiledSchema } from '../../../apiextensions/schema/index.js';
import type { ResourceType, VersionInfo } from '../../model/resource-type.js';
import { groupResourceKey } from '../../model/resource-type.js';
import { builtinApiRelease, builtinSchema, type BuiltinSchema } from '../../builtins/builtin-schemas.js';
import type { KubernetesApi } from '../../../kube/kubernetes-api.js';

export class SchemaCache {
  private readonly compiled = new WeakMap<VersionInfo, CompiledSchema>();
  private readonly builtins = new Map<string, BuiltinSchema | undefined>();
  private api?: KubernetesApi;

  /** `kubernetesMinor`: the minor release the server reports, which picks the built-in API data. */
  constructor(private readonly kubernetesMinor?: string) {}

  /** The schema of a custom resource version; undefined for built-ins and schemaless versions. */
  get(rt: ResourceType, version: VersionInfo): CompiledSchema | undefined {
    if (rt.builtin || !version.schema) return undefined;
    let schema = this.compiled.get(version);
    if (!schema) {
      schema = compileSchema(version.schema, { source: `${groupResourceKey(rt)} ${version.name}` });
      this.compiled.set(version, schema);
    }
    return schema;
  }

  /** The Kubernetes API data the built-in kinds are checked against. */
  builtinApi(): KubernetesApi {
    return (this.api ??= builtinApiRelease(this.kubernetesMinor));
  }

  /** The schema of a built-in kind at a version; undefined for custom resources and kinds the data lacks. */
  builtin(rt: ResourceType, version: VersionInfo): BuiltinSchema | undefined {
    if (!rt.builtin) return undefined;
    const key = `${rt.group}/${version.name}/${rt.kind}`;
    if (!this.builtins.has(key)) this.builtins.set(key, builtinSchema(this.builtinApi(), rt, version.name));
    return this.builtins.get(key);
  }
}
