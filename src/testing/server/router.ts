/**
 * The test API server's routing: authentication first, then injected faults, then health, version,
 * OpenAPI, discovery, service account tokens, access reviews, watches and resource verbs, each to its handler.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseFieldSelector } from '../selectors/field-selector.js';
import { labelSelectorParam } from '../selectors/label-selector-param.js';
import type { ObjectStore } from '../store/object-store.js';
import { isAccessReview, type AccessReviews } from './auth/access-reviews.js';
import type { FaultState } from './faults/fault-state.js';
import { AGGREGATED_DISCOVERY_TYPE, aggregatedDiscovery, discovery, wantsAggregatedDiscovery } from './handlers/discovery.js';
import { openAPIDocument } from './handlers/openapi.js';
import type { CallResult, ResourceCall, ResourceHandlers } from './handlers/resources.js';
import { asTable, wantsTable } from './handlers/table.js';
import { WatchSession } from './handlers/watch.js';
import { parseBody, readBody, writeError, writeJSON } from './http/http-io.js';
import { decodeProtobufBody } from './http/protobuf-body.js';
import type { ParsedBody } from './http/duplicate-keys.js';
import { parseRequest, type ResourceRequest } from './http/request-info.js';
import type { ResolvedResource, ResourceRegistry } from './registry/resource-registry.js';
import type { ResourceStorage } from './registry/resource-storage.js';
import type { SchemaCache } from './registry/schema-cache.js';
import { isTokenRequest, type ServiceAccountRecord, type TokenRequests } from './auth/token-requests.js';
import { resourceVersionParseError, validateListOptions } from './http/option-validation.js';
import { pageNotFound, StatusError } from '../model/status.js';
import { unauthorizedStatus, unsupportedMediaTypeStatus } from '../../kube/status.js';

const ACCEPTED_BODIES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf', 'application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml', 'application/strategic-merge-patch+json'];

/** A request body as JSON: JSON or YAML text, or protobuf for the kinds kubectl's create commands send. */
function decodeBody(raw: Buffer, contentType: string, expectedKind?: string): ParsedBody | undefined {
  if (raw.length === 0) return undefined;
  if (/protobuf/.test(contentType)) {
    const value = decodeProtobufBody(raw, contentType, ACCEPTED_BODIES);
    return { value, duplicates: [], typedValue: value };
  }
  if (/cbor/.test(contentType)) throw new StatusError(unsupportedMediaTypeStatus(contentType, ACCEPTED_BODIES));
  const text = raw.toString('utf8');
  return text.trim() === '' ? undefined : parseBody(text, contentType, expectedKind);
}

/** What routing reads from the server itself. */
export interface RoutedServer {
  readonly token: string;
  readonly requiresToken: boolean;
  readonly port: number;
}

export class Router {
  constructor(
    private readonly server: RoutedServer,
    private readonly state: FaultState,
    private readonly registry: ResourceRegistry,
    private readonly store: ObjectStore,
    private readonly storage: ResourceStorage,
    private readonly handlers: ResourceHandlers,
    private readonly reviews: AccessReviews,
    private readonly schemas: SchemaCache,
    private readonly bookmarkIntervalMs: number,
    /** Reported by /version. */
    private readonly kubernetesVersion: { major: string; minor: string },
    /** serviceaccounts/token: the tokens the server issues. */
    private readonly tokenRequests: TokenRequests,
  ) {}

