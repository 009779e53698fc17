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

import { type CustomValidator, type Warnings, type Manager, log, webhookManagedBy } from 'kubescaffolder/runtime';
import { Memcached } from './memcached_types.js';
// +kubebuilder:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

// Log is for logging in this file.
const memcachedlog = log.withName('memcached-resource');

/** setupMemcachedWebhookWithManager registers the webhooks for Memcached in the manager. */
export function setupMemcachedWebhookWithManager(mgr: Manager) {
  memcachedlog.info('registering webhooks');
  return webhookManagedBy(mgr)
    .for(Memcached)
    .withValidator(new MemcachedCustomValidator())
    // +kubebuilder:scaffold:webhookbuilder
    .complete();
}

// TODO(user): change verbs to "verbs=create;update;delete" if you want to enable deletion validation.
// NOTE: The 'path' attribute must follow a specific pattern and should not be modified directly here.
// Modifying the path for an invalid path can cause API server errors; failing to locate the webhook.
// +kubebuilder:webhook:path=/validate-example-com-testproject-org-v1alpha1-memcached,mutating=false,failurePolicy=fail,sideEffects=None,groups=example.com.testproject.org,resources=memcacheds,verbs=create;update,versions=v1alpha1,name=vmemcached-v1alpha1.kb.io,admissionReviewVersions=v1

/**
 * MemcachedCustomValidator checks Memcached objects when they are created, updated or deleted.
 * Reject an object by throwing `new ValidationError(Memcached, name, [fieldError(path, value, message)])`.
 */
export class MemcachedCustomValidator implements CustomValidator<Memcached> {
  // TODO(user): Add more fields as needed for validation.

  async validateCreate(obj: Memcached): Promise<Warnings> {
    memcachedlog.info('validation for create', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object creation.
    return [];
  }

  async validateUpdate(oldObj: Memcached, newObj: Memcached): Promise<Warnings> {
    memcachedlog.info('validation for update', { name: newObj.metadata?.name, oldName: oldObj.metadata?.name });
    // TODO(user): fill in your validation logic upon object update.
    return [];
  }

  async validateDelete(obj: Memcached): Promise<Warnings> {
    memcachedlog.info('validation for delete', { name: obj.metadata?.name });
    // TODO(user): fill in your validation logic upon object deletion.
    return [];
  }
}

// +kubebuilder:scaffold:webhookimpl
