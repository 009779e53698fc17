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
import { Busybox } from '../../api/v1alpha1/index.js';
import { reasonFinalizing, reasonReconciling } from './conditions.js';

/** Lets the controller run its cleanup before the API server deletes a Busybox. */
const busyboxFinalizer = 'example.com.testproject.org/finalizer';

/** The Operand's container in the Deployment (and the name of its port). */
const busyboxContainerName = 'busybox';

/** The field manager of what the controller applies: the fields it names are the controller's (server-side apply). */
const busyboxFieldManager = 'busybox-controller';

/** The environment variable of the manager that names the Operand image (config/manager/manager.yaml sets it). */
const busyboxImageEnv = 'BUSYBOX_IMAGE';

// The types of the status conditions a Busybox gets.
/** Whether the Deployment of the Busybox is as its spec asks. */
const typeAvailableBusybox = 'Available';
/** Set while the Busybox is being deleted and its finalizer operations run. */
const typeDegradedBusybox = 'Degraded';

type ConditionStatus = 'True' | 'False' | 'Unknown';

// The permissions the controller needs; `make manifests` writes them into config/rbac/role.yaml.
// +kubebuilder:rbac:groups=example.com.testproject.org,resources=busyboxes,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=example.com.testproject.org,resources=busyboxes/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=example.com.testproject.org,resources=busyboxes/finalizers,verbs=update
// +kubebuilder:rbac:groups=events.k8s.io,resources=events,verbs=create;patch
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=pods,verbs=get;list;watch

/**
 * BusyboxReconciler reconciles a Busybox object: it runs the Busybox image (the Operand) as a
 * Deployment of spec.size replicas that the Busybox owns, reports it in the Available condition,
 * and runs its finalizer operations when the Busybox is deleted.
 */
