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

import type { V1Deployment } from '@kubernetes/client-node';
import {
  type ApplyConfiguration,
  type Client,
  type EventsRecorder,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  type Scheme,
  type Wire,
  Deployment,
  addFinalizer,
  containsFinalizer,
  controllerManagedBy,
  dependent,
  isNotFound,
  reconcileDependents,
  removeFinalizer,
  setStatusCondition,
} from 'kubescaffolder/runtime';
import { Memcached } from '../../api/v1alpha1/index.js';
import { reasonFinalizing, reasonReconciling } from './conditions.js';

/** Lets the controller run its cleanup before the API server deletes a Memcached. */
const memcachedFinalizer = 'example.com.testproject.org/finalizer';

/** The Operand's container in the Deployment (and the name of its port). */
const memcachedContainerName = 'memcached';

/** The field manager of what the controller applies: the fields it names are the controller's (server-side apply). */
const memcachedFieldManager = 'memcached-controller';

/** The environment variable of the manager that names the Operand image (config/manager/manager.yaml sets it). */
const memcachedImageEnv = 'MEMCACHED_IMAGE';

// The types of the status conditions a Memcached gets.
/** Whether the Deployment of the Memcached is as its spec asks. */
const typeAvailableMemcached = 'Available';
/** Set while the Memcached is being deleted and its finalizer operations run. */
const typeDegradedMemcached = 'Degraded';

type ConditionStatus = 'True' | 'False' | 'Unknown';

// The permissions the controller needs; `make manifests` writes them into config/rbac/role.yaml.
// +kubebuilder:rbac:groups=example.com.testproject.org,resources=memcacheds,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=example.com.testproject.org,resources=memcacheds/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=example.com.testproject.org,resources=memcacheds/finalizers,verbs=update
// +kubebuilder:rbac:groups=events.k8s.io,resources=events,verbs=create;patch
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=pods,verbs=get;list;watch

/**
 * MemcachedReconciler reconciles a Memcached object: it runs the Memcached image (the Operand) as a
 * Deployment of spec.size replicas that the Memcached owns, reports it in the Available condition,
 * and runs its finalizer operations when the Memcached is deleted.
 */
