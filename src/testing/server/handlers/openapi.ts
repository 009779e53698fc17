/**
 * OpenAPI documents: /openapi/v3 (index and per group-version) for the served kinds. Custom
 * resources carry their CRD schema; built-in kinds the schemas of the Kubernetes API data (no
 * descriptions), each type a component referenced as kube-openapi does (`allOf: [{$ref}]` when
 * the use site adds keys), so `kubectl explain` and kubectl's validation can read them.
 */
import { createHash } from 'node:crypto';
import type { ResourceType } from '../../model/resource-type.js';
import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';
import type { KubernetesApi } from '../../../kube/kubernetes-api.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';

const COMPONENTS = '#/components/schemas/';

/** A data schema as an OpenAPI v3 component: references point into the document; adds the components it uses to `needed`. */
function asComponent(schema: JSONSchemaProps, needed: string[]): Record<string, unknown> {
  const { $ref, ...rest } = schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if ((key === 'items' || key === 'not') && typeof value === 'object') out[key] = asComponent(value as JSONSchemaProps, needed);
    else if (key === 'additionalProperties' && typeof value === 'object') out[key] = asComponent(value as JSONSchemaProps, needed);
    else if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Record<string, JSONSchemaProps>).map(([k, v]) => [k, asComponent(v, needed)]));
    else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') out[key] = (value as JSONSchemaProps[]).map((v) => asComponent(v, needed));
    else out[key] = value;
  }
  if ($ref === undefined) return out;
  needed.push($ref);
  const ref = { $ref: `${COMPONENTS}${$ref}` };
  return Object.keys(out).length === 0 ? ref : { allOf: [ref], ...out };
}

/** The component of a built-in kind and every component it reaches, into `schemas`. */
function addBuiltinComponents(api: KubernetesApi, component: string, schemas: Record<string, unknown>): void {
  const pending = [component];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (schemas[name] !== undefined) continue;
    const schema = api.schema(name);
    if (!schema) continue;
    schemas[name] = asComponent(schema, pending);
  }
}

function definitionName(rt: ResourceType, version: string): string {
  // Kubernetes names definitions by reversed group: io.k8s.api.apps.v1.Deployment; CRDs by group.
  const group = rt.group === '' ? 'core' : rt.group;
  const prefix = rt.builtin ? `io.k8s.api.${group.split('.')[0]}` : group.split('.').reverse().join('.');
  return `${prefix}.${version}.${rt.kind}`;
}

function groupVersionPath(group: string, version: string): string {
  return group === '' ? `api/${version}` : `apis/${group}/${version}`;
}

function groupVersionDocument(registry: ResourceRegistry, group: string, version: string, api: KubernetesApi | undefined, gitVersion: string): unknown {
  const schemas: Record<string, unknown> = {};
  const paths: Record<string, unknown> = {};
  for (const rt of registry.all()) {
    const v = rt.versions.find((x) => x.name === version && x.served);
    if (rt.group !== group || !v) continue;
    const gvk = [{ group: rt.group, version, kind: rt.kind }];
    const component = rt.builtin ? api?.componentOfKind(gvk[0]) : undefined;
    const name = component ?? definitionName(rt, version);
    if (component) addBuiltinComponents(api!, component, schemas);
    schemas[name] = { ...((schemas[name]) ?? v.schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }), 'x-kubernetes-group-version-kind': gvk };
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
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: gitVersion }, paths, components: { schemas } };
}

/** `api`: the Kubernetes API data built-in kinds are described by; `gitVersion`: the server's release (`v1.36.0`). */
export function openAPIDocument(path: string, registry: ResourceRegistry, api: KubernetesApi | undefined, gitVersion: string): unknown {
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
  return groupVersionDocument(registry, group, version, api, gitVersion);
}
