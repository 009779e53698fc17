/** Direct store access for tests: objects read and written as the API would, without HTTP. */
import { deepCopy } from '../../kube/json-values.js';
import { splitAPIVersion, type KubeObject, type StoredObject } from '../model/object.js';
import { storageVersion, type ResourceType } from '../model/resource-type.js';
import type { ObjectStore } from '../store/object-store.js';
import { CRD_RESOURCE } from './controllers/controllers.js';
import type { ResourceHandlers, ResourceCall } from './handlers/resources.js';
import type { ResourceRegistry } from './registry/resource-registry.js';
import type { ResourceStorage } from './registry/resource-storage.js';
import { StatusError } from '../model/status.js';
import { notFoundStatus } from '../../kube/status.js';

/** Names an object for the direct store accessors. */
export interface ObjectReference {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
}

export class StoreAccess {
  constructor(
    private readonly registry: ResourceRegistry,
    private readonly storage: ResourceStorage,
    private readonly handlers: ResourceHandlers,
    private readonly store: ObjectStore,
    /** Waits until garbage collection and the controllers have nothing queued. */
    private readonly settle: () => Promise<void>,
  ) {}

  resourceFor(apiVersion: string, kind: string): { rt: ResourceType; version: string } {
    const { group, version } = splitAPIVersion(apiVersion);
    const rt = this.registry.byKind(group, kind);
    if (!rt) throw new Error(`the test API server does not serve kind ${kind} in ${apiVersion}`);
    return { rt, version };
  }

  /** An object as the API would return it, or undefined. */
  async getObject(ref: ObjectReference): Promise<StoredObject | undefined> {
    const { rt, version } = this.resourceFor(ref.apiVersion, ref.kind);
    try {
      // A copy: tests may change what they get without changing the store.
      return deepCopy(await this.storage.get(rt, version, ref.namespace, ref.name));
    } catch (err) {
      if (err instanceof StatusError && err.code === 404) return undefined;
      throw err;
    }
  }

  /** Objects of a kind (in a namespace, with a label selector) as the API would list them. */
  async listObjects(apiVersion: string, kind: string, options: { namespace?: string; labelSelector?: string } = {}): Promise<StoredObject[]> {
    const { rt, version } = this.resourceFor(apiVersion, kind);
    const query = new URLSearchParams();
    if (options.labelSelector) query.set('labelSelector', options.labelSelector);
    const result = await this.handlers.list(this.call(rt, version, options.namespace, undefined, query));
    return deepCopy((result.body as { items: StoredObject[] }).items);
  }

  /** Creates an object through the full write path (defaults, admission, validation). */
  async createObject(obj: KubeObject): Promise<StoredObject> {
    const { rt, version } = this.resourceFor(obj.apiVersion ?? '', obj.kind ?? '');
    const v = rt.versions.find((x) => x.name === version);
    if (!v) throw new StatusError(notFoundStatus(rt, obj.metadata?.name ?? ''));
    return this.storage.create(rt, v, obj.metadata?.namespace, obj);
  }

  /** Installs CRDs (created, or updated when present) and returns once they are served. */
  async installCRDs(crds: KubeObject[]): Promise<void> {
    const rt = this.registry.get('apiextensions.k8s.io', 'customresourcedefinitions')!;
    const version = rt.versions[0];
    for (const crd of crds) {
      const name = crd.metadata?.name ?? '';
      if (this.store.get(CRD_RESOURCE, undefined, name)) {
        await this.storage.update(rt, version, undefined, name, '', (current) => ({ ...crd, metadata: { ...current.metadata, ...crd.metadata, resourceVersion: current.metadata.resourceVersion } }), { fieldManager: 'scaffolder-testing' });
      } else {
        await this.storage.create(rt, version, undefined, crd, { fieldManager: 'scaffolder-testing' });
      }
    }
    await this.settle();
  }

  private call(rt: ResourceType, version: string, namespace: string | undefined, name: string | undefined, query: URLSearchParams): ResourceCall {
    const v = rt.versions.find((x) => x.name === version) ?? rt.versions.find((x) => x.name === storageVersion(rt))!;
    return { rt, version: v, namespace, name, query, contentType: 'application/json', body: undefined, userAgent: 'scaffolder-testing', warnings: [] };
  }
}
