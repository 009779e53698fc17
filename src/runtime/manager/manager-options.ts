/**
 * What a Manager is made from: its options (controller-runtime's manager.Options, with kubebuilder's
 * flags), and what follows from them alone: the metrics server and the webhook server's HTTP/2 setting.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { CacheOptions } from '../cache/cache.js';
import type { ControllerDefaults } from '../controller/builder.js';
import type { LeaseTimings } from '../leaderelection/lease-timings.js';
import type { Logger, LogLevel, StacktraceLevel, TimeEncoding } from '../log/index.js';
import { MetricsServer, withAuthenticationAndAuthorization, type RequestFilter, type RuntimeMetrics } from '../metrics/index.js';
import type { Scheme } from '../scheme/scheme.js';
import type { WebhookServerOptions } from '../webhook/server.js';

export interface ManagerOptions extends LeaseTimings {
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
  // The Lease's timings: leaseDuration, renewDeadline, retryPeriod (LeaseTimings).
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
   * `--local-webhooks=<host>[:<port>]` (what `make run` passes): serve the webhooks from this machine
   * to the cluster, whose API server calls https://<host>:<port> (the webhook server's port when
   * omitted): a certificate made in memory, the configurations of `localWebhookManifests` installed
   * pointing there and removed when the manager stops. A cluster that cannot reach the host fails the start.
   */
  localWebhooks?: string;
  /** The webhook configurations `localWebhooks` installs. Default `config/webhook/manifests.yaml`. */
  localWebhookManifests?: string;
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

/** The options with `enableHTTP2` carried to the webhook server (its own `enableHTTP2`, when given, wins). */
export function withWebhookHTTP2(options: ManagerOptions): ManagerOptions {
  const webhookHTTP2 = options.webhookServer?.enableHTTP2 ?? options.enableHTTP2;
  return webhookHTTP2 === undefined ? options : { ...options, webhookServer: { ...options.webhookServer, enableHTTP2: webhookHTTP2 } };
}

/** The metrics server as kubebuilder v4's main.go configures it: HTTPS with authn/authz when secure. */
export function newMetricsServer(options: ManagerOptions, kubeConfig: KubeConfig, metrics: RuntimeMetrics, log: Logger): MetricsServer {
  const secure = options.metricsSecure === true;
  const provider = options.metricsFilterProvider === undefined
    ? (secure ? (kc: KubeConfig, l: Logger) => withAuthenticationAndAuthorization(kc, { log: l }) : undefined)
    : (options.metricsFilterProvider ?? undefined);
  return new MetricsServer({
    bindAddress: options.metricsBindAddress ?? '0',
    metrics,
    secureServing: secure,
    certDir: options.metricsCertPath || undefined,
    certName: options.metricsCertName || undefined,
    keyName: options.metricsCertKey || undefined,
    enableHTTP2: options.enableHTTP2 === true,
    filter: provider?.(kubeConfig, log),
    log,
  });
}
