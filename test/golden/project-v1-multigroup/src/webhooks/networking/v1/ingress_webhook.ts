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

import { type CustomValidator, type Warnings, type Manager, log, webhookManagedBy, type ObjectOf, defineKind } from 'kubescaffolder/runtime';
// +kubebuilder:scaffold:imports

/** Ingress is a built-in kind that kubescaffolder/runtime has no descriptor for. */
export const Ingress = defineKind<{ apiVersion?: string; kind?: string; metadata?: { name?: string; namespace?: string } }>({
  group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', plural: 'ingresses', namespaced: true,
});

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Log is for logging in this file.
const ingresslog = log.withName('ingress-resource');

/** setupIngressWebhookWithManager registers the webhooks for Ingress in the manager. */
export function setupIngressWebhookWithManager(mgr: Manager) {
  ingresslog.info('registering webhooks');
  return webhookManagedBy(mgr)
    .for(Ingress)
    .withValidator(new IngressCustomValidator())
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

// TODO(user): change verbs to "verbs=create;update;delete" if you want to enable deletion validation.
// NOTE: The 'path' attribute must follow a specific pattern and should not be modified directly here.
// Modifying the path for an invalid path can cause API server errors; failing to locate the webhook.
// +kubebuilder:webhook:path=/validate-networking-k8s-io-v1-ingress,mutating=false,failurePolicy=fail,sideEffects=None,groups=networking.k8s.io,resources=ingresses,verbs=create;update,versions=v1,name=vingress-v1.kb.io,admissionReviewVersions=v1

/**
 * IngressCustomValidator checks Ingress objects when they are created, updated or deleted.
 * Reject an object by throwing `new ValidationError(Ingress, name, [fieldError(path, value, message)])`.
 */
export class IngressCustomValidator implements CustomValidator<ObjectOf<typeof Ingress>> {
  // TODO(user): Add more fields as needed for validation.

  async validateCreate(obj: ObjectOf<typeof Ingress>): Promise<Warnings> {
    ingresslog.info('validation for create', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object creation.
    return [];
  }

  async validateUpdate(oldObj: ObjectOf<typeof Ingress>, newObj: ObjectOf<typeof Ingress>): Promise<Warnings> {
    ingresslog.info('validation for update', { name: newObj.metadata?.name, oldName: oldObj.metadata?.name });
    // TODO(user): fill in your validation logic upon object update.
    return [];
  }

  async validateDelete(obj: ObjectOf<typeof Ingress>): Promise<Warnings> {
    ingresslog.info('validation for delete', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object deletion.
    return [];
  }
}

// +kubebuilder:scaffold:webhookimpl
