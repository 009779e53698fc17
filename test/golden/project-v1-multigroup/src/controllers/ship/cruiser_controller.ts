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
} from 'kubescaffolder/runtime';
import { Cruiser } from '../../../api/ship/v2alpha1/index.js';

// +kubebuilder:rbac:groups=ship.testproject.org,resources=cruisers,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=ship.testproject.org,resources=cruisers/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=ship.testproject.org,resources=cruisers/finalizers,verbs=update

/** CruiserReconciler reconciles a Cruiser object. */
export class CruiserReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme) {}

  /**
   * reconcile is part of the main Kubernetes reconciliation loop, which aims to move the current
   * state of the cluster closer to the desired state. It is called with the namespace and name of a
   * Cruiser whenever it (or something it owns) changes; compare the state the object asks for with
   * the actual state of the cluster and act to make them match.
   *
   * Return `{ requeueAfter: ms }` to be called again later; throw to be retried with backoff.
   */
  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    // TODO(user): your logic here, e.g. `const obj = await this.client.get(Cruiser, req);`
    ctx.log.info('reconciling', { namespace: req.namespace, name: req.name });
    return {};
  }

  /** Sets up the controller with the Manager: which kinds it watches and what it owns. */
  setupWithManager(mgr: Manager) {
    return controllerManagedBy(mgr).for(Cruiser).named('ship-cruiser').complete(this);
  }
}
