/**
 * The resource types the server serves: the release's built-in resources plus one entry per
 * established CustomResourceDefinition. Lookups by URL parts (group, version, plural) and by kind.
 */
import type { KubernetesApi } from '../../../kube/kubernetes-api.js';
import { builtinResourceTypes } from '../../builtins/builtin-resources.js';
import { crdResourceType } from './crd-resource-type.js';
import type { KubeObject } from '../../model/object.js';
import { groupResourceKey, servedVersion, type ResourceType, type VersionInfo } from '../../model/resource-type.js';

export interface ResolvedResource {
  rt: ResourceType;
  version: VersionInfo;
}

export class ResourceRegistry {
  private readonly types = new Map<string, ResourceType>();
  /** The CRD object behind each custom group-resource (for conversion). */
  private readonly crds = new Map<string, KubeObject>();
  private generation = 0;

  /** `api`: the release whose built-in resources are served. */
  constructor(api: KubernetesApi) {
    for (const rt of builtinResourceTypes(api)) this.types.set(groupResourceKey(rt), rt);
  }

  /** Bumped on every change, so discovery and OpenAPI documents can be cached. */
  get revision(): number {
    return this.generation;
  }

  all(): ResourceType[] {
    return [...this.types.values()];
  }

  get(group: string, resource: string): ResourceType | undefined {
    return this.types.get(groupResourceKey({ group, resource }));
  }

  resolve(group: string, version: string, resource: string): ResolvedResource | undefined {
    const rt = this.get(group, resource);
    if (!rt) return undefined;
    const v = servedVersion(rt, version);
    return v ? { rt, version: v } : undefined;
  }

  byKind(group: string, kind: string): ResourceType | undefined {
    for (const rt of this.types.values()) if (rt.group === group && rt.kind === kind) return rt;
    return undefined;
  }

  crdFor(rt: ResourceType): KubeObject | undefined {
    return this.crds.get(groupResourceKey(rt));
  }

  /** Serves (or re-serves, after an update) the resource a CRD defines. */
  addCRD(crd: KubeObject): ResourceType {
    const rt = crdResourceType(crd);
    const key = groupResourceKey(rt);
    const existing = this.types.get(key);
    if (existing?.builtin) throw new Error(`CustomResourceDefinition ${crd.metadata?.name} would replace built-in ${key}`);
    this.types.set(key, rt);
    this.crds.set(key, crd);
    this.generation++;
    return rt;
  }

  removeCRD(crd: KubeObject): void {
    const rt = crdResourceType(crd);
    const key = groupResourceKey(rt);
    if (this.types.get(key)?.builtin) return;
    this.types.delete(key);
    this.crds.delete(key);
    this.generation++;
  }

  /** Groups with their served versions, the preferred (first served by priority) first. */
  groups(): { name: string; versions: string[] }[] {
    const byGroup = new Map<string, Set<string>>();
    for (const rt of this.types.values()) {
      let versions = byGroup.get(rt.group);
      if (!versions) byGroup.set(rt.group, (versions = new Set()));
      for (const v of rt.versions) if (v.served) versions.add(v.name);
    }
    return [...byGroup.entries()].map(([name, versions]) => ({ name, versions: [...versions].sort(compareVersions) }));
  }
}

/** Kubernetes version priority: GA > beta > alpha, then higher numbers first, then other names. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string): [number, number, number, string] => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return [3, 0, 0, v];
    const stage = m[2] === undefined ? 0 : m[2] === 'beta' ? 1 : 2;
    return [stage, -Number(m[1]), -Number(m[3] ?? 0), v];
  };
  const pa = parse(a);
  const pb = parse(b);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] as number) - (pb[i] as number);
  return pa[3] < pb[3] ? -1 : pa[3] > pb[3] ? 1 : 0;
}
