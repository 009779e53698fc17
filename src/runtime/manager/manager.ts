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
import { InformerCache } from '../cache/cache.js';
import { KubeClient } from '../client/client.js';
import { RestTransport } from '../client/rest.js';
import type { Client, Reader } from '../client/types.js';
import type { Controller, DispatchGate } from '../controller/controller.js';
import type { ControllerDefaults, ControllerHost } from '../controller/controller-host.js';
import { HealthProbeServer, type Checker } from '../healthz/index.js';
import type { LeaderElector } from '../leaderelection/index.js';
import { log as rootLog, type Logger, setLogger } from '../log/index.js';
import { type MetricsServer, RuntimeMetrics } from '../metrics/index.js';
import type { Kind } from '../scheme/kind.js';
import type { Scheme } from '../scheme/scheme.js';
import { getEventRecorder, getEventRecorderFor, type EventRecorder, type EventsRecorder } from '../events/index.js';
import { LocalWebhooks, isLoopbackAddress, parseLocalWebhookAddress, type LocalWebhookAddress } from '../webhook/local-webhooks.js';
import { WebhookServer } from '../webhook/server.js';
import { loadKubeConfig } from './kubeconfig.js';
import { leaseNamespace, startCampaign } from './leader-campaign.js';
import { type ManagedServer, type ManagerOptions, newMetricsServer, withWebhookHTTP2 } from './manager-options.js';
import { RunnableGroup, installSignalHandlers, stopServers, waitForAbort } from './runnable-group.js';
import type { Runnable } from './runnable.js';

export type { ManagedServer, ManagerOptions };

export class Manager implements ControllerHost {
  private readonly transport: RestTransport;
  private readonly cache: InformerCache;
  private readonly client: KubeClient;
  private readonly metrics: RuntimeMetrics;
  private readonly metricsServer: MetricsServer;
  private readonly probes: HealthProbeServer;
  private readonly servers: ManagedServer[] = [];
  private readonly group: RunnableGroup;
  private readonly log: Logger;
  private readonly stopController = new AbortController();
  private elector: LeaderElector | undefined;
  private electedPromise: Promise<void>;
  private resolveElected!: () => void;
  private rejectElected!: (err: unknown) => void;
  private startedController = false;
  private webhookServerValue: WebhookServer | undefined;
  private readonly localWebhookAddress: LocalWebhookAddress | undefined;

  private constructor(readonly options: ManagerOptions, readonly kubeConfig: KubeConfig) {
    // A bad --local-webhooks stops Manager.create, before any webhook is registered.
    this.localWebhookAddress = options.localWebhooks ? parseLocalWebhookAddress(options.localWebhooks) : undefined;
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
    this.group = new RunnableGroup(this.cache);
    this.metricsServer = newMetricsServer(options, kubeConfig, this.metrics, this.getLogger().withName('metrics'));
    this.probes = new HealthProbeServer({ bindAddress: options.healthProbeBindAddress ?? '0' });
    this.electedPromise = new Promise((resolve, reject) => {
      this.resolveElected = resolve;
      this.rejectElected = reject;
    });
    // Nobody need wait for election; a failed start rejects it only for those who do.
    this.electedPromise.catch(() => undefined);
    if (options.leaderElection && !options.leaderElectionID) {
      throw new Error('Manager: leaderElection needs leaderElectionID (the Lease name)');
    }
  }

