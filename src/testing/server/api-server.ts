/**
 * The test API server: node:http on 127.0.0.1, the Kubernetes REST protocol over the in-memory
 * store, plus the handles tests use to inject faults and to read the store directly.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { AdmissionChain, type ServiceResolver, type WebhookConfiguration } from '../admission/index.js';
import { deepCopy } from '../../kube/json-values.js';
import { splitAPIVersion, type KubeObject, type StoredObject } from '../api/object.js';
import { storageVersion, type ResourceType } from '../api/resource-type.js';
import { notFound, pageNotFound, StatusError, unauthorized, unsupportedMediaType } from '../api/status.js';
import { parseFieldSelector } from '../selectors/field-selector.js';
import { labelSelectorParam } from '../selectors/label-selector-param.js';
import { ObjectStore } from '../store/object-store.js';
import { CRD_RESOURCE, CRDController, NamespaceController, validateCRD } from './controllers.js';
import { AccessReviews, isAccessReview, type AuthenticationPolicy, type AuthorizationPolicy } from './access-reviews.js';
import { FaultInjector, type FaultSpec, type HangSpec, type InjectedFault } from './faults.js';
import { GarbageCollector } from './garbage-collector.js';
import { AGGREGATED_DISCOVERY_TYPE, aggregatedDiscovery, discovery, wantsAggregatedDiscovery } from './handlers/discovery.js';
import { openAPIDocument } from './handlers/openapi.js';
import { ResourceHandlers, type CallResult, type ResourceCall } from './handlers/resources.js';
import { asTable, wantsTable } from './handlers/table.js';
import { WatchSession } from './handlers/watch.js';
import { parseBody, readBody, writeError, writeJSON } from './http-io.js';
import { decodeProtobufBody } from './protobuf-body.js';
import { parseRequest, type ResourceRequest } from './request-info.js';
import { ResourceRegistry } from './resource-registry.js';
import { ResourceStorage } from './resource-storage.js';
import { SchemaCache } from './schema-cache.js';
import { VersionConverter } from './version-converter.js';

const ACCEPTED_BODIES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf', 'application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml', 'application/strategic-merge-patch+json'];

/** A request body as JSON: JSON or YAML text, or protobuf for the kinds kubectl's create commands send. */
function decodeBody(raw: Buffer, contentType: string): unknown {
  if (raw.length === 0) return undefined;
  if (/protobuf/.test(contentType)) return decodeProtobufBody(raw, contentType, ACCEPTED_BODIES);
  if (/cbor/.test(contentType)) throw unsupportedMediaType(contentType, ACCEPTED_BODIES);
  const text = raw.toString('utf8');
  return text.trim() === '' ? undefined : parseBody(text, contentType);
}

const MUTATING_WEBHOOKS = 'mutatingwebhookconfigurations.admissionregistration.k8s.io';
const VALIDATING_WEBHOOKS = 'validatingwebhookconfigurations.admissionregistration.k8s.io';

export interface TestAPIServerOptions {
  /** Port to listen on (0, the default, picks a free one). */
  port?: number;
  /** How many changes the watch history keeps; older starting points get 410 Gone. Default 10000. */
  watchHistoryLimit?: number;
  /** Interval of BOOKMARK events on watches that allow them. Default 1000 ms. */
  bookmarkIntervalMs?: number;
  /** Mutating and validating webhook configurations whose webhooks admission calls. */
  mutatingWebhooks?: WebhookConfiguration[];
  validatingWebhooks?: WebhookConfiguration[];
  /** Maps a webhook or conversion service reference to a base URL. */
  resolveService?: ServiceResolver;
  /** Reported by /version. */
  kubernetesVersion?: { major: string; minor: string };
  /** Serve HTTPS with this certificate and key (PEM) instead of plain HTTP. */
  tls?: { cert: string; key: string };
  /**
   * Whether requests must carry the server's bearer token (`token`), as kube-apiserver requires
   * credentials (envtest's kubeconfig carries an admin's); others get 401 Unauthorized. Default true.
   */
  authentication?: boolean;
  /** The bearer token requests carry (default: a random one per server). */
  token?: string;
  /**
   * Which tokens TokenReview authenticates, and as whom (`{ tokens: { 'token-a': { username, groups } } }`).
   * Default: any token is the environment's admin. Unrelated to the token requests to this server carry.
   */
  authn?: AuthenticationPolicy;
  /** What SubjectAccessReview allows (`(attrs) => boolean`). Default: everything. */
  authz?: AuthorizationPolicy;
}

