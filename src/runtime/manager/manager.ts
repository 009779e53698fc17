/**
 * The Manager: owns the kubeconfig, the shared cache, the client, the controllers and the
 * servers (metrics, probes, webhooks), starts them in order and shuts them down cleanly:
 *
 * start(): servers and caches -> wait for sync -> (win the lease) -> controllers and runnables.
 * stop() or SIGTERM/SIGINT: stop handing out work, abort the reconciles' signals and wait for them
 *   within gracefulShutdownTimeout, stop runnables, release the lease, stop caches and servers;
 *   start() then resolves. Losing the lease does the same and start() rejects.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { InformerCache, type CacheOptions } from '../cache/cache.js';
import { KubeClient } from '../client/client.js';
import { RestTransport } from '../client/rest.js';
import type { Client, Reader } from '../client/types.js';
import type { Controller } from '../controller/controller.js';
import type { ControllerDefaults, ControllerHost } from '../controller/builder.js';
import { HealthProbeServer, type Checker } from '../healthz/index.js';
import { LeaderElector } from '../leaderelection/index.js';
import { log as rootLog, type Logger, type LogLevel, setLogger, type StacktraceLevel, type TimeEncoding } from '../log/index.js';
import { MetricsServer, RuntimeMetrics, withAuthenticationAndAuthorization, type RequestFilter } from '../metrics/index.js';
import type { Kind } from '../scheme/kind.js';
import type { Scheme } from '../scheme/scheme.js';
import { getEventRecorder, getEventRecorderFor, type EventRecorder, type EventsRecorder } from '../events/index.js';
import { WebhookServer, type WebhookServerOptions } from '../webhook/server.js';
import { inClusterNamespace, loadKubeConfig } from './kubeconfig.js';
import type { Runnable } from './runnable.js';

export interface ManagerOptions {
  scheme: Scheme;
  /** The cluster to talk to; loaded from --kubeconfig, $KUBECONFIG, in-cluster or ~/.kube/config when omitted. */
  kubeConfig?: KubeConfig;
  kubeconfigPath?: string;
  /** Limit the cache (and so the controllers) to these namespaces; all when omitted. */
  namespaces?: string[];
  /** `[host]:port` of /metrics, `:0` for any free port, `"0"` (default) for none. */
  metricsBindAddress?: string;
  /** `[host]:port` of /healthz and /readyz, `"0"` (default) for none. */
  healthProbeBindAddress?: string;
  leaderElection?: boolean;
  /** Name of the Lease; required with leaderElection. */
  leaderElectionID?: string;
  /** Namespace of the Lease; the pod's namespace in a cluster, else the kubeconfig context's, else `default`. */
  leaderElectionNamespace?: string;
  /** Lease timings in milliseconds (15 000 / 10 000 / 2 000). */
  leaseDuration?: number;
  renewDeadline?: number;
  retryPeriod?: number;
  /** Clear the lease on shutdown so another replica takes over at once. Default true. */
  leaderElectionReleaseOnCancel?: boolean;
  /**
   * Defaults for every controller of this manager (controller-runtime's Options.Controller):
   * maxConcurrentReconciles, groupKindConcurrency (`{ 'CronJob.batch.my.domain': 3 }`),
   * cacheSyncTimeoutMs, needLeaderElection, reconciliationTimeoutMs, recoverPanic. A builder's withOptions wins.
   */
  controller?: ControllerDefaults;
  /** How long running reconciles and runnables may take to finish on shutdown (ms). Default 30 000. */
  gracefulShutdownTimeout?: number;
  /** Re-deliver every cached object to controllers this often (ms). Default 10 h. */
  syncPeriod?: number;
  /** Further cache settings (stall timeout, watch backoff, per-kind selectors). */
  cache?: Omit<CacheOptions, 'namespaces' | 'resyncPeriodMs' | 'logger'>;
  /** Field manager of the client's writes. Default `manager`. */
  fieldManager?: string;
  /** Webhook server options, passed to the webhook server when it is created (port 9443, certDir). */
  webhookServer?: Omit<WebhookServerOptions, 'metrics' | 'log'>;
  /** Development logging (`--zap-devel`); sets the root logger's format when given. */
  development?: boolean;
  /** `--zap-log-level` (debug, info, error or a verbosity > 0): the root logger's level when given. */
  logLevel?: LogLevel;
  /** `--zap-encoder` (json or console): the root logger's format when given. */
  logEncoder?: 'json' | 'console';
  /** `--zap-stacktrace-level` (info, error or panic): from which level the root logger's entries carry a stack trace, when given. */
  logStacktraceLevel?: StacktraceLevel;
  /** `--zap-time-encoding` (epoch, millis, nanos, iso8601, rfc3339, rfc3339nano): how the root logger writes ts, when given. */
  logTimeEncoding?: TimeEncoding;
  logger?: Logger;
  metrics?: RuntimeMetrics;
  /** Stop on SIGTERM/SIGINT. Default true. */
  handleSignals?: boolean;
  /**
   * Serve /metrics over HTTPS, admitting only callers whose bearer token passes a TokenReview and
   * who may `get` the path (SubjectAccessReview), as kubebuilder v4's main.go sets up with
   * `--metrics-secure` (parseManagerFlags defaults it to true). Default false: plain HTTP.
   */
  metricsSecure?: boolean;
  /** Directory of the metrics serving certificate (`--metrics-cert-path`), reloaded on change; a self-signed one otherwise. */
  metricsCertPath?: string;
  /** File names in metricsCertPath (`--metrics-cert-name`, `--metrics-cert-key`): tls.crt and tls.key by default. */
  metricsCertName?: string;
  metricsCertKey?: string;
  /**
   * The filter in front of /metrics (controller-runtime's metricsserver FilterProvider). Default:
   * `withAuthenticationAndAuthorization` on the manager's cluster when metricsSecure, none otherwise;
   * `null` for none at all.
   */
  metricsFilterProvider?: ((kubeConfig: KubeConfig, log: Logger) => RequestFilter) | null;
  /** From parseManagerFlags: the webhook server's certificate directory (overrides webhookServer.certDir). */
  webhookCertPath?: string;
  /** From parseManagerFlags: the certificate and key file names there (override webhookServer.certName/keyName). */
  webhookCertName?: string;
  webhookCertKey?: string;
  /**
   * kubebuilder's `--enable-http2`: the webhook server and the secure metrics server offer HTTP/2 as
   * well. Default false: HTTP/1.1 only (HTTP/2 Rapid Reset and Stream Cancellation CVEs), as
   * kubebuilder v4's main.go. `webhookServer.enableHTTP2`, when given, wins for the webhook server.
   */
  enableHTTP2?: boolean;
}

