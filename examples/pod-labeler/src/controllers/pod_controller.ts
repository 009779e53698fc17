/*
Copyright 2026 The pod-labeler Authors.

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

import type { V1Pod } from '@kubernetes/client-node';
import {
  type Client,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  type Scheme,
  Pod,
  controllerManagedBy,
  isConflict,
  isNotFound,
  type Wire,
} from 'kubescaffolder/runtime';

/** A pod annotated with this set to "true" gets the pod-name label. */
export const addPodNameLabelAnnotation = 'padok.fr/add-pod-name-label';
/** The label that carries the pod's own name, so that a Service can select one pod of a ReplicaSet. */
export const podNameLabel = 'padok.fr/pod-name';

// Trimmed by hand from the scaffolded get;list;watch;create;update;patch;delete, pods/status and
// pods/finalizers: the controller only reads pods and updates their labels.
// +kubebuilder:rbac:groups=core,resources=pods,verbs=get;list;watch;update;patch

/**
 * PodReconciler keeps the label `padok.fr/pod-name: <pod name>` on exactly the pods annotated
 * `padok.fr/add-pod-name-label: "true"`. A webhook cannot do it: pods made from generateName
 * (every ReplicaSet's) have no name yet when admission runs.
 */
export class PodReconciler implements Reconciler {
  constructor(readonly client: Client, readonly scheme: Scheme) {}

  async reconcile(req: Request, ctx: ReconcileContext): Promise<Result> {
    let pod: Wire<V1Pod>;
    try {
      pod = await this.client.get(Pod, req);
    } catch (err) {
      // Deleted pods are reconciled too; there is nothing left to label.
      if (isNotFound(err)) return {};
      ctx.log.error(err, 'unable to fetch Pod');
      throw err;
    }

    const name = pod.metadata!.name!;
    const labelShouldBePresent = pod.metadata?.annotations?.[addPodNameLabelAnnotation] === 'true';
    const labelIsPresent = pod.metadata?.labels?.[podNameLabel] === name;
    if (labelShouldBePresent === labelIsPresent) {
      ctx.log.info('no update required');
      return {};
    }

    const labels = { ...pod.metadata?.labels };
    if (labelShouldBePresent) {
      labels[podNameLabel] = name;
      ctx.log.info('adding label');
    } else {
      delete labels[podNameLabel];
      ctx.log.info('removing label');
    }
    pod.metadata!.labels = labels;

    try {
      // An update, not a patch: it carries the resourceVersion read, so a pod changed since then is
      // refused rather than labelled from stale annotations.
      await this.client.update(Pod, pod);
    } catch (err) {
      // Changed since we read it (Conflict) or deleted since (NotFound): we are not the only writer
      // of pods; start over from a fresh read instead of failing.
      if (isConflict(err) || isNotFound(err)) return { requeue: true };
      ctx.log.error(err, 'unable to update Pod');
      throw err;
    }
    return {};
  }

  /** Watches every Pod; there is nothing it owns. */
  setupWithManager(mgr: Manager) {
    return controllerManagedBy(mgr).for(Pod).named('pod').complete(this);
  }
}