  /** Whether a request carries the server's token (or authentication is off). */
  private authenticated(req: IncomingMessage): boolean {
    if (!this.server.requiresToken) return true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match) return false;
    const given = Buffer.from(match[1]);
    const expected = Buffer.from(this.server.token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let call: ResourceCall | undefined;
    try {
      // Authentication comes first, as in kube-apiserver's handler chain: before faults, health and discovery.
      if (!this.authenticated(req)) throw new StatusError(unauthorizedStatus());
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? 'GET';
      const info = parseRequest(method, url.pathname, url.searchParams);
      const isWatch = info.type === 'resource' && info.verb === 'watch';
      const fault = this.state.faults.take(method, url.pathname, isWatch);
      if (fault === 'hang') {
        await readBody(req);
        this.state.hold(res, isWatch);
        return;
      }
      if (fault) {
        await readBody(req);
        if (isWatch && fault.code === 410) {
          this.openWatch(req, res, info, url.searchParams, fault);
          return;
        }
        writeError(res, fault);
        return;
      }
      if (info.type === 'other') return this.handleOther(url.pathname, res);
      if (info.type === 'discovery') {
        if (info.version === undefined && info.group === undefined && wantsAggregatedDiscovery(req.headers.accept)) {
          writeJSON(res, 200, aggregatedDiscovery(info.legacy, this.registry), [], AGGREGATED_DISCOVERY_TYPE);
          return;
        }
        writeJSON(res, 200, discovery(info, this.registry, `127.0.0.1:${this.server.port}`));
        return;
      }
      if (isTokenRequest(info)) {
        const raw = await readBody(req);
        const serviceAccounts = this.registry.get('', 'serviceaccounts')!;
        const account = async () => (await this.storage.get(serviceAccounts, 'v1', info.namespace, info.name!)) as ServiceAccountRecord;
        const result = await this.tokenRequests.create(info, decodeBody(raw, req.headers['content-type'] ?? 'application/json')?.value, account);
        writeJSON(res, result.code, result.body);
        return;
      }
      if (isAccessReview(info)) {
        const raw = await readBody(req);
        const result = this.reviews.review(info, decodeBody(raw, req.headers['content-type'] ?? 'application/json')?.value);
        writeJSON(res, result.code, result.body);
        return;
      }
      if (info.verb === 'watch') {
        this.openWatch(req, res, info, url.searchParams);
        return;
      }
      const raw = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readBody(req);
      const contentType = req.headers['content-type'] ?? 'application/json';
      call = this.resourceCall(info, url.searchParams, raw, contentType, req);
      const result = await this.dispatch(info, call);
      const body = wantsTable(req.headers.accept) ? asTable(call.rt, call.version, result.body, url.searchParams.get('includeObject') ?? 'Metadata', false, (o) => this.storage.converter.storedFrom(o)) : result.body;
      writeJSON(res, result.code, body, call.warnings);
    } catch (err) {
      writeError(res, err, call?.warnings);
    }
  }

  private resourceCall(info: ResourceRequest, query: URLSearchParams, raw: Buffer, contentType: string, req: IncomingMessage): ResourceCall {
    const resolved = this.route(info);
    // A create or update body is an object of the resource's kind (a Scale through /scale).
    const writesObject = info.verb === 'create' || info.verb === 'update';
    const body = decodeBody(raw, contentType, writesObject ? (info.subresource === 'scale' ? 'Scale' : resolved.rt.kind) : undefined);
    return {
      rt: resolved.rt,
      version: resolved.version,
      namespace: info.namespace,
      name: info.name,
      subresource: info.subresource,
      query,
      contentType,
      body: body?.value,
      duplicates: body?.duplicates ?? [],
      typedBody: body?.typedValue,
      userAgent: req.headers['user-agent'] ?? '',
      warnings: resolved.version.deprecated ? [resolved.version.deprecationWarning ?? `${info.group}/${info.version} ${resolved.rt.kind} is deprecated`] : [],
    };
  }

  /** The resource a request's path names: served in that version, and under a namespace only when namespaced. */
  private route(info: ResourceRequest): ResolvedResource {
    const resolved = this.registry.resolve(info.group, info.version, info.resource);
    if (!resolved || (info.namespace !== undefined && !resolved.rt.namespaced)) throw pageNotFound(`${info.group}/${info.version}/${info.resource}`);
    return resolved;
  }

