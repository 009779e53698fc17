/*
Copyright 2026 The sample-controller Authors.

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

import type { V1Deployment } from '@kubernetes/client-node';
import {
  type Client,
  type EventRecorder,
  type Manager,
  type Predicate,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  type Scheme,
  Deployment,
  controllerManagedBy,
  getControllerOf,
  handler,
  isConflict,
  isNotFound,
  predicate,
  setControllerReference,
  type Wire,
} from 'kubescaffolder/runtime';
import { Foo, type FooStatus } from '../../api/v1alpha1/index.js';
import { newDeployment } from './new_deployment.js';

/** The event reasons and messages of sample-controller. */
export const SuccessSynced = 'Synced';
export const ErrResourceExists = 'ErrResourceExists';
export const MessageResourceSynced = 'Foo synced successfully';
export const messageResourceExists = (name: string) => `Resource "${name}" already exists and is not managed by Foo`;

// It reads Foos and writes their status, creates and scales Deployments (never deletes them:
// garbage collection does, through the owner reference), and records events.
// +kubebuilder:rbac:groups=samplecontroller.k8s.io,resources=foos,verbs=get;list;watch
// +kubebuilder:rbac:groups=samplecontroller.k8s.io,resources=foos/status,verbs=update
// +kubebuilder:rbac:groups=samplecontroller.k8s.io,resources=foos/finalizers,verbs=update
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update
// +kubebuilder:rbac:groups="",resources=events,verbs=create;patch

/**
 * FooReconciler is sample-controller's syncHandler: each Foo gets a Deployment named
 * spec.deploymentName with spec.replicas nginx pods, controlled by the Foo; the Foo's status
 * reports the Deployment's available replicas. A Deployment of that name that another object (or
 * nobody) controls is left alone and reported with an ErrResourceExists warning.
 */
export class FooReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme, readonly recorder: EventRecorder) {}

  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    let foo: Foo;
    try {
      foo = await this.client.get(Foo, req);
    } catch (err) {
      // Deleted: its Deployment goes with it through garbage collection.
      if (isNotFound(err)) return {};
      throw err;
    }

    const deploymentName = foo.spec?.deploymentName;
    if (!deploymentName) {
      // Nothing to do until the Foo is edited, which queues it again (the CRD requires the field anyway).
      ctx.log.error(new Error('deployment name must be specified'), 'skipping Foo');
      return {};
    }

    let deployment: Wire<V1Deployment>;
    try {
      deployment = await this.client.get(Deployment, { namespace: req.namespace, name: deploymentName });
    } catch (err) {
      if (!isNotFound(err)) throw err;
      const wanted = newDeployment(foo);
      setControllerReference(foo, wanted, Foo);
      deployment = await this.client.create(Deployment, wanted);
      ctx.log.info('created Deployment', { deployment: deploymentName });
    }

    if (getControllerOf(deployment)?.uid !== foo.metadata?.uid) {
      const message = messageResourceExists(deploymentName);
      this.recorder.event(foo, 'Warning', ErrResourceExists, message);
      // An error, as in sample-controller: retried with backoff, so the Foo takes the name once it is free.
      throw new Error(message);
    }

    const replicas = foo.spec?.replicas;
    if (replicas !== undefined && replicas !== deployment.spec?.replicas) {
      ctx.log.info('scaling Deployment', { deployment: deploymentName, from: deployment.spec?.replicas, to: replicas });
      deployment.spec = { ...deployment.spec!, replicas };
      try {
        deployment = await this.client.update(Deployment, deployment);
      } catch (err) {
        return requeueOnConflict(err);
      }
    }

    try {
      await this.updateFooStatus(foo, deployment);
    } catch (err) {
      return requeueOnConflict(err);
    }
    this.recorder.event(foo, 'Normal', SuccessSynced, MessageResourceSynced);
    return {};
  }

  /** Copies the Deployment's available replicas to the Foo's status, when they differ. */
  private async updateFooStatus(foo: Foo, deployment: Wire<V1Deployment>): Promise<void> {
    const status: FooStatus = { ...foo.status, availableReplicas: deployment.status?.availableReplicas ?? 0 };
    if (foo.status?.availableReplicas === status.availableReplicas) return;
    foo.status = status;
    await this.client.status().update(Foo, foo);
  }

  /**
   * sample-controller's handleObject: a Deployment's events reconcile the Foo that controls it, if
   * that Foo exists; Deployments controlled by anything else (or nothing) are skipped.
   */
  private async fooOf(deployment: Wire<V1Deployment>): Promise<Request[]> {
    const owner = getControllerOf(deployment);
    if (owner?.kind !== Foo.kind || owner.apiVersion?.split('/')[0] !== Foo.group) return [];
    const namespace = deployment.metadata!.namespace!;
    try {
      await this.client.get(Foo, { namespace, name: owner.name });
    } catch (err) {
      if (isNotFound(err)) return []; // orphaned
      throw err;
    }
    return [{ namespace, name: owner.name }];
  }

  /** Watches Foos, and Deployments mapped back to their Foo; resyncs of unchanged Deployments are dropped. */
  setupWithManager(mgr: Manager) {
    return controllerManagedBy(mgr)
      .for(Foo)
      .watches(Deployment, handler.enqueueRequestsFromMapFunc((d: Wire<V1Deployment>) => this.fooOf(d)), { predicates: [ignoreResyncs] })
      .named('foo')
      .complete(this);
  }
}

/**
 * The cache had not yet seen our last write (or someone else's): read again and start over, quietly,
 * instead of reporting an error.
 */
function requeueOnConflict(err: unknown): Result {
  if (isConflict(err)) return { requeue: true };
  throw err;
}

/**
 * A periodic resync delivers an update for every cached Deployment; two versions of one Deployment
 * always have different resourceVersions, so an unchanged one means nothing happened.
 */
export const ignoreResyncs: Predicate<Wire<V1Deployment>> = predicate.resourceVersionChanged<Wire<V1Deployment>>();