/** A server the manager starts before caches and stops last (the webhook server registers as one). */
export interface ManagedServer {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export class Manager implements ControllerHost {
  private readonly transport: RestTransport;
  private readonly cache: InformerCache;
  private readonly client: KubeClient;
  private readonly metrics: RuntimeMetrics;
  private readonly metricsServer: MetricsServer;
  private readonly probes: HealthProbeServer;
  private readonly servers: ManagedServer[] = [];
  private readonly controllers = new Map<string, Controller>();
  private readonly runnables: Runnable[] = [];
  private readonly log: Logger;
  private readonly stopController = new AbortController();
  private elector: LeaderElector | undefined;
  private electedPromise: Promise<void>;
  private resolveElected!: () => void;
  private startedController = false;
  private webhookServerValue: WebhookServer | undefined;
  /** What start() runs, so that runnables and controllers added later join it (and shutdown waits for them). */
  private readonly running: Promise<void>[] = [];
  private fail: (err: unknown) => void = () => undefined;
  /** Runnables and controllers that need no lease have been started (later ones start at once). */
  private othersStarted = false;
  /** The lease is held (or not needed) and leader-only runnables have been started. */
  private leaderStarted = false;

  private constructor(readonly options: ManagerOptions, readonly kubeConfig: KubeConfig) {
    this.log = (options.logger ?? rootLog).withName('manager');
    this.metrics = options.metrics ?? new RuntimeMetrics();
    this.transport = new RestTransport(kubeConfig, { metrics: this.metrics });
    this.cache = new InformerCache(this.transport, {
      ...options.cache,
      namespaces: options.namespaces,
      resyncPeriodMs: options.syncPeriod,
      logger: options.logger,
    });
    this.client = new KubeClient(this.transport, { reader: this.cache, fieldManager: options.fieldManager ?? 'manager' });
    this.metricsServer = this.newMetricsServer();
    this.probes = new HealthProbeServer({ bindAddress: options.healthProbeBindAddress ?? '0' });
    this.electedPromise = new Promise((resolve) => { this.resolveElected = resolve; });
    if (options.leaderElection && !options.leaderElectionID) {
      throw new Error('Manager: leaderElection needs leaderElectionID (the Lease name)');
    }
  }

