/** Compiled structural schemas per CRD version, rebuilt when the CRD changes. */
import { compileSchema, type CompiledSchema } from '../schema/index.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';
import type { ResourceType, VersionInfo } from '../api/resource-type.js';
import { groupResourceKey } from '../api/resource-type.js';

export class SchemaCache {
  private readonly compiled = new WeakMap<VersionInfo, CompiledSchema>();

  /** The schema of a custom resource version; undefined for built-ins and schemaless versions. */
  get(rt: ResourceType, version: VersionInfo): CompiledSchema | undefined {
    if (rt.builtin || !version.schema) return undefined;
    let schema = this.compiled.get(version);
    if (!schema) {
      schema = compileSchema(version.schema as unknown as JSONSchemaProps, { source: `${groupResourceKey(rt)} ${version.name}` });
      this.compiled.set(version, schema);
    }
    return schema;
  }
}