export class MemcachedReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme, readonly recorder: EventsRecorder) {}

  /**
   * reconcile moves the cluster towards the state a Memcached asks for. It must be idempotent: it is
   * called again whenever the Memcached or its Deployment changes, and after every failure.
   * More: https://kubernetes.io/docs/concepts/extend-kubernetes/operator/ and
   * https://kubernetes.io/docs/concepts/architecture/controller/
   */
  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    const log = ctx.log;

    // Fetch the Memcached. Not found: it was deleted (what it owned is garbage-collected), nothing to do.
    let memcached: Memcached;
    try {
      memcached = await this.client.get(Memcached, req);
    } catch (err) {
      if (isNotFound(err)) {
        log.info('Memcached resource not found, ignoring since object must be deleted');
        return {};
      }
      log.error(err, 'Failed to get memcached');
      throw err;
    }

    // A Memcached seen for the first time starts with an Unknown Available condition.
    if (!memcached.status?.conditions?.length) {
      memcached = await this.setCondition(memcached, typeAvailableMemcached, 'Unknown', reasonReconciling, 'Starting reconciliation');
    }

    // The finalizer makes the API server wait for the cleanup below before it deletes the Memcached
    // (an object being deleted takes no new finalizers).
    // More: https://kubernetes.io/docs/concepts/overview/working-with-objects/finalizers/
    if (!memcached.metadata?.deletionTimestamp && !containsFinalizer(memcached, memcachedFinalizer)) {
      log.info('Adding finalizer for Memcached');
      addFinalizer(memcached, memcachedFinalizer);
      memcached = await this.client.update(Memcached, memcached);
    }

    // Being deleted: run the finalizer operations, then let the API server delete it.
    if (memcached.metadata?.deletionTimestamp) {
      if (containsFinalizer(memcached, memcachedFinalizer)) {
        try {
          await this.finalize(memcached, log);
        } catch (err) {
          // Gone already: a reconcile before this one removed the finalizer (the cache was behind).
          if (isNotFound(err)) return {};
          throw err;
        }
      }
      return {};
    }

    const name = memcached.metadata!.name!;
    const namespace = memcached.metadata!.namespace!;

    // The Deployment as the Memcached asks for it (spec.size replicas of the image; the CRD defaults size to 1).
    let deployment: ApplyConfiguration<Wire<V1Deployment>>;
    try {
      deployment = this.deploymentForMemcached(memcached);
    } catch (err) {
      log.error(err, 'Failed to define new Deployment resource for Memcached');
      await this.setCondition(memcached, typeAvailableMemcached, 'False', reasonReconciling, `Failed to create Deployment for the custom resource (${name}): (${errorMessage(err)})`);
      throw err;
    }

    // reconcileDependents applies it (server-side apply: created when missing, put back to this when
    // changed, fields other managers set kept) with the Memcached as its controller owner, and deletes
    // Deployments of this Memcached it no longer declares. To own more (a Service, a ConfigMap), declare
    // them here too, and add their kinds to `kinds`, `owns()` below and the RBAC markers above.
    const desiredReplicas = memcached.spec.size ?? 0;
    try {
      await reconcileDependents(this.client, memcached, [dependent(Deployment, deployment)], {
        fieldManager: memcachedFieldManager,
        ownerKind: Memcached,
        kinds: [Deployment],
      });
    } catch (err) {
      log.error(err, 'Failed to apply the Deployment', { 'Deployment.Namespace': namespace, 'Deployment.Name': name });
      // Read the Memcached again: the status update below must not conflict with a newer version.
      memcached = await this.client.apiReader.get(Memcached, req);
      await this.setCondition(memcached, typeAvailableMemcached, 'False', reasonReconciling, `Failed to apply the Deployment for the custom resource (${name}): (${errorMessage(err)})`);
      throw err;
    }

    await this.setCondition(memcached, typeAvailableMemcached, 'True', reasonReconciling, `Deployment for custom resource (${name}) with ${desiredReplicas} replicas created successfully`);
    return {};
  }

  /** Runs the finalizer operations of a Memcached being deleted, then removes its finalizer. */
  private async finalize(memcached: Memcached, log: ReconcileContext['log']): Promise<void> {
    log.info('Performing finalizer operations for Memcached before deleting CR');
    const name = memcached.metadata?.name;
    memcached = await this.setCondition(memcached, typeDegradedMemcached, 'Unknown', reasonFinalizing, `Performing finalizer operations for the custom resource: ${name}`);
    this.doFinalizerOperationsForMemcached(memcached);
    // TODO(user): when the finalizer operations can fail, check that they succeeded before going on
    // (throw to try again).
    memcached = await this.setCondition(memcached, typeDegradedMemcached, 'True', reasonFinalizing, `Finalizer operations for custom resource ${name} name were successfully accomplished`);
    log.info('Removing finalizer for Memcached after successfully performing the operations');
    removeFinalizer(memcached, memcachedFinalizer);
    await this.client.update(Memcached, memcached);
  }

  /**
   * Sets a status condition and, when that changed anything, writes the status. Returns the
   * Memcached as the API server stored it, so that later updates start from its newest version.
   */
  private async setCondition(memcached: Memcached, type: string, status: ConditionStatus, reason: string, message: string): Promise<Memcached> {
    const conditions = memcached.status?.conditions ?? [];
    if (!setStatusCondition(conditions, { type, status, reason, message })) return memcached;
    memcached.status = { ...memcached.status, conditions };
    return this.client.status().update(Memcached, memcached);
  }

  /** The cleanup to do before a Memcached is deleted. */
  private doFinalizerOperationsForMemcached(memcached: Memcached): void {
    // TODO(user): add the cleanup the operator needs before the Memcached goes, e.g. backups, or
    // deleting what the Memcached does not own (a PersistentVolumeClaim made for it).
    // What it owns, such as its Deployment (see setControllerReference below), needs no finalizer:
    // the garbage collector deletes it. More: https://kubernetes.io/docs/tasks/administer-cluster/use-cascading-deletion/

    // An event tells the Memcached's users what happens.
    this.recorder.eventf(memcached, null, 'Warning', 'Deleting', 'DeleteCR', 'Custom Resource %s is being deleted from the namespace %s',
      memcached.metadata?.name, memcached.metadata?.namespace);
  }

  /**
   * The Deployment that runs the Memcached's image: the fields this controller owns (reconcileDependents
   * adds the owner reference; the API server defaults the rest).
   */
  deploymentForMemcached(memcached: Memcached): ApplyConfiguration<Wire<V1Deployment>> {
    const image = imageForMemcached();
    const labels = labelsForMemcached(image);
    return {
      metadata: { name: memcached.metadata!.name!, namespace: memcached.metadata?.namespace },
      spec: {
        replicas: memcached.spec.size,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: {
            // TODO(user): to schedule the Pods only on the platforms the image supports (see
            // `docker manifest inspect <image>`), add a node affinity on kubernetes.io/arch and
            // kubernetes.io/os. More: https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity
            securityContext: {
              runAsNonRoot: true,
              // seccompProfile needs Kubernetes 1.19 or later.
              seccompProfile: { type: 'RuntimeDefault' },
            },
            containers: [{
              image,
              name: memcachedContainerName,
              imagePullPolicy: 'IfNotPresent',
              // The "restricted" Pod Security Standard: https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted
              securityContext: {
                runAsNonRoot: true,
                runAsUser: 1001,
                allowPrivilegeEscalation: false,
                capabilities: { drop: ['ALL'] },
              },
              ports: [{ containerPort: memcached.spec.containerPort, name: memcachedContainerName }],
              command: ['memcached', '--memory-limit=64', '-o', 'modern', '-v'],
            }],
          },
        },
      },
    };
  }

  /**
   * Sets up the controller with the Manager: it watches Memcacheds and the Deployments they own (the
   * owner reference: a Deployment is deleted with its Memcached, and its changes reconcile it).
   * More: https://kubernetes.io/docs/concepts/overview/working-with-objects/owners-dependents/
   */
  setupWithManager(mgr: Manager) {
    return controllerManagedBy(mgr).for(Memcached).owns(Deployment).named('memcached').complete(this);
  }
}

