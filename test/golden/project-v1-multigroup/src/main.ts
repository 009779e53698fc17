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
import * as crewv1 from '../api/crew/v1/index.js';
import { CaptainReconciler as CrewCaptainReconciler } from './controllers/crew/captain_controller.js';
import * as shipv1beta1 from '../api/ship/v1beta1/index.js';
import { FrigateReconciler as ShipFrigateReconciler } from './controllers/ship/frigate_controller.js';
import * as shipv1 from '../api/ship/v1/index.js';
import { DestroyerReconciler as ShipDestroyerReconciler } from './controllers/ship/destroyer_controller.js';
import * as shipv2alpha1 from '../api/ship/v2alpha1/index.js';
import { CruiserReconciler as ShipCruiserReconciler } from './controllers/ship/cruiser_controller.js';
import * as seacreaturesv1beta1 from '../api/sea-creatures/v1beta1/index.js';
import { KrakenReconciler as SeaCreaturesKrakenReconciler } from './controllers/sea-creatures/kraken_controller.js';
import * as seacreaturesv1beta2 from '../api/sea-creatures/v1beta2/index.js';
import { LeviathanReconciler as SeaCreaturesLeviathanReconciler } from './controllers/sea-creatures/leviathan_controller.js';
import * as foopolicyv1 from '../api/foo.policy/v1/index.js';
import { HealthCheckPolicyReconciler as FooPolicyHealthCheckPolicyReconciler } from './controllers/foo.policy/healthcheckpolicy_controller.js';
import { PodReconciler as CorePodReconciler } from './controllers/core/pod_controller.js';
import { DeploymentReconciler as AppsDeploymentReconciler } from './controllers/apps/deployment_controller.js';
import * as appsv1DeploymentWebhook from './webhooks/apps/v1/deployment_webhook.js';
import * as networkingv1IngressWebhook from './webhooks/networking/v1/ingress_webhook.js';
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
shipv1beta1.addToScheme(scheme);
shipv1.addToScheme(scheme);
shipv2alpha1.addToScheme(scheme);
seacreaturesv1beta1.addToScheme(scheme);
seacreaturesv1beta2.addToScheme(scheme);
foopolicyv1.addToScheme(scheme);
// +kubebuilder:scaffold:scheme

// --metrics-bind-address, --health-probe-bind-address, --leader-elect, --leader-election-namespace
const flags = parseManagerFlags(process.argv.slice(2));
const mgr = await Manager.create({ scheme, ...flags, leaderElectionID: '543cedaf.testproject.org' })
  .catch((err: unknown) => exitWith('unable to start manager', err));

await new CrewCaptainReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new ShipFrigateReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new ShipDestroyerReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new ShipCruiserReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new SeaCreaturesKrakenReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new SeaCreaturesLeviathanReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new FooPolicyHealthCheckPolicyReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new CorePodReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
await new AppsDeploymentReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
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
  shipv1.setupDestroyerWebhookWithManager(mgr);
  seacreaturesv1beta1.setupKrakenWebhookWithManager(mgr);
  appsv1DeploymentWebhook.setupDeploymentWebhookWithManager(mgr);
  networkingv1IngressWebhook.setupIngressWebhookWithManager(mgr);
  // +kubebuilder:scaffold:webhook
}

mgr.addHealthzCheck('healthz', healthz.ping);
mgr.addReadyzCheck('readyz', healthz.ping);

// Resolves after SIGTERM or SIGINT, once every controller has stopped.
await mgr.start().catch((err: unknown) => exitWith('problem running manager', err));