  /** The metrics server as kubebuilder v4's main.go configures it: HTTPS with authn/authz when secure. */
  private newMetricsServer(): MetricsServer {
    const { options } = this;
    const log = this.getLogger().withName('metrics');
    const secure = options.metricsSecure === true;
    const provider = options.metricsFilterProvider === undefined
      ? (secure ? (kc: KubeConfig, l: Logger) => withAuthenticationAndAuthorization(kc, { log: l }) : undefined)
      : (options.metricsFilterProvider ?? undefined);
    return new MetricsServer({
      bindAddress: options.metricsBindAddress ?? '0',
      metrics: this.metrics,
      secureServing: secure,
      certDir: options.metricsCertPath || undefined,
      certName: options.metricsCertName || undefined,
      keyName: options.metricsCertKey || undefined,
      enableHTTP2: options.enableHTTP2 === true,
      filter: provider?.(this.kubeConfig, log),
      log,
    });
  }

  static async create(options: ManagerOptions): Promise<Manager> {
    if (!options?.scheme) throw new Error('Manager.create: options.scheme is required (builtinScheme() plus your addToScheme calls)');
    const { development, logLevel, logEncoder, logStacktraceLevel, logTimeEncoding } = options;
    if (development !== undefined || logLevel !== undefined || logEncoder !== undefined || logStacktraceLevel !== undefined || logTimeEncoding !== undefined) {
      setLogger({ development, level: logLevel, encoder: logEncoder, stacktraceLevel: logStacktraceLevel, timeEncoding: logTimeEncoding });
    }
    const kubeConfig = options.kubeConfig ?? loadKubeConfig(options.kubeconfigPath);
    // The webhook server is made from options.webhookServer (getWebhookServer).
    const webhookHTTP2 = options.webhookServer?.enableHTTP2 ?? options.enableHTTP2;
    const withWebhookHTTP2 = webhookHTTP2 === undefined ? options : { ...options, webhookServer: { ...options.webhookServer, enableHTTP2: webhookHTTP2 } };
    return new Manager(withWebhookHTTP2, kubeConfig);
  }

  getClient(): Client {
    return this.client;
  }

  /** Reads straight from the API server, bypassing the cache. */
  getAPIReader(): Reader {
    return this.client.apiReader;
  }

  getScheme(): Scheme {
    return this.options.scheme;
  }

  getCache(): InformerCache {
    return this.cache;
  }

  /** The cache, for `indexField(kind, name, fn)` (controller-runtime's GetFieldIndexer). */
  getFieldIndexer(): Pick<InformerCache, 'indexField'> {
    return this.cache;
  }

  getConfig(): KubeConfig {
    return this.kubeConfig;
  }

  getLogger(): Logger {
    return this.options.logger ?? rootLog;
  }

  getMetrics(): RuntimeMetrics {
    return this.metrics;
  }

  getHealthProbeServer(): HealthProbeServer {
    return this.probes;
  }

  getMetricsServer(): MetricsServer {
    return this.metricsServer;
  }

  /** Resolves when this manager becomes leader (at once without leader election). */
  elected(): Promise<void> {
    return this.electedPromise;
  }

  /** Aborted when the manager begins to stop. */
  get signal(): AbortSignal {
    return this.stopController.signal;
  }

  addHealthzCheck(name: string, check: Checker): void {
    this.probes.addHealthzCheck(name, check);
  }

  addReadyzCheck(name: string, check: Checker): void {
    this.probes.addReadyzCheck(name, check);
  }

  /**
   * Adds a runnable. Added after start(), it starts at once (leader-only ones once the lease is
   * held), as controller-runtime's Add; once the manager is stopping, adding throws.
   */
  add(runnable: Runnable): void {
    this.refuseWhenStopping('runnable');
    this.runnables.push(runnable);
    if (runnable.needLeaderElection === false ? this.othersStarted : this.leaderStarted) {
      this.running.push(this.runRunnable(runnable, this.stopController.signal, this.fail));
    }
  }

