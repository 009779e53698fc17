// The manager: registers the API types, the controllers and the webhooks, then runs them until
// SIGTERM or SIGINT. `scaffolder create api` and `create webhook` add to the marked places.
// First: refuses too old a Node.js before the runtime loads.
import './node-version.js';
import { Manager, builtinScheme, healthz, parseManagerFlags } from 'kubescaffolder/runtime';
import * as cachev1alpha1 from '../api/v1alpha1/index.js';
import { MemcachedReconciler } from './controllers/memcached_controller.js';
import { CronJobReconciler } from './controllers/cronjob_controller.js';
// +kubebuilder:scaffold:imports
// Tracing: with @opentelemetry/api installed, the runtime makes spans of reconciles and client calls
// (no exporter of its own). To export them, `npm install @opentelemetry/api @opentelemetry/sdk-node`
// and uncomment; the SDK follows the OTEL_* variables (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_ENDPOINT, ...).
// const otel = new (await import('@opentelemetry/sdk-node')).NodeSDK();
// otel.start();
// process.once('beforeExit', () => void otel.shutdown());

/**
 * As kubebuilder's main.go (setupLog.Error, then os.Exit(1)): what keeps the manager from starting
 * or running (no kubeconfig, a port in use) is said in one line, without a stack trace, and the
 * process exits 1.
 */
function exitWith(what: string, err: unknown): never {
  console.error(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const scheme = builtinScheme();
cachev1alpha1.addToScheme(scheme);
// +kubebuilder:scaffold:scheme

// --metrics-bind-address, --health-probe-bind-address, --leader-elect, --leader-election-namespace
const flags = parseManagerFlags(process.argv.slice(2));
// The operator is limited to its own namespace (set from the pod's namespace in config/manager).
const watchNamespace = process.env.WATCH_NAMESPACE;
if (!watchNamespace) {
  console.error('WATCH_NAMESPACE must be set: this operator watches a single namespace');
  process.exit(1);
}
const mgr = await Manager.create({
  scheme,
  ...flags,
  leaderElectionID: 'ea0c2276.example.com',
  namespaces: [watchNamespace],
}).catch((err: unknown) => exitWith('unable to start manager', err));

await new MemcachedReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new CronJobReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
// +kubebuilder:scaffold:builder

// Sharding (off by default): to spread one controller's objects over the replicas of the Deployment,
// add `.sharded({ ring: 'cronjob' })` to its builder in src/controllers, e.g.
//   controllerManagedBy(mgr).for(CronJob).owns(Job).sharded({ ring: 'cronjob' }).complete(reconciler);
// Each replica holds the Lease `<ring>-<pod name>` in the leader-election namespace and caches and
// reconciles only the objects labelled `shard.scaffolder.dev/<ring>: <pod name>`; the elected leader
// (run with --leader-elect) writes those labels. Worth it for many objects or slow reconciles, not
// below a few thousand objects per replica (see "Sharding" in scaffolder's README). Its RBAC, to move
// above the controller's reconciler (drop the first `// `) before `make manifests`:
//   // +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=get;list;watch;create;update
//   // +kubebuilder:rbac:groups=<group of each owned kind>,resources=<its plural>,verbs=get;list;watch;patch

// Webhooks serve with cert-manager's certificate in the cluster; under `make run` (--local-webhooks)
// with one made in memory, their configurations pointed at this machine until it stops.
// ENABLE_WEBHOOKS=false runs without them.
if (process.env.ENABLE_WEBHOOKS !== 'false') {
  cachev1alpha1.setupMemcachedWebhookWithManager(mgr);
  // +kubebuilder:scaffold:webhook
}

mgr.addHealthzCheck('healthz', healthz.ping);
mgr.addReadyzCheck('readyz', healthz.ping);

// Resolves after SIGTERM or SIGINT, once every controller has stopped.
await mgr.start().catch((err: unknown) => exitWith('problem running manager', err));
