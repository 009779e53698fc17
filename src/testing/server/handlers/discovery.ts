/** Discovery documents: /api, /apis, /apis/<group>, /api/v1 and /apis/<group>/<version>. */
import type { ResourceType } from '../../model/resource-type.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import type { DiscoveryRequest } from '../http/request-info.js';
import { pageNotFound } from '../../model/status.js';

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

function groupDoc(name: string, versions: string[]): Record<string, unknown> {
  const list = versions.map((v) => ({ groupVersion: `${name}/${v}`, version: v }));
  return { name, versions: list, preferredVersion: list[0] };
}

function resourceEntries(rt: ResourceType, version: string): Record<string, unknown>[] {
  const v = rt.versions.find((x) => x.name === version)!;
  const main: Record<string, unknown> = {
    name: rt.resource,
    singularName: rt.singular,
    namespaced: rt.namespaced,
    kind: rt.kind,
    verbs: ALL_VERBS,
  };
  if (rt.shortNames.length > 0) main.shortNames = rt.shortNames;
  if (rt.categories.length > 0) main.categories = rt.categories;
  const out = [main];
  if (v.statusSubresource) out.push({ name: `${rt.resource}/status`, singularName: '', namespaced: rt.namespaced, kind: rt.kind, verbs: ['get', 'patch', 'update'] });
  if (v.scale) out.push({ name: `${rt.resource}/scale`, singularName: '', namespaced: rt.namespaced, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] });
  return out;
}

export function discovery(req: DiscoveryRequest, registry: ResourceRegistry, serverAddress: string): unknown {
  if (req.legacy && req.version === undefined) {
    return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
  }
  const groups = registry.groups().filter((g) => g.name !== '');
  if (!req.legacy && req.group === undefined) {
    return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map((g) => groupDoc(g.name, g.versions)) };
  }
  if (!req.legacy && req.version === undefined) {
    const g = groups.find((x) => x.name === req.group);
    if (!g) throw pageNotFound(`/apis/${req.group}`);
    return { kind: 'APIGroup', apiVersion: 'v1', ...groupDoc(g.name, g.versions) };
  }
  const group = req.legacy ? '' : req.group!;
  const version = req.version!;
  const types = registry.all().filter((rt) => rt.group === group && rt.versions.some((v) => v.name === version && v.served));
  if (types.length === 0) throw pageNotFound(req.legacy ? `/api/${version}` : `/apis/${group}/${version}`);
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group === '' ? version : `${group}/${version}`,
    resources: types.sort((a, b) => a.resource.localeCompare(b.resource)).flatMap((rt) => resourceEntries(rt, version)),
  };
}

export const AGGREGATED_DISCOVERY_TYPE = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/** Whether the client asked for aggregated discovery (apidiscovery.k8s.io/v2), as kubectl 1.30+ does. */
export function wantsAggregatedDiscovery(accept: string | undefined): boolean {
  return accept !== undefined && accept.split(',').some((t) => /g=apidiscovery\.k8s\.io/.test(t) && /v=v2(;|$)/.test(t) && /as=APIGroupDiscoveryList/.test(t));
}

/** The whole of /api or /apis in one document: every group, version and resource. */
export function aggregatedDiscovery(legacy: boolean, registry: ResourceRegistry): unknown {
  const groups = registry.groups().filter((g) => (legacy ? g.name === '' : g.name !== ''));
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion: 'apidiscovery.k8s.io/v2',
    metadata: {},
    items: groups.map((g) => ({
      metadata: g.name === '' ? {} : { name: g.name },
      versions: g.versions.map((version) => ({
        version,
        resources: registry
          .all()
          .filter((rt) => rt.group === g.name && rt.versions.some((v) => v.name === version && v.served))
          .sort((a, b) => a.resource.localeCompare(b.resource))
          .map((rt) => {
            const v = rt.versions.find((x) => x.name === version)!;
            const responseKind = { group: rt.group, version, kind: rt.kind };
            const subresources: Record<string, unknown>[] = [];
            if (v.scale) subresources.push({ subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get', 'patch', 'update'] });
            if (v.statusSubresource) subresources.push({ subresource: 'status', responseKind, verbs: ['get', 'patch', 'update'] });
            const entry: Record<string, unknown> = {
              resource: rt.resource,
              responseKind,
              scope: rt.namespaced ? 'Namespaced' : 'Cluster',
              singularResource: rt.singular,
              verbs: ALL_VERBS,
            };
            if (rt.shortNames.length > 0) entry.shortNames = rt.shortNames;
            if (rt.categories.length > 0) entry.categories = rt.categories;
            if (subresources.length > 0) entry.subresources = subresources;
            return entry;
          }),
        freshness: 'Current',
      })),
    })),
  };
}