  private refuseWhenStopping(what: string): void {
    if (this.startedController && this.stopController.signal.aborted) {
      throw new Error(`Manager: cannot accept a new ${what}: the manager is stopping or stopped`);
    }
  }

  /** A server started before the caches and stopped last (webhook server). */
  addServer(server: ManagedServer): void {
    this.servers.push(server);
  }

  /** Adds a controller; added after start(), it starts at once (once the lease is held, if it needs it). */
  addController(controller: Controller): void {
    if (this.controllers.has(controller.name)) {
      throw new Error(`controller with name "${controller.name}" already exists; controller names must be unique (use named())`);
    }
    this.refuseWhenStopping(`controller ${controller.name}`);
    this.controllers.set(controller.name, controller);
    if (controller.needLeaderElection ? this.leaderStarted : this.othersStarted) {
      for (const k of controller.watchedKinds()) this.cache.getInformer(k);
      this.running.push(this.startController(controller, this.fail));
    }
  }

  getControllerOptions(): ControllerDefaults | undefined {
    return this.options.controller;
  }

  getControllers(): Controller[] {
    return [...this.controllers.values()];
  }

  /** Index objects of `kind` for `client.list(kind, { matchingFields })`. */
  indexField<T>(kind: Kind<T>, name: string, fn: (obj: T) => string[] | string | undefined): void {
    this.cache.indexField(kind, name, fn);
  }

  /**
   * The webhook server, created on the first call from the manager's webhook options
   * (`webhookServer`, `--webhook-cert-path`); it records into the manager's metrics, and is started
   * before the caches and stopped last with the manager.
   */
  getWebhookServer<W extends WebhookServer = WebhookServer>(): W {
    if (this.webhookServerValue === undefined) {
      const options = this.options.webhookServer ?? {};
      const server = new WebhookServer({
        ...options,
        certDir: this.options.webhookCertPath ?? options.certDir,
        certName: this.options.webhookCertName || options.certName,
        keyName: this.options.webhookCertKey || options.keyName,
        metrics: this.getMetrics(),
        log: this.getLogger().withName('webhook'),
      });
      this.addServer(server);
      this.webhookServerValue = server;
    }
    return this.webhookServerValue as W;
  }

  /**
   * An events.k8s.io/v1 recorder with `name` as its reportingController (`mgr.GetEventRecorder`,
   * what kubebuilder scaffolds now): `eventf(regarding, related, type, reason, action, note, ...args)`.
   */
  getEventRecorder(name: string): EventsRecorder {
    return getEventRecorder(this, name);
  }

  /** A core/v1 event recorder whose events name `name` as their source (`mgr.GetEventRecorderFor`, deprecated in controller-runtime). */
  getEventRecorderFor(name: string): EventRecorder {
    return getEventRecorderFor(this, name);
  }

  /** Begins a clean shutdown; `start()` resolves once it is done. */
  stop(): void {
    this.stopController.abort();
  }

  /** Starts everything and resolves after a clean shutdown (rejects if the lease was lost or a start failed). */
  async start(): Promise<void> {
    if (this.startedController) throw new Error('Manager.start: the manager was already started');
    this.startedController = true;
    const signal = this.stopController.signal;
    const removeSignalHandlers = this.options.handleSignals === false ? () => undefined : this.installSignalHandlers();
    let failure: unknown;
    const fail = (err: unknown) => {
      failure ??= err;
      this.stop();
    };
    this.fail = fail;
    const running = this.running;
    try {
      await this.metricsServer.start();
      await this.probes.start();
      for (const s of this.servers) await s.start();

      this.cache.start(signal);
      // Fill the caches while (maybe) waiting for the lease, so a new leader starts warm.
      for (const c of this.controllers.values()) for (const k of c.watchedKinds()) this.cache.getInformer(k);
      for (const r of this.runnables.filter((r) => r.needLeaderElection === false)) running.push(this.runRunnable(r, signal, fail));
      for (const c of this.controllers.values()) if (!c.needLeaderElection) running.push(this.startController(c, fail));
      this.othersStarted = true;

      if (this.options.leaderElection) {
        await this.campaign(signal, fail);
      } else {
        this.resolveElected();
      }
      if (!signal.aborted) {
        for (const r of this.runnables.filter((r) => r.needLeaderElection !== false)) running.push(this.runRunnable(r, signal, fail));
        for (const c of this.controllers.values()) if (c.needLeaderElection) running.push(this.startController(c, fail));
        this.leaderStarted = true;
      }
      await waitForAbort(signal);
    } catch (err) {
      fail(err);
    } finally {
      await this.shutdown(running);
      removeSignalHandlers();
    }
    if (failure !== undefined) throw failure;
  }

