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

import type { V1Condition } from '@kubernetes/client-node';
import type { int32, ListMeta, ObjectMeta, Wire } from 'kubescaffolder/runtime';
import { defineKind } from 'kubescaffolder/runtime';
import { GroupVersion } from './groupversion_info.js';

// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!
// After changing the types, run `make manifests` to regenerate the CRD.

/** MemcachedSpec defines the desired state of Memcached. */
export interface MemcachedSpec {
  // INSERT ADDITIONAL SPEC FIELDS - desired state of cluster
  // Important: run `make manifests` to regenerate the CRD after modifying this file.
  // Validation markers in the comments above a field become OpenAPI validation in the CRD.

  /** size defines the number of Memcached instances (the replicas of its Deployment). */
  // +kubebuilder:default=1
  // +kubebuilder:validation:Minimum=0
  // +optional
  size?: int32;

  /** containerPort defines the port that will be used to init the container with the image. */
  // +required
  containerPort: int32;
}

/** MemcachedStatus defines the observed state of Memcached. */
export interface MemcachedStatus {
  /**
   * conditions represent the current state of the Memcached resource.
   * Each condition has a unique type and reflects the status of a specific aspect of the resource.
   * Standard condition types include "Available" (the Deployment runs), "Progressing" and
   * "Degraded" (the resource is being deleted and its finalizer operations run).
   * The status of each condition is one of True, False, or Unknown.
   */
  // +listType=map
  // +listMapKey=type
  // +optional
  conditions?: Wire<V1Condition>[];
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

/** Memcached is the Schema for the memcacheds API. */
export interface Memcached {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  /** spec defines the desired state of Memcached. */
  // +required
  spec: MemcachedSpec;
  /** status defines the observed state of Memcached. */
  // +optional
  status?: MemcachedStatus;
}

// +kubebuilder:object:root=true

/** MemcachedList contains a list of Memcached. */
export interface MemcachedList {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: Memcached[];
}

/** The Memcached kind descriptor: what controllers, clients and webhooks take. */
export const Memcached = defineKind<Memcached>({ ...GroupVersion, kind: 'Memcached', plural: 'memcacheds', namespaced: true });
