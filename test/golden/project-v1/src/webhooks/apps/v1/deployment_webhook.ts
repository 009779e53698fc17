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

import { type CustomDefaulter, type CustomValidator, type Warnings, type Manager, log, webhookManagedBy, type ObjectOf, Deployment } from 'kubescaffolder/runtime';
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
    .withValidator(new DeploymentCustomValidator())
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

// TODO(user): change verbs to "verbs=create;update;delete" if you want to enable deletion validation.
// NOTE: The 'path' attribute must follow a specific pattern and should not be modified directly here.
// Modifying the path for an invalid path can cause API server errors; failing to locate the webhook.
// +kubebuilder:webhook:path=/validate-apps-v1-deployment,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create;update,versions=v1,name=vdeployment-v1.kb.io,admissionReviewVersions=v1

/**
 * DeploymentCustomValidator checks Deployment objects when they are created, updated or deleted.
 * Reject an object by throwing `new ValidationError(Deployment, name, [fieldError(path, value, message)])`.
 */
export class DeploymentCustomValidator implements CustomValidator<ObjectOf<typeof Deployment>> {
  // TODO(user): Add more fields as needed for validation.

  async validateCreate(obj: ObjectOf<typeof Deployment>): Promise<Warnings> {
    deploymentlog.info('validation for create', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object creation.
    return [];
  }

  async validateUpdate(oldObj: ObjectOf<typeof Deployment>, newObj: ObjectOf<typeof Deployment>): Promise<Warnings> {
    deploymentlog.info('validation for update', { name: newObj.metadata?.name, oldName: oldObj.metadata?.name });
    // TODO(user): fill in your validation logic upon object update.
    return [];
  }

  async validateDelete(obj: ObjectOf<typeof Deployment>): Promise<Warnings> {
    deploymentlog.info('validation for delete', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object deletion.
    return [];
  }
}

// +kubebuilder:scaffold:webhookimpl
