/**
 * The test API server: node:http on 127.0.0.1, the Kubernetes REST protocol over the in-memory
 * store (routing in router.ts), plus the handles tests use to inject faults (fault-state.ts) and to
 * read the store directly (store-access.ts).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { AdmissionChain, type ServiceResolver, type WebhookConfiguration } from '../admission/index.js';
import { splitAPIVersion, type KubeObject, type StoredObject } from '../model/object.js';
import type { ResourceType } from '../model/resource-type.js';
import { ObjectStore } from '../store/object-store.js';
import { CRD_RESOURCE, CRDController, NamespaceController, validateCRD } from './controllers/controllers.js';
import { markCRDDeleting, prepareCRDForCreate, prepareCRDForUpdate } from './controllers/crd-strategy.js';
import { AccessReviews, type AuthenticationPolicy, type AuthorizationPolicy } from './auth/access-reviews.js';
import { FaultState } from './faults/fault-state.js';
import type { FaultInjector, FaultSpec, HangSpec, InjectedFault } from './faults/faults.js';
import { GarbageCollector } from './controllers/garbage-collector.js';
import { ResourceHandlers } from './handlers/resources.js';
import { ResourceRegistry } from './registry/resource-registry.js';
import { ResourceStorage } from './registry/resource-storage.js';
import { Router } from './router.js';
import { SchemaCache } from './registry/schema-cache.js';
import { StoreAccess, type ObjectReference } from './store-access.js';
import { TokenRequests } from './auth/token-requests.js';
import { VersionConverter } from './registry/version-converter.js';
import { NEWEST_KUBERNETES_API_VERSION } from '../../kube/kubernetes-api.js';
import { metaTime } from '../../kube/meta-time.js';

export type { ObjectReference };

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
  /**
   * The release this server is: reported by /version and the OpenAPI documents, and the one whose
   * built-in schemas objects are checked against. Default: the newest the package has data for.
   */
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
  readonly registry: ResourceRegistry;
  readonly faults: FaultInjector;
  /** The bearer token requests to this server carry (`Authorization: Bearer <token>`). */
  readonly token: string;
  readonly storage: ResourceStorage;
  private readonly state = new FaultState();
  private readonly access: StoreAccess;
  private readonly router: Router;
  private readonly schemas: SchemaCache;
  private readonly gc: GarbageCollector;
  private readonly crdController: CRDController;
  private readonly namespaceController: NamespaceController;
  private admission: AdmissionChain | undefined;
  private http: Server | undefined;

  constructor(private readonly options: TestAPIServerOptions = {}) {
    this.faults = this.state.faults;
    const tokenRequests = new TokenRequests();
    const reviews = new AccessReviews(options.authn, options.authz, tokenRequests);
    this.token = options.token ?? randomBytes(24).toString('base64url');
    const [major, minor] = NEWEST_KUBERNETES_API_VERSION.split('.') as [string, string];
    const kubernetesVersion = options.kubernetesVersion ?? { major, minor };
    this.schemas = new SchemaCache(kubernetesVersion.minor);
    this.registry = new ResourceRegistry(this.schemas.builtinApi());
    this.store = new ObjectStore(options.watchHistoryLimit ?? 10_000);
    const resolveService: ServiceResolver = options.resolveService ?? ((namespace, name, port) => `https://${name}.${namespace}.svc:${port}`);
    const converter = new VersionConverter(this.registry, resolveService);
    this.storage = new ResourceStorage({ store: this.store, registry: this.registry, schemas: this.schemas, converter, admission: () => this.admission });
    const handlers = new ResourceHandlers(this.storage, this.store);
    this.access = new StoreAccess(this.registry, this.storage, handlers, this.store, () => this.settle());
    this.router = new Router(
      this,
      this.state,
      this.registry,
      this.store,
      this.storage,
      handlers,
      reviews,
      this.schemas,
      options.bookmarkIntervalMs ?? 1000,
      kubernetesVersion,
      tokenRequests,
    );
    const crdType = this.registry.get('apiextensions.k8s.io', 'customresourcedefinitions')!;
    crdType.validate = (obj, old) => validateCRD(obj, old);
    crdType.defaultOnCreate = prepareCRDForCreate;
    crdType.prepareForUpdate = prepareCRDForUpdate;
    crdType.markDeleting = markCRDDeleting;
    this.setWebhooks(options.mutatingWebhooks ?? [], options.validatingWebhooks ?? [], resolveService);
    this.store.subscribe((e) => {
      if (e.resource === MUTATING_WEBHOOKS || e.resource === VALIDATING_WEBHOOKS) this.refreshAdmission();
      // A resource that stops being served ends its watches, as kube-apiserver does.
      if (e.resource === CRD_RESOURCE && e.type === 'DELETED') {
        const spec = e.object.spec as { group?: string; names?: { plural?: string } } | undefined;
        const key = `${spec?.names?.plural ?? ''}.${spec?.group ?? ''}`;
        for (const w of [...this.state.watches]) if (w.resourceKey === key) w.end();
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
    const { rt } = this.access.resourceFor(first.apiVersion, first.kind);
    return this.storage.converter.convert(rt, objects as StoredObject[], splitAPIVersion(apiVersion).version);
  }

  private seed(resource: string, obj: KubeObject): void {
    const rt = this.registry.get('', resource)!;
    rt.defaultOnCreate?.(obj);
    const meta = obj.metadata!;
    Object.assign(meta, { uid: crypto.randomUUID(), creationTimestamp: metaTime() });
    this.store.create(this.storage.key(rt), obj as StoredObject);
  }

  // ---- lifecycle ---------------------------------------------------------

  async listen(): Promise<void> {
    this.http = this.options.tls ? createHttpsServer({ cert: this.options.tls.cert, key: this.options.tls.key }, this.handler) : createServer(this.handler);
    await listenLocal(this.http, this.options.port ?? 0);
  }

  private readonly handler = (req: IncomingMessage, res: ServerResponse): void => void this.router.handle(req, res);
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
    for (const w of [...this.state.watches]) w.end();
    this.state.releaseHung(() => true);
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

  // ---- fault injection (fault-state.ts) ----------------------------------

  /** Answers the next `count` requests matching the filter with `code` and its reason (404 NotFound, 409 Conflict, 410 Expired, 429, 500, ...). */
  failNext(spec: FaultSpec): InjectedFault {
    return this.state.failNext(spec);
  }

  /** Accepts the next `count` matching requests and never answers them (see FaultState.hangNext). */
  hangNext(spec: HangSpec = {}): InjectedFault {
    return this.state.hangNext(spec);
  }

  /** Requests hanging unanswered now (see hangNext). */
  get hungRequestCount(): number {
    return this.state.hungRequestCount;
  }

  /** Closes open watches, cleanly or abruptly, and hung watch requests (see FaultState.dropWatches). */
  dropWatches(options: { abrupt?: boolean; path?: RegExp } = {}): number {
    return this.state.dropWatches(options);
  }

  /** Keeps open watches connected but sends them nothing more (see FaultState.stallWatches). */
  stallWatches(options: { includeNew?: boolean; beforeHeaders?: boolean } = {}): number {
    return this.state.stallWatches(options);
  }

  /** Open watch connections. */
  get watchCount(): number {
    return this.state.watchCount;
  }

  /** Shrinks (or grows) the watch history; `compact()` forgets it entirely. */
  setWatchHistoryLimit(limit: number): void {
    this.store.setHistoryLimit(limit);
  }

  // ---- direct store access (store-access.ts) ------------------------------

  resourceFor(apiVersion: string, kind: string): { rt: ResourceType; version: string } {
    return this.access.resourceFor(apiVersion, kind);
  }

  /** An object as the API would return it, or undefined. */
  getObject(ref: ObjectReference): Promise<StoredObject | undefined> {
    return this.access.getObject(ref);
  }

  /** Objects of a kind (in a namespace, with a label selector) as the API would list them. */
  listObjects(apiVersion: string, kind: string, options: { namespace?: string; labelSelector?: string } = {}): Promise<StoredObject[]> {
    return this.access.listObjects(apiVersion, kind, options);
  }

  /** Creates an object through the full write path (defaults, admission, validation). */
  createObject(obj: KubeObject): Promise<StoredObject> {
    return this.access.createObject(obj);
  }

  /** Installs CRDs (created, or updated when present) and returns once they are served. */
  installCRDs(crds: KubeObject[]): Promise<void> {
    return this.access.installCRDs(crds);
  }

  // ---- HTTP (router.ts) ---------------------------------------------------

  /** Whether requests must carry `token` (the authentication option). */
  get requiresToken(): boolean {
    return this.options.authentication !== false;
  }
}