  static async create(options: ManagerOptions): Promise<Manager> {
    if (!options?.scheme) throw new Error('Manager.create: options.scheme is required (builtinScheme() plus your addToScheme calls)');
    const { development, logLevel, logEncoder, logStacktraceLevel, logTimeEncoding } = options;
    if (development !== undefined || logLevel !== undefined || logEncoder !== undefined || logStacktraceLevel !== undefined || logTimeEncoding !== undefined) {
      setLogger({ development, level: logLevel, encoder: logEncoder, stacktraceLevel: logStacktraceLevel, timeEncoding: logTimeEncoding });
    }
    const kubeConfig = options.kubeConfig ?? loadKubeConfig(options.kubeconfigPath);
    // The webhook server is made from options.webhookServer (getWebhookServer).
    return new Manager(withWebhookHTTP2(options), kubeConfig);
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

  /** Where the manager's Leases live (the leader Lease, and sharded controllers' shard Leases by default). */
  getLeaseNamespace(): string {
    return leaseNamespace(this.options, this.kubeConfig);
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

  /**
   * Resolves when this manager becomes leader (at once without leader election); rejects with the
   * error if start() fails first (a server that cannot listen, ...), so a caller does not wait forever.
   */
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
    this.group.add(runnable, this.stopController.signal);
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
    if (this.group.controllers.has(controller.name)) {
      throw new Error(`controller with name "${controller.name}" already exists; controller names must be unique (use named())`);
    }
    this.refuseWhenStopping(`controller ${controller.name}`);
    this.group.addController(controller);
  }

  getControllerOptions(): ControllerDefaults | undefined {
    return this.options.controller;
  }

  getControllers(): Controller[] {
    return [...this.group.controllers.values()];
  }

  /** Index objects of `kind` for `client.list(kind, { matchingFields })`. */
  indexField<T>(kind: Kind<T>, name: string, fn: (obj: T) => string[] | string | undefined): void {
    this.cache.indexField(kind, name, fn);
  }

  /**
   * The webhook server, created on the first call from the manager's webhook options
   * (`webhookServer`, `--webhook-cert-path`); it records into the manager's metrics, and is started
   * before the caches and stopped last with the manager. With `localWebhooks` (`--local-webhooks`,
   * what `make run` passes) it serves with a certificate made in memory and its configurations are
   * installed pointing at this machine for the manager's run (local-webhooks.ts).
   */
  getWebhookServer<W extends WebhookServer = WebhookServer>(): W {
    if (this.webhookServerValue === undefined) {
      const options = this.options.webhookServer ?? {};
      const local = this.localWebhookAddress;
      let localWebhooks: LocalWebhooks | undefined;
      const server = new WebhookServer({
        ...options,
        certDir: this.options.webhookCertPath ?? options.certDir,
        certName: this.options.webhookCertName || options.certName,
        keyName: this.options.webhookCertKey || options.keyName,
        ...(local && {
          host: options.host ?? (isLoopbackAddress(local.host) ? local.host : undefined),
          port: local.port ?? options.port,
          certificate: () => localWebhooks!.certificate(),
        }),
        metrics: this.getMetrics(),
        log: this.getLogger().withName('webhook'),
      });
      this.addServer(server);
      if (local) {
        const leaseName = this.options.leaderElectionID;
        localWebhooks = new LocalWebhooks(server, this.client, {
          address: local,
          manifests: this.options.localWebhookManifests,
          nameSuffix: leaseName && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(leaseName) ? leaseName : undefined,
        }, this.getLogger().withName('local-webhooks'));
        // Started after the webhook server (the probe needs it serving), stopped before it.
        this.addServer(localWebhooks);
      }
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
    const removeSignalHandlers = this.options.handleSignals === false ? () => undefined : installSignalHandlers(this.log, () => this.stop());
    let failure: Error | undefined; // what a runnable failed with, rethrown as is
    const fail = (err: unknown) => {
      failure ??= err as Error;
      this.stop();
    };
    try {
      await this.metricsServer.start();
      await this.probes.start();
      for (const s of this.servers) await s.start();

      this.cache.start(signal);
      // Fill the caches while (maybe) waiting for the lease, so a new leader starts warm.
      this.group.startOthers(signal, fail);

      if (this.options.leaderElection) {
        await this.campaign(signal, fail);
      } else {
        this.resolveElected();
      }
      if (!signal.aborted) this.group.startLeaderOnly(this.leaseGate());
      await waitForAbort(signal);
    } catch (err) {
      fail(err);
    } finally {
      await this.shutdown();
      removeSignalHandlers();
    }
    if (failure !== undefined) {
      this.rejectElected(failure);
      throw failure;
    }
  }

  /** With leader election: a leader-only controller starts a reconcile only while the lease is fresh. */
  private leaseGate(): DispatchGate | undefined {
    const elector = this.elector;
    if (!elector) return undefined;
    return { open: () => elector.leaseFresh(), opened: (signal) => elector.whenLeaseFresh(signal) };
  }

  /** Campaigns for the lease (leader-campaign.ts); resolves once it is held, or the manager stops. */
  private async campaign(signal: AbortSignal, fail: (err: unknown) => void): Promise<void> {
    const { elector, won } = startCampaign(this, this.log, signal, fail);
    this.elector = elector;
    if (await won) this.resolveElected();
  }

  private async shutdown(): Promise<void> {
    const grace = this.options.gracefulShutdownTimeout ?? 30_000;
    this.log.info('Stopping and waiting for non leader election runnables and controllers', { gracefulShutdownTimeoutMs: grace });
    const deadline = Date.now() + grace;
    await this.group.stop(grace, deadline);
    if (this.elector) {
      await this.elector.stop().catch((err: unknown) => this.log.error(err, 'releasing the leader lease failed'));
    }
    await this.cache.stop();
    await stopServers(this.servers, deadline, this.log);
    await this.probes.stop();
    await this.metricsServer.stop();
    this.transport.close();
    this.log.info('Manager stopped');
  }
}