  private async startController(c: Controller, fail: (err: unknown) => void): Promise<void> {
    try {
      await c.start(this.cache, fail);
    } catch (err) {
      fail(err);
    }
  }

  private async runRunnable(r: Runnable, signal: AbortSignal, fail: (err: unknown) => void): Promise<void> {
    try {
      await r.start(signal);
    } catch (err) {
      fail(err);
    }
  }

  private async campaign(signal: AbortSignal, fail: (err: unknown) => void): Promise<void> {
    const namespace = this.options.leaderElectionNamespace ?? inClusterNamespace() ?? this.contextNamespace() ?? 'default';
    this.elector = new LeaderElector({
      kubeConfig: this.kubeConfig,
      namespace,
      name: this.options.leaderElectionID!,
      leaseDuration: this.options.leaseDuration,
      renewDeadline: this.options.renewDeadline,
      retryPeriod: this.options.retryPeriod,
      releaseOnCancel: this.options.leaderElectionReleaseOnCancel ?? true,
      metrics: this.metrics,
      log: this.getLogger().withName('leaderelection'),
      onStoppedLeading: (reason) => {
        leaseEvent('stopped leading');
        if (reason === 'lost') fail(new Error(`leader election lost: lease ${namespace}/${this.options.leaderElectionID} is no longer ours`));
      },
    });
    // As client-go's lease lock records them: events on the Lease from a recorder named after the identity.
    const identity = this.elector.identity;
    const lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace, name: this.options.leaderElectionID! };
    const leaseEvent = (what: string) => this.getEventRecorderFor(identity).event(lease, 'Normal', 'LeaderElection', `${identity} ${what}`);
    this.elector.start();
    this.log.info('attempting to acquire leader lease', { lease: `${namespace}/${this.options.leaderElectionID}` });
    const won = await Promise.race([this.elector.elected().then(() => true), waitForAbort(signal).then(() => false)]);
    if (won) {
      leaseEvent('became leader');
      this.log.info('successfully acquired lease', { lease: `${namespace}/${this.options.leaderElectionID}` });
      this.resolveElected();
    }
  }

  private contextNamespace(): string | undefined {
    const ctx = this.kubeConfig.getContextObject(this.kubeConfig.getCurrentContext());
    return ctx?.namespace || undefined;
  }

  private async shutdown(running: Promise<void>[]): Promise<void> {
    const grace = this.options.gracefulShutdownTimeout ?? 30_000;
    this.log.info('Stopping and waiting for non leader election runnables and controllers', { gracefulShutdownTimeoutMs: grace });
    const deadline = Date.now() + grace;
    await Promise.all([...this.controllers.values()].map((c) => c.stop(grace)));
    await withTimeout(Promise.allSettled(running), Math.max(0, deadline - Date.now()));
    if (this.elector) {
      await this.elector.stop().catch((err: unknown) => this.log.error(err, 'releasing the leader lease failed'));
    }
    await this.cache.stop();
    // As controller-runtime's shutdown context: servers (and the event recorder's flush) get what is
    // left of the graceful shutdown time, so a hung API server cannot hold the manager forever.
    for (const s of [...this.servers].reverse()) {
      const stopped = await withTimeout(
        s.stop().then(
          () => true,
          (err: unknown) => {
            this.log.error(err, 'stopping a server failed');
            return true;
          },
        ),
        Math.max(0, deadline - Date.now()),
      );
      if (stopped === undefined) this.log.info('a server did not stop within the graceful shutdown timeout; not waiting for it');
    }
    await this.probes.stop();
    await this.metricsServer.stop();
    this.transport.close();
    this.log.info('Manager stopped');
  }

  private installSignalHandlers(): () => void {
    let count = 0;
    const onSignal = (sig: NodeJS.Signals) => {
      count++;
      if (count > 1) {
        // A second signal: the user wants out now, as controller-runtime does.
        process.exit(1);
      }
      this.log.info('received signal, shutting down', { signal: sig });
      this.stop();
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
    return () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    };
  }
}

function waitForAbort(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