export class BusyboxReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme, readonly recorder: EventsRecorder) {}

  /**
   * reconcile moves the cluster towards the state a Busybox asks for. It must be idempotent: it is
   * called again whenever the Busybox or its Deployment changes, and after every failure.
   * More: https://kubernetes.io/docs/concepts/extend-kubernetes/operator/ and
   * https://kubernetes.io/docs/concepts/architecture/controller/
   */
  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    const log = ctx.log;

    // Fetch the Busybox. Not found: it was deleted (what it owned is garbage-collected), nothing to do.
    let busybox: Busybox;
    try {
      busybox = await this.client.get(Busybox, req);
    } catch (err) {
      if (isNotFound(err)) {
        log.info('Busybox resource not found, ignoring since object must be deleted');
        return {};
      }
      log.error(err, 'Failed to get busybox');
      throw err;
    }

    // A Busybox seen for the first time starts with an Unknown Available condition.
    if (!busybox.status?.conditions?.length) {
      busybox = await this.setCondition(busybox, typeAvailableBusybox, 'Unknown', reasonReconciling, 'Starting reconciliation');
    }

    // The finalizer makes the API server wait for the cleanup below before it deletes the Busybox
    // (an object being deleted takes no new finalizers).
    // More: https://kubernetes.io/docs/concepts/overview/working-with-objects/finalizers/
    if (!busybox.metadata?.deletionTimestamp && !containsFinalizer(busybox, busyboxFinalizer)) {
      log.info('Adding finalizer for Busybox');
      addFinalizer(busybox, busyboxFinalizer);
      busybox = await this.client.update(Busybox, busybox);
    }

    // Being deleted: run the finalizer operations, then let the API server delete it.
    if (busybox.metadata?.deletionTimestamp) {
      if (containsFinalizer(busybox, busyboxFinalizer)) {
        try {
          await this.finalize(busybox, log);
        } catch (err) {
          // Gone already: a reconcile before this one removed the finalizer (the cache was behind).
          if (isNotFound(err)) return {};
          throw err;
        }
      }
      return {};
    }

    const name = busybox.metadata!.name!;
    const namespace = busybox.metadata!.namespace!;

    // The Deployment as the Busybox asks for it (spec.size replicas of the image; the CRD defaults size to 1).
    let deployment: ApplyConfiguration<Wire<V1Deployment>>;
    try {
      deployment = this.deploymentForBusybox(busybox);
    } catch (err) {
      log.error(err, 'Failed to define new Deployment resource for Busybox');
      await this.setCondition(busybox, typeAvailableBusybox, 'False', reasonReconciling, `Failed to create Deployment for the custom resource (${name}): (${errorMessage(err)})`);
      throw err;
    }

    // reconcileDependents applies it (server-side apply: created when missing, put back to this when
    // changed, fields other managers set kept) with the Busybox as its controller owner, and deletes
    // Deployments of this Busybox it no longer declares. To own more (a Service, a ConfigMap), declare
    // them here too, and add their kinds to `kinds`, `owns()` below and the RBAC markers above.
    const desiredReplicas = busybox.spec.size ?? 0;
    try {
      await reconcileDependents(this.client, busybox, [dependent(Deployment, deployment)], {
        fieldManager: busyboxFieldManager,
        ownerKind: Busybox,
        kinds: [Deployment],
      });
    } catch (err) {
      log.error(err, 'Failed to apply the Deployment', { 'Deployment.Namespace': namespace, 'Deployment.Name': name });
      // Read the Busybox again: the status update below must not conflict with a newer version.
      busybox = await this.client.apiReader.get(Busybox, req);
      await this.setCondition(busybox, typeAvailableBusybox, 'False', reasonReconciling, `Failed to apply the Deployment for the custom resource (${name}): (${errorMessage(err)})`);
      throw err;
    }

    await this.setCondition(busybox, typeAvailableBusybox, 'True', reasonReconciling, `Deployment for custom resource (${name}) with ${desiredReplicas} replicas created successfully`);
    return {};
  }

  /** Runs the finalizer operations of a Busybox being deleted, then removes its finalizer. */
  private async finalize(busybox: Busybox, log: ReconcileContext['log']): Promise<void> {
    log.info('Performing finalizer operations for Busybox before deleting CR');
    const name = busybox.metadata?.name;
    busybox = await this.setCondition(busybox, typeDegradedBusybox, 'Unknown', reasonFinalizing, `Performing finalizer operations for the custom resource: ${name}`);
    this.doFinalizerOperationsForBusybox(busybox);
    // TODO(user): when the finalizer operations can fail, check that they succeeded before going on
    // (throw to try again).
    busybox = await this.setCondition(busybox, typeDegradedBusybox, 'True', reasonFinalizing, `Finalizer operations for custom resource ${name} name were successfully accomplished`);
    log.info('Removing finalizer for Busybox after successfully performing the operations');
    removeFinalizer(busybox, busyboxFinalizer);
    await this.client.update(Busybox, busybox);
  }

  /**
   * Sets a status condition and, when that changed anything, writes the status. Returns the
   * Busybox as the API server stored it, so that later updates start from its newest version.
   */
  private async setCondition(busybox: Busybox, type: string, status: ConditionStatus, reason: string, message: string): Promise<Busybox> {
    const conditions = busybox.status?.conditions ?? [];
    if (!setStatusCondition(conditions, { type, status, reason, message })) return busybox;
    busybox.status = { ...busybox.status, conditions };
    return this.client.status().update(Busybox, busybox);
  }

  /** The cleanup to do before a Busybox is deleted. */
  private doFinalizerOperationsForBusybox(busybox: Busybox): void {
    // TODO(user): add the cleanup the operator needs before the Busybox goes, e.g. backups, or
    // deleting what the Busybox does not own (a PersistentVolumeClaim made for it).
    // What it owns, such as its Deployment (see setControllerReference below), needs no finalizer:
    // the garbage collector deletes it. More: https://kubernetes.io/docs/tasks/administer-cluster/use-cascading-deletion/

    // An event tells the Busybox's users what happens.
    this.recorder.eventf(busybox, null, 'Warning', 'Deleting', 'DeleteCR', 'Custom Resource %s is being deleted from the namespace %s',
      busybox.metadata?.name, busybox.metadata?.namespace);
  }

  /**
   * The Deployment that runs the Busybox's image: the fields this controller owns (reconcileDependents
   * adds the owner reference; the API server defaults the rest).
   */
  deploymentForBusybox(busybox: Busybox): ApplyConfiguration<Wire<V1Deployment>> {
    const image = imageForBusybox();
    const labels = labelsForBusybox(image);
    return {
      metadata: { name: busybox.metadata!.name!, namespace: busybox.metadata?.namespace },
      spec: {
        replicas: busybox.spec.size,
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
              name: busyboxContainerName,
              imagePullPolicy: 'IfNotPresent',
              // The "restricted" Pod Security Standard: https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted
              securityContext: {
                runAsNonRoot: true,
                allowPrivilegeEscalation: false,
                capabilities: { drop: ['ALL'] },
              },
            }],
          },
        },
      },
    };
  }

  /**
   * Sets up the controller with the Manager: it watches Busyboxs and the Deployments they own (the
   * owner reference: a Deployment is deleted with its Busybox, and its changes reconcile it).
   * More: https://kubernetes.io/docs/concepts/overview/working-with-objects/owners-dependents/
   */
  setupWithManager(mgr: Manager) {
    return controllerManagedBy(mgr).for(Busybox).owns(Deployment).named('busybox').complete(this);
  }
}

/**
 * The labels of the Deployment and its Pods, with the image's tag as the version.
 * More: https://kubernetes.io/docs/concepts/overview/working-with-objects/common-labels/
 */
function labelsForBusybox(image: string): Record<string, string> {
  const labels: Record<string, string> = {
    'app.kubernetes.io/name': 'project-v1-deploy-image',
    'app.kubernetes.io/managed-by': 'BusyboxController',
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
function imageForBusybox(): string {
  const image = process.env[busyboxImageEnv];
  if (image === undefined || image === '') {
    // config/manager/manager.yaml sets it in the cluster; `make run` and other runs outside it need it set.
    throw new Error('unable to find BUSYBOX_IMAGE environment variable with the image: set it to the image to deploy, ' +
      'as config/manager/manager.yaml does in the cluster: `BUSYBOX_IMAGE=<image> make run` (see README.md)');
  }
  return image;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
