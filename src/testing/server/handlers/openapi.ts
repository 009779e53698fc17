/** OpenAPI documents: /openapi/v3 (index and per group-version) for the served kinds. */
import { createHash } from 'node:crypto';
import type { ResourceType } from '../../api/resource-type.js';
import type { ResourceRegistry } from '../resource-registry.js';

function definitionName(rt: ResourceType, version: string): string {
  // Kubernetes names definitions by reversed group: io.k8s.api.apps.v1.Deployment; CRDs by group.
  const group = rt.group === '' ? 'core' : rt.group;
  const prefix = rt.builtin ? `io.k8s.api.${group.split('.')[0]}` : group.split('.').reverse().join('.');
  return `${prefix}.${version}.${rt.kind}`;
}

function groupVersionPath(group: string, version: string): string {
  return group === '' ? `api/${version}` : `apis/${group}/${version}`;
}

function groupVersionDocument(registry: ResourceRegistry, group: string, version: string): unknown {
  const schemas: Record<string, unknown> = {};
  const paths: Record<string, unknown> = {};
  for (const rt of registry.all()) {
    const v = rt.versions.find((x) => x.name === version && x.served);
    if (rt.group !== group || !v) continue;
    const name = definitionName(rt, version);
    const gvk = [{ group: rt.group, version, kind: rt.kind }];
    schemas[name] = { ...(v.schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }), 'x-kubernetes-group-version-kind': gvk };
    const base = `/${groupVersionPath(group, version)}${rt.namespaced ? '/namespaces/{namespace}' : ''}/${rt.resource}`;
    const params = [
      { name: 'dryRun', in: 'query', schema: { type: 'string' } },
      { name: 'fieldManager', in: 'query', schema: { type: 'string' } },
      { name: 'fieldValidation', in: 'query', schema: { type: 'string' } },
    ];
    const ref = { content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } };
    const action = (verb: string) => ({ 'x-kubernetes-action': verb, 'x-kubernetes-group-version-kind': gvk[0], parameters: params, responses: { '200': { description: 'OK', ...ref } } });
    paths[base] = { get: action('list'), post: action('post') };
    paths[`${base}/{name}`] = { get: action('get'), put: action('put'), patch: action('patch'), delete: action('delete') };
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: 'v1.32.0' }, paths, components: { schemas } };
}

export function openAPIDocument(path: string, registry: ResourceRegistry): unknown {
  if (path === '/openapi/v3' || path === '/openapi/v3/') {
    const out: Record<string, unknown> = {};
    for (const g of registry.groups()) {
      for (const v of g.versions) {
        const p = groupVersionPath(g.name, v);
        const hash = createHash('sha512').update(`${registry.revision}/${p}`).digest('hex').slice(0, 32).toUpperCase();
        out[p] = { serverRelativeURL: `/openapi/v3/${p}?hash=${hash}` };
      }
    }
    return { paths: out };
  }
  const m = /^\/openapi\/v3\/(?:api\/([^/]+)|apis\/([^/]+)\/([^/]+))$/.exec(path);
  if (!m) return undefined;
  const group = m[1] !== undefined ? '' : m[2];
  const version = m[1] ?? m[3];
  if (!registry.groups().some((g) => g.name === group && g.versions.includes(version))) return undefined;
  return groupVersionDocument(registry, group, version);
}
