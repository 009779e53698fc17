/** Splits a request path into what it addresses, as kube-apiserver's RequestInfoFactory does. */

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export interface ResourceRequest {
  type: 'resource';
  group: string;
  version: string;
  namespace?: string;
  resource: string;
  name?: string;
  subresource?: string;
  verb: Verb;
}

export interface DiscoveryRequest {
  type: 'discovery';
  /** `/api`, `/apis`, `/apis/<group>`, `/api/v1`, `/apis/<group>/<version>`. */
  group?: string;
  version?: string;
  legacy: boolean;
}

export interface OtherRequest {
  type: 'other';
  path: string;
}

export type RequestInfo = ResourceRequest | DiscoveryRequest | OtherRequest;

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

export function parseRequest(method: string, path: string, query: URLSearchParams): RequestInfo {
  const parts = path.split('/').filter((p) => p !== '').map(decodeURIComponent);
  let rest: string[];
  let group = '';
  let version: string;
  if (parts[0] === 'api') {
    if (parts.length === 1) return { type: 'discovery', legacy: true };
    version = parts[1];
    if (parts.length === 2) return { type: 'discovery', legacy: true, group: '', version };
    rest = parts.slice(2);
  } else if (parts[0] === 'apis') {
    if (parts.length === 1) return { type: 'discovery', legacy: false };
    group = parts[1];
    if (parts.length === 2) return { type: 'discovery', legacy: false, group };
    version = parts[2];
    if (parts.length === 3) return { type: 'discovery', legacy: false, group, version };
    rest = parts.slice(3);
  } else {
    return { type: 'other', path };
  }

  let legacyWatch = false;
  if (rest[0] === 'watch') {
    legacyWatch = true;
    rest = rest.slice(1);
  }
  let namespace: string | undefined;
  if (rest[0] === 'namespaces' && rest.length > 1) {
    namespace = rest[1];
    if (rest.length > 2 && !NAMESPACE_SUBRESOURCES.has(rest[2])) rest = rest.slice(2);
  }
  const [resource, name, subresource] = rest;
  if (resource === undefined) return { type: 'other', path };
  const isWatch = legacyWatch || query.get('watch') === 'true' || query.get('watch') === '1';
  let verb: Verb;
  switch (method) {
    case 'GET':
    case 'HEAD':
      verb = isWatch ? 'watch' : name !== undefined ? 'get' : 'list';
      break;
    case 'POST':
      verb = 'create';
      break;
    case 'PUT':
      verb = 'update';
      break;
    case 'PATCH':
      verb = 'patch';
      break;
    case 'DELETE':
      verb = name !== undefined ? 'delete' : 'deletecollection';
      break;
    default:
      return { type: 'other', path };
  }
  // For /api/v1/namespaces/<name>, the namespace is the object itself.
  if (resource === 'namespaces' && group === '' ) namespace = undefined;
  return { type: 'resource', group, version, namespace, resource, name, subresource, verb };
}
