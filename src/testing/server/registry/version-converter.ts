/**
 * Moves objects between the version a request speaks and the storage version: custom resources
 * through the CRD's conversion (None rewrites apiVersion; Webhook calls the project's conversion
 * webhook through the admission module), built-in kinds through their conversion functions
 * (ResourceType.convertBuiltin; a kind served in one version only never needs one).
 */
import { convertObjects } from '../../admission/index.js';
import type { CustomResourceDefinition, ServiceResolver } from '../../admission/index.js';
import { joinAPIVersion, type KubeObject, type StoredObject } from '../../model/object.js';
import type { ResourceType } from '../../model/resource-type.js';
import type { ResourceRegistry } from './resource-registry.js';

export class VersionConverter {
  constructor(
    private readonly registry: ResourceRegistry,
    private readonly resolveService: ServiceResolver,
  ) {}

  async convert<T extends StoredObject>(rt: ResourceType, objects: T[], version: string): Promise<T[]> {
    const apiVersion = joinAPIVersion(rt.group, version);
    if (objects.every((o) => o.apiVersion === apiVersion)) return objects;
    if (rt.builtin) return objects.map((o) => this.convertBuiltin(rt, o, version, apiVersion));
    const crd = this.registry.crdFor(rt);
    if (!crd) return objects.map((o) => ({ ...o, apiVersion }));
    const strategy = (rt.conversion as { strategy?: string } | undefined)?.strategy ?? 'None';
    if (strategy === 'None') return objects.map((o) => (o.apiVersion === apiVersion ? o : { ...o, apiVersion }));
    const converted = await convertObjects(crd as unknown as CustomResourceDefinition, objects, apiVersion, this.resolveService, {
      insecureSkipTLSVerify: true,
    });
    return converted as T[];
  }

  /**
   * Conversions of stored objects, by version: every watcher and reader of a version is handed
   * the same converted object for a stored one (the store never edits what it holds).
   */
  private readonly converted = new WeakMap<object, Map<string, StoredObject>>();
  /** The stored object each conversion was made from. */
  private readonly sources = new WeakMap<object, StoredObject>();

  /**
   * The stored object a built-in kind's object was converted from, or the object itself: what
   * kube-apiserver's printers see (its internal version), in whichever version the request reads.
   */
  storedFrom(obj: KubeObject): KubeObject {
    return this.sources.get(obj) ?? obj;
  }

  /** `copy`, made from `obj` (a list item without apiVersion and kind), remembered as made from the same stored object. */
  sameSource<T extends object>(copy: T, obj: object): T {
    const stored = this.sources.get(obj);
    if (stored) this.sources.set(copy, stored);
    return copy;
  }

  private convertBuiltin<T extends StoredObject>(rt: ResourceType, obj: T, version: string, apiVersion: string): T {
    if (obj.apiVersion === apiVersion) return obj;
    if (!rt.convertBuiltin) return { ...obj, apiVersion };
    let byVersion = this.converted.get(obj);
    if (!byVersion) this.converted.set(obj, (byVersion = new Map<string, StoredObject>()));
    let out = byVersion.get(version);
    if (!out) {
      byVersion.set(version, (out = rt.convertBuiltin(obj, version) as StoredObject));
      this.sources.set(out, obj);
    }
    return out as T;
  }

  async convertOne<T extends StoredObject>(rt: ResourceType, object: T, version: string): Promise<T> {
    return (await this.convert(rt, [object], version))[0];
  }
}
