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

import {
  type Client,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  type Scheme,
  controllerManagedBy,
  Deployment,
} from 'kubescaffolder/runtime';

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=apps,resources=deployments/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=apps,resources=deployments/finalizers,verbs=update

/** DeploymentReconciler reconciles a Deployment object. */
export class DeploymentReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme) {}

  /**
   * reconcile is part of the main Kubernetes reconciliation loop, which aims to move the current
   * state of the cluster closer to the desired state. It is called with the namespace and name of a
   * Deployment whenever it (or something it owns) changes; compare the state the object asks for with
   * the actual state of the cluster and act to make them match.
   *
   * Return `{ requeueAfter: ms }` to be called again later; throw to be retried with backoff.
   */
  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    // TODO(user): your logic here, e.g. `const obj = await this.client.get(Deployment, req);`
    ctx.log.info('reconciling', { namespace: req.namespace, name: req.name });
    return {};
  }

  /** Sets up the controller with the Manager: which kinds it watches and what it owns. */
  setupWithManager(mgr: Manager) {
    return controllerManagedBy(mgr).for(Deployment).named('apps-deployment').complete(this);
  }
}