  private dispatch(info: ResourceRequest, call: ResourceCall): Promise<CallResult> {
    // POST names no object; PUT and PATCH need one (and subresources only exist on objects).
    const named = info.name !== undefined;
    if ((info.verb === 'create' && named && !info.subresource) || ((info.verb === 'update' || info.verb === 'patch') && !named)) {
      throw new StatusError({ message: 'the server does not allow this method on the requested resource', reason: 'MethodNotAllowed', details: {}, code: 405 });
    }
    switch (info.verb) {
      case 'get':
        return this.handlers.get(call);
      case 'list':
        return this.handlers.list(call);
      case 'create':
        return this.handlers.create(call);
      case 'update':
        return this.handlers.update(call);
      case 'patch':
        return this.handlers.patch(call);
      case 'delete':
        return this.handlers.delete(call);
      case 'deletecollection':
        return this.handlers.deleteCollection(call);
      default:
        throw new StatusError({ message: `unsupported verb ${info.verb}`, reason: 'MethodNotAllowed', code: 405 });
    }
  }

  private openWatch(req: IncomingMessage, res: ServerResponse, info: ResourceRequest, query: URLSearchParams, fault?: StatusError): void {
    const { rt, version } = this.route(info);
    validateListOptions(query, true);
    const fields = parseFieldSelector(query.get('fieldSelector') ?? undefined, rt);
    if (info.name) fields.push(...parseFieldSelector(`metadata.name=${info.name}`, rt));
    // A resourceVersion that is no revision fails the watch before it starts: a 500 in the versioner's words.
    const rvError = resourceVersionParseError(query.get('resourceVersion') || '0');
    if (rvError) throw new StatusError({ message: rvError, code: 500 });
    const timeout = query.get('timeoutSeconds');
    const session = new WatchSession(
      res,
      {
        rt,
        version,
        namespace: info.namespace,
        labels: labelSelectorParam(query.get('labelSelector')),
        fields,
        resourceVersion: query.get('resourceVersion') ?? undefined,
        allowBookmarks: query.get('allowWatchBookmarks') === 'true',
        sendInitialEvents: query.has('sendInitialEvents') ? query.get('sendInitialEvents') === 'true' : undefined,
        timeoutSeconds: timeout === null ? undefined : Number(timeout),
        table: wantsTable(req.headers.accept),
      },
      this.store,
      this.storage,
      (s) => this.state.watches.delete(s),
    );
    this.state.watches.add(session);
    req.on('close', () => session.end());
    if (fault) {
      session.start(this.bookmarkIntervalMs);
      session.sendError(fault.status);
      return;
    }
    session.start(this.bookmarkIntervalMs);
    if (this.state.stallNewWatches) session.stalled = true;
  }

  /** The release as kube-apiserver names its build (`v1.36.0`). */
  private gitVersion(): string {
    return `v${this.kubernetesVersion.major}.${this.kubernetesVersion.minor}.0`;
  }

  private handleOther(path: string, res: ServerResponse): void {
    if (path === '/healthz' || path === '/readyz' || path === '/livez' || path.startsWith('/healthz/') || path.startsWith('/readyz/') || path.startsWith('/livez/')) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('ok');
      return;
    }
    if (path === '/version') {
      const v = this.kubernetesVersion;
      writeJSON(res, 200, {
        major: v.major,
        minor: v.minor,
        gitVersion: this.gitVersion(),
        gitCommit: '0000000000000000000000000000000000000000',
        gitTreeState: 'clean',
        buildDate: '2026-01-01T00:00:00Z',
        goVersion: 'go1.23.0',
        compiler: 'gc',
        platform: 'linux/amd64',
      });
      return;
    }
    if (path.startsWith('/openapi/')) {
      const doc = openAPIDocument(path, this.registry, this.schemas.builtinApi(), this.gitVersion());
      if (doc !== undefined) {
        writeJSON(res, 200, doc);
        return;
      }
    }
    writeError(res, pageNotFound(path));
  }
}
