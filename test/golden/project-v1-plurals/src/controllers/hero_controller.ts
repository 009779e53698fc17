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
  type Wire,
  ConfigMap,
  controllerManagedBy,
  createOrUpdate,
  isNotFound,
  setControllerReference,
  setStatusCondition,
} from 'kubescaffolder/runtime';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { Hero } from '../../api/v1/index.js';

// +kubebuilder:rbac:groups=zoo.example.org,resources=heroes,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=zoo.example.org,resources=heroes/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=zoo.example.org,resources=heroes/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;update;patch;delete

/** HeroReconciler reconciles a Hero object. */
export class HeroReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme) {}

  /**
   * reconcile is part of the main Kubernetes reconciliation loop, which aims to move the current
   * state of the cluster closer to the desired state. It is called with the namespace and name of a
   * Hero whenever it (or something it owns) changes; compare the state the object asks for with
   * the actual state of the cluster and act to make them match.
   *
   * Return `{ requeueAfter: ms }` to be called again later; throw to be retried with backoff.
   */
  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    let hero: Hero;
    try {
      hero = await this.client.get(Hero, req);
    } catch (err) {
      if (isNotFound(err)) return {};
      throw err;
    }
    const configMap: Wire<V1ConfigMap> = { metadata: { namespace: req.namespace, name: `${req.name}-hero` } };
    const operation = await createOrUpdate(this.client, ConfigMap, configMap, () => {
      configMap.data = { hero: req.name };
      setControllerReference(hero, configMap, Hero);
    });
    ctx.log.info('reconciled', { configMap: configMap.metadata?.name, operation });
    const conditions = hero.status?.conditions ?? [];
    const message = `ConfigMap ${configMap.metadata?.name} is up to date`;
    if (setStatusCondition(conditions, { type: 'Available', status: 'True', reason: 'ConfigMapReady', message })) {
      hero.status = { ...hero.status, conditions };
      await this.client.status().update(Hero, hero);
    }
    return {};
  }

  /** Sets up the controller with the Manager: which kinds it watches and what it owns. */
  setupWithManager(mgr: Manager) {
    return controllerManagedBy(mgr).for(Hero).owns(ConfigMap).named('hero').complete(this);
  }
}
