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

/** BusyboxSpec defines the desired state of Busybox. */
export interface BusyboxSpec {
  // INSERT ADDITIONAL SPEC FIELDS - desired state of cluster
  // Important: run `make manifests` to regenerate the CRD after modifying this file.
  // Validation markers in the comments above a field become OpenAPI validation in the CRD.

  /** size defines the number of Busybox instances (the replicas of its Deployment). */
  // +kubebuilder:default=1
  // +kubebuilder:validation:Minimum=0
  // +optional
  size?: int32;
}

/** BusyboxStatus defines the observed state of Busybox. */
export interface BusyboxStatus {
  /**
   * conditions represent the current state of the Busybox resource.
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

/** Busybox is the Schema for the busyboxes API. */
export interface Busybox {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  /** spec defines the desired state of Busybox. */
  // +required
  spec: BusyboxSpec;
  /** status defines the observed state of Busybox. */
  // +optional
  status?: BusyboxStatus;
}

// +kubebuilder:object:root=true

/** BusyboxList contains a list of Busybox. */
export interface BusyboxList {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: Busybox[];
}

/** The Busybox kind descriptor: what controllers, clients and webhooks take. */
export const Busybox = defineKind<Busybox>({ ...GroupVersion, kind: 'Busybox', plural: 'busyboxes', namespaced: true });