/**
 * The labels of the Deployment and its Pods, with the image's tag as the version.
 * More: https://kubernetes.io/docs/concepts/overview/working-with-objects/common-labels/
 */
function labelsForMemcached(image: string): Record<string, string> {
  const labels: Record<string, string> = {
    'app.kubernetes.io/name': 'project-v1-deploy-image',
    'app.kubernetes.io/managed-by': 'MemcachedController',
  };
  // The tag: after the last ':' of the name (a ':' before a '/' is a registry port), before a digest.
  const name = image.split('@')[0];
  const colon = name.lastIndexOf(':');
  const tag = colon > name.lastIndexOf('/') ? name.slice(colon + 1) : '';
  // A label value has at most 63 characters and starts and ends with a letter or digit.
  if (/^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/.test(tag)) labels['app.kubernetes.io/version'] = tag;
  return labels;
}

/** The Operand image, from the manager's environment. */
function imageForMemcached(): string {
  const image = process.env[memcachedImageEnv];
  if (image === undefined || image === '') {
    // config/manager/manager.yaml sets it in the cluster; `make run` and other runs outside it need it set.
    throw new Error('unable to find MEMCACHED_IMAGE environment variable with the image: set it to the image to deploy, ' +
      'as config/manager/manager.yaml does in the cluster: `MEMCACHED_IMAGE=<image> make run` (see README.md)');
  }
  return image;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
