/*
Copyright 2026 The Kubernetes authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// The manager: registers the API types, the controllers and the webhooks, then runs them until
// SIGTERM or SIGINT. `scaffolder create api` and `create webhook` add to the marked places.
// First: refuses too old a Node.js before the runtime loads.
import './node-version.js';
import { Manager, builtinScheme, healthz, parseManagerFlags } from 'kubescaffolder/runtime';
import * as crewv1 from '../api/v1/index.js';
import { CaptainReconciler } from './controllers/captain_controller.js';
import { FirstMateReconciler } from './controllers/firstmate_controller.js';
import * as crewv2 from '../api/v2/index.js';
import { AdmiralReconciler } from './controllers/admiral_controller.js';
import { SailorReconciler } from './controllers/sailor_controller.js';
import { PodReconciler } from './controllers/pod_controller.js';
import * as corev1PodWebhook from './webhooks/core/v1/pod_webhook.js';
import * as appsv1DeploymentWebhook from './webhooks/apps/v1/deployment_webhook.js';
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
crewv1.addToScheme(scheme);
crewv2.addToScheme(scheme);
// +kubebuilder:scaffold:scheme

// --metrics-bind-address, --health-probe-bind-address, --leader-elect, --leader-election-namespace
const flags = parseManagerFlags(process.argv.slice(2));
const mgr = await Manager.create({ scheme, ...flags, leaderElectionID: '522cf1b4.testproject.org' })
  .catch((err: unknown) => exitWith('unable to start manager', err));

await new CaptainReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new FirstMateReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new AdmiralReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new SailorReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new PodReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
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
  crewv1.setupCaptainWebhookWithManager(mgr);
  crewv1.setupFirstMateWebhookWithManager(mgr);
  crewv1.setupAdmiralWebhookWithManager(mgr);
  crewv1.setupSailorWebhookWithManager(mgr);
  corev1PodWebhook.setupPodWebhookWithManager(mgr);
  appsv1DeploymentWebhook.setupDeploymentWebhookWithManager(mgr);
  // +kubebuilder:scaffold:webhook
}

mgr.addHealthzCheck('healthz', healthz.ping);
mgr.addReadyzCheck('readyz', healthz.ping);

// Resolves after SIGTERM or SIGINT, once every controller has stopped.
await mgr.start().catch((err: unknown) => exitWith('problem running manager', err));
