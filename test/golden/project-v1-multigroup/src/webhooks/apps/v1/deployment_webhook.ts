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

import { type CustomDefaulter, type Manager, log, webhookManagedBy, type ObjectOf, Deployment } from 'kubescaffolder/runtime';
// +kubebuilder:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Log is for logging in this file.
const deploymentlog = log.withName('deployment-resource');

/** setupDeploymentWebhookWithManager registers the webhooks for Deployment in the manager. */
export function setupDeploymentWebhookWithManager(mgr: Manager) {
  deploymentlog.info('registering webhooks');
  return webhookManagedBy(mgr)
    .for(Deployment)
    .withDefaulter(new DeploymentCustomDefaulter())
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

// +kubebuilder:webhook:path=/mutate-apps-v1-deployment,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create;update,versions=v1,name=mdeployment-v1.kb.io,admissionReviewVersions=v1

/**
 * DeploymentCustomDefaulter sets default values on Deployment objects when they are created or updated.
 */
export class DeploymentCustomDefaulter implements CustomDefaulter<ObjectOf<typeof Deployment>> {
  // TODO(user): Add more fields as needed for defaulting.

  /** default mutates the object in place: fill in the fields the user left out. */
  async default(obj: ObjectOf<typeof Deployment>): Promise<void> {
    deploymentlog.info('defaulting', { name: obj.metadata?.name });
    // TODO(user): fill in your defaulting logic.
  }
}

// +kubebuilder:scaffold:webhookimpl