/** Names an object for the direct store accessors. */
export interface ObjectReference {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
}

async function listenLocal(http: Server, port: number): Promise<void> {
  http.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
}

export class TestAPIServer {
  /** The storage itself, for tests that inspect it (`store.get('<plural>.<group>', ns, name)`); treat it as read-only. */
  readonly store: ObjectStore;
  readonly registry = new ResourceRegistry();
  readonly faults = new FaultInjector();
  /** The bearer token requests to this server carry (`Authorization: Bearer <token>`). */
  readonly token: string;
  readonly storage: ResourceStorage;
  private readonly handlers: ResourceHandlers;
  private readonly schemas: SchemaCache;
  private readonly gc: GarbageCollector;
  private readonly crdController: CRDController;
  private readonly namespaceController: NamespaceController;
  private readonly watches = new Set<WatchSession>();
  private admission: AdmissionChain | undefined;
  private http: Server | undefined;
  private stallNewWatches = false;
  /** Requests left unanswered by hangNext (or stallWatches beforeHeaders), with whether each is a watch. */
  private readonly hung = new Map<ServerResponse, boolean>();
  private hangWatches: InjectedFault | undefined;
  private readonly bookmarkIntervalMs: number;
  private readonly reviews: AccessReviews;

  constructor(private readonly options: TestAPIServerOptions = {}) {
    this.reviews = new AccessReviews(options.authn, options.authz);
    this.token = options.token ?? randomBytes(24).toString('base64url');
    this.schemas = new SchemaCache(options.kubernetesVersion?.minor);
    this.store = new ObjectStore(options.watchHistoryLimit ?? 10_000);
    this.bookmarkIntervalMs = options.bookmarkIntervalMs ?? 1000;
    const resolveService: ServiceResolver = options.resolveService ?? ((namespace, name, port) => `https://${name}.${namespace}.svc:${port}`);
    const converter = new VersionConverter(this.registry, resolveService);
    this.storage = new ResourceStorage({ store: this.store, registry: this.registry, schemas: this.schemas, converter, admission: () => this.admission });
    this.handlers = new ResourceHandlers(this.storage, this.store);
    const crdType = this.registry.get('apiextensions.k8s.io', 'customresourcedefinitions')!;
    crdType.validate = (obj, old) => validateCRD(obj, old);
    this.setWebhooks(options.mutatingWebhooks ?? [], options.validatingWebhooks ?? [], resolveService);
    this.store.subscribe((e) => {
      if (e.resource === MUTATING_WEBHOOKS || e.resource === VALIDATING_WEBHOOKS) this.refreshAdmission();
      // A resource that stops being served ends its watches, as kube-apiserver does.
      if (e.resource === CRD_RESOURCE && e.type === 'DELETED') {
        const spec = e.object.spec as { group?: string; names?: { plural?: string } } | undefined;
        const key = `${spec?.names?.plural ?? ''}.${spec?.group ?? ''}`;
        for (const w of [...this.watches]) if (w.resourceKey === key) w.end();
      }
    });
    this.gc = new GarbageCollector(this.store, this.registry, this.storage);
    this.crdController = new CRDController(this.store, this.registry, this.storage);
    this.namespaceController = new NamespaceController(this.store, this.registry, this.storage);
    for (const ns of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) this.seed('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  }

  /**
   * Replaces the webhook configurations given at start-up (from files). Configurations created
   * through the API (admissionregistration.k8s.io/v1) are called too, after these.
   */
  setWebhooks(mutating: WebhookConfiguration[], validating: WebhookConfiguration[], resolveService: ServiceResolver): void {
    this.givenWebhooks = { mutating, validating, resolveService };
    this.refreshAdmission();
  }

  private givenWebhooks: { mutating: WebhookConfiguration[]; validating: WebhookConfiguration[]; resolveService: ServiceResolver } | undefined;

  private refreshAdmission(): void {
    const given = this.givenWebhooks;
    if (!given) return;
    const mutating = [...given.mutating, ...(this.store.list(MUTATING_WEBHOOKS) as WebhookConfiguration[])];
    const validating = [...given.validating, ...(this.store.list(VALIDATING_WEBHOOKS) as WebhookConfiguration[])];
    this.admission =
      mutating.length + validating.length > 0
        ? new AdmissionChain({
            mutating,
            validating,
            resolveService: given.resolveService,
            // Webhook configurations from config/webhook carry no caBundle (cert-manager injects it in a cluster).
            insecureSkipTLSVerify: true,
            convert: (objects, apiVersion) => this.convertForAdmission(objects, apiVersion),
          })
        : undefined;
  }

  /** Converts objects to another version of their own kind (admission matchPolicy Equivalent). */
  private async convertForAdmission(objects: unknown[], apiVersion: string): Promise<unknown[]> {
    const first = objects[0] as KubeObject | undefined;
    if (!first?.apiVersion || !first.kind) return objects;
    const { rt } = this.resourceFor(first.apiVersion, first.kind);
    return this.storage.converter.convert(rt, objects as StoredObject[], splitAPIVersion(apiVersion).version);
  }

  private seed(resource: string, obj: KubeObject): void {
    const rt = this.registry.get('', resource)!;
    rt.defaultOnCreate?.(obj);
    const meta = obj.metadata!;
    Object.assign(meta, { uid: crypto.randomUUID(), creationTimestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z') });
    this.store.create(this.storage.key(rt), obj as StoredObject);
  }

  // ---- lifecycle ---------------------------------------------------------

  async listen(): Promise<void> {
    this.http = this.options.tls ? createHttpsServer({ cert: this.options.tls.cert, key: this.options.tls.key }, this.handler) : createServer(this.handler);
    await listenLocal(this.http, this.options.port ?? 0);
  }

  private readonly handler = (req: IncomingMessage, res: ServerResponse): void => void this.handle(req, res);
  private secondary: Server | undefined;

  /**
   * Serves the same API over HTTPS too, on another port, and returns its URL: kubectl (client-go)
   * sends credentials only over TLS, so a plain-HTTP server needs this for tools that authenticate.
   */
  async listenTLS(tls: { cert: string; key: string }): Promise<string> {
    if (this.options.tls) return this.url;
    if (!this.secondary) {
      this.secondary = createHttpsServer({ cert: tls.cert, key: tls.key }, this.handler);
      await listenLocal(this.secondary, 0);
    }
    return `https://127.0.0.1:${(this.secondary.address() as AddressInfo).port}`;
  }

  get port(): number {
    const address = this.http?.address() as AddressInfo | null;
    if (!address) throw new Error('the test API server is not listening');
    return address.port;
  }

  get url(): string {
    return `${this.options.tls ? 'https' : 'http'}://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const w of [...this.watches]) w.end();
    this.releaseHung(() => true);
    this.gc.stop();
    this.crdController.stop();
    this.namespaceController.stop();
    const servers = [this.http, this.secondary].filter((s): s is Server => s !== undefined);
    this.http = undefined;
    this.secondary = undefined;
    await Promise.all(
      servers.map(
        (http) =>
          new Promise<void>((resolve) => {
            http.close(() => resolve());
            http.closeAllConnections();
          }),
      ),
    );
  }

  /** Waits until garbage collection and the controllers have nothing queued. */
  async settle(): Promise<void> {
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setImmediate(r));
      await this.gc.settle();
    }
  }

  // ---- fault injection ---------------------------------------------------

  /** Answers the next `count` requests matching the filter with `code` and its reason (404 NotFound, 409 Conflict, 410 Expired, 429, 500, ...). */
  failNext(spec: FaultSpec): InjectedFault {
    return this.faults.add(spec);
  }

  /**
   * Accepts the next `count` matching requests (read their body) and never answers them: no
   * status line, no headers, until the client gives up, `dropWatches` (for watches) or `stop`.
   * `{ watch: true }` is a watch request a server took but does not serve.
   */
  hangNext(spec: HangSpec = {}): InjectedFault {
    return this.faults.addHang(spec);
  }

  /** Requests hanging unanswered now (see hangNext). */
  get hungRequestCount(): number {
    return this.hung.size;
  }

  /** Cuts the connections of hung requests that `which` picks (by whether they are watches); returns how many. */
  private releaseHung(which: (watch: boolean) => boolean): number {
    let n = 0;
    for (const [res, watch] of [...this.hung]) {
      if (!which(watch)) continue;
      this.hung.delete(res);
      res.destroy();
      n++;
    }
    return n;
  }

  /**
   * Closes open watches (cleanly, or by cutting the connection); `path` picks those whose
   * `/<plural>.<group>` matches (e.g. /configmaps/, /deployments\.apps/). Watch requests left
   * unanswered (hangNext, stallWatches beforeHeaders) are cut too, and stalling ends. Returns how many.
   */
  dropWatches(options: { abrupt?: boolean; path?: RegExp } = {}): number {
    let n = options.path ? 0 : this.releaseHung((watch) => watch);
    this.hangWatches?.cancel();
    this.hangWatches = undefined;
    for (const w of [...this.watches]) {
      if (options.path && !options.path.test(`/${w.resourceKey}`)) continue;
      if (options.abrupt) w.destroy();
      else w.end();
      n++;
    }
    this.stallNewWatches = false;
    return n;
  }

  /**
   * Keeps open watches connected but sends them nothing more; `includeNew` stalls later ones too.
   * `beforeHeaders` leaves later watch requests unanswered, not even a status line (a server that
   * takes the request and never serves it), until `dropWatches`.
   */
  stallWatches(options: { includeNew?: boolean; beforeHeaders?: boolean } = {}): number {
    for (const w of this.watches) w.stalled = true;
    this.stallNewWatches = options.includeNew ?? false;
    this.hangWatches?.cancel();
    this.hangWatches = options.beforeHeaders ? this.faults.addHang({ watch: true, count: Infinity }) : undefined;
    return this.watches.size;
  }

  /** Open watch connections. */
  get watchCount(): number {
    return this.watches.size;
  }

  /** Shrinks (or grows) the watch history; `compact()` forgets it entirely. */
  setWatchHistoryLimit(limit: number): void {
    this.store.setHistoryLimit(limit);
  }

  // ---- direct store access -----------------------------------------------

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
    if (!v) throw notFound(rt, obj.metadata?.name ?? '');
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

  // ---- HTTP --------------------------------------------------------------

  /** Whether requests must carry `token` (the authentication option). */
  get requiresToken(): boolean {
    return this.options.authentication !== false;
  }

  /** Whether a request carries the server's token (or authentication is off). */
  private authenticated(req: IncomingMessage): boolean {
    if (!this.requiresToken) return true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match) return false;
    const given = Buffer.from(match[1]);
    const expected = Buffer.from(this.token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      // Authentication comes first, as in kube-apiserver's handler chain: before faults, health and discovery.
      if (!this.authenticated(req)) throw unauthorized();
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? 'GET';
      const info = parseRequest(method, url.pathname, url.searchParams);
      const isWatch = info.type === 'resource' && info.verb === 'watch';
      const fault = this.faults.take(method, url.pathname, isWatch);
      if (fault === 'hang') {
        await readBody(req);
        this.hung.set(res, isWatch);
        res.on('close', () => this.hung.delete(res));
        return;
      }
      if (fault) {
        await readBody(req);
        if (isWatch && fault.code === 410) {
          this.openWatch(req, res, info as ResourceRequest, url.searchParams, fault);
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
        writeJSON(res, 200, discovery(info, this.registry, `127.0.0.1:${this.port}`));
        return;
      }
      if (isAccessReview(info)) {
        const raw = await readBody(req);
        const result = this.reviews.review(info, decodeBody(raw, req.headers['content-type'] ?? 'application/json'));
        writeJSON(res, result.code, result.body);
        return;
      }
      if (info.verb === 'watch') {
        this.openWatch(req, res, info, url.searchParams);
        return;
      }
      const raw = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readBody(req);
      const contentType = req.headers['content-type'] ?? 'application/json';
      const call = this.resourceCall(info, url.searchParams, decodeBody(raw, contentType), contentType, req);
      const result = await this.dispatch(info, call);
      const body = wantsTable(req.headers.accept) ? asTable(call.rt, call.version, result.body, url.searchParams.get('includeObject') ?? 'Metadata') : result.body;
      writeJSON(res, result.code, body, call.warnings);
    } catch (err) {
      writeError(res, err);
    }
  }

  private resourceCall(info: ResourceRequest, query: URLSearchParams, body: unknown, contentType: string, req: IncomingMessage): ResourceCall {
    const resolved = this.registry.resolve(info.group, info.version, info.resource);
    if (!resolved) throw pageNotFound(`${info.group}/${info.version}/${info.resource}`);
    return {
      rt: resolved.rt,
      version: resolved.version,
      namespace: info.namespace,
      name: info.name,
      subresource: info.subresource,
      query,
      contentType,
      body,
      userAgent: req.headers['user-agent'] ?? '',
      warnings: resolved.version.deprecated ? [resolved.version.deprecationWarning ?? `${info.group}/${info.version} ${resolved.rt.kind} is deprecated`] : [],
    };
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
    const resolved = this.registry.resolve(info.group, info.version, info.resource);
    if (!resolved) throw pageNotFound(`${info.group}/${info.version}/${info.resource}`);
    const { rt, version } = resolved;
    const fields = parseFieldSelector(query.get('fieldSelector') ?? undefined, rt);
    if (info.name) fields.push(...parseFieldSelector(`metadata.name=${info.name}`, rt));
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
        sendInitialEvents: query.get('sendInitialEvents') === 'true',
        timeoutSeconds: timeout === null ? undefined : Number(timeout),
        table: wantsTable(req.headers.accept),
      },
      this.store,
      this.storage,
      (s) => this.watches.delete(s),
    );
    this.watches.add(session);
    req.on('close', () => session.end());
    if (fault) {
      session.start(this.bookmarkIntervalMs);
      session.sendError(fault.status);
      return;
    }
    session.start(this.bookmarkIntervalMs);
    if (this.stallNewWatches) session.stalled = true;
  }

  private handleOther(path: string, res: ServerResponse): void {
    if (path === '/healthz' || path === '/readyz' || path === '/livez' || path.startsWith('/healthz/') || path.startsWith('/readyz/') || path.startsWith('/livez/')) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('ok');
      return;
    }
    if (path === '/version') {
      const v = this.options.kubernetesVersion ?? { major: '1', minor: '32' };
      writeJSON(res, 200, {
        major: v.major,
        minor: v.minor,
        gitVersion: `v${v.major}.${v.minor}.0`,
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
      const doc = openAPIDocument(path, this.registry, this.schemas.builtinApi());
      if (doc !== undefined) {
        writeJSON(res, 200, doc);
        return;
      }
    }
    writeError(res, pageNotFound(path));
  }
}
