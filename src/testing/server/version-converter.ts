/**
 * Moves custom resources between the version a request speaks and the storage version,
 * through the CRD's conversion (None rewrites apiVersion; Webhook calls the project's
 * conversion webhook through the admission module).
 */
import { convertObjects } from '../admission/index.js';
import type { CustomResourceDefinition, ServiceResolver } from '../admission/index.js';
import { joinAPIVersion, type StoredObject } from '../resources/object.js';
import type { ResourceType } from '../resources/resource-type.js';
import type { ResourceRegistry } from './resource-registry.js';

export class VersionConverter {
  constructor(
    private readonly registry: ResourceRegistry,
    private readonly resolveService: ServiceResolver,
  ) {}

  async convert<T extends StoredObject>(rt: ResourceType, objects: T[], version: string): Promise<T[]> {
    const apiVersion = joinAPIVersion(rt.group, version);
    if (objects.every((o) => o.apiVersion === apiVersion)) return objects;
    const crd = this.registry.crdFor(rt);
    if (rt.builtin || !crd) return objects.map((o) => ({ ...o, apiVersion }));
    const strategy = (rt.conversion as { strategy?: string } | undefined)?.strategy ?? 'None';
    if (strategy === 'None') return objects.map((o) => (o.apiVersion === apiVersion ? o : { ...o, apiVersion }));
    const converted = await convertObjects(crd as unknown as CustomResourceDefinition, objects, apiVersion, this.resolveService, { insecureSkipTLSVerify: true });
    return converted as T[];
  }

  async convertOne<T extends StoredObject>(rt: ResourceType, object: T, version: string): Promise<T> {
    return (await this.convert(rt, [object], version))[0];
  }
}
