/*
Copyright 2026 The cronjob Authors.

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
import * as batchv1 from '../api/v1/index.js';
import { CronJobReconciler } from './controllers/cronjob_controller.js';
import * as batchv2 from '../api/v2/index.js';
// +kubebuilder:scaffold:imports

const scheme = builtinScheme();
batchv1.addToScheme(scheme);
batchv2.addToScheme(scheme);
// +kubebuilder:scaffold:scheme

// --metrics-bind-address, --health-probe-bind-address, --leader-elect, --leader-election-namespace
const flags = parseManagerFlags(process.argv.slice(2));
const mgr = await Manager.create({ scheme, ...flags, leaderElectionID: '83be2620.tutorial.kubebuilder.io' });

await new CronJobReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
// +kubebuilder:scaffold:builder

// Webhooks serve with cert-manager's certificate in the cluster; under `make run` (--local-webhooks)
// with one made in memory, their configurations pointed at this machine until it stops.
// ENABLE_WEBHOOKS=false runs without them.
if (process.env.ENABLE_WEBHOOKS !== 'false') {
  batchv1.setupCronJobWebhookWithManager(mgr);
  batchv2.setupCronJobWebhookWithManager(mgr);
  // +kubebuilder:scaffold:webhook
}

mgr.addHealthzCheck('healthz', healthz.ping);
mgr.addReadyzCheck('readyz', healthz.ping);

// Resolves after SIGTERM or SIGINT, once every controller has stopped.
await mgr.start();
