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
import type { ListMeta, ObjectMeta, Wire } from 'kubescaffolder/runtime';
import { defineKind } from 'kubescaffolder/runtime';
import { GroupVersion } from './groupversion_info.js';

// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!
// After changing the types, run `make manifests` to regenerate the CRD.

/** AdmiralSpec defines the desired state of Admiral. */
export interface AdmiralSpec {
  // INSERT ADDITIONAL SPEC FIELDS - desired state of cluster
  // Important: run `make manifests` to regenerate the CRD after modifying this file.
  // Validation markers in the comments above a field become OpenAPI validation in the CRD.

  /** foo is an example field of Admiral. Edit admiral_types.ts to remove/update. */
  // +optional
  foo?: string;
}

/** AdmiralStatus defines the observed state of Admiral. */
export interface AdmiralStatus {
  // INSERT ADDITIONAL STATUS FIELD - define observed state of cluster

  /**
   * conditions represent the current state of the Admiral resource.
   * Each condition has a unique type and reflects the status of a specific aspect of the resource.
   * Standard condition types include "Available", "Progressing" and "Degraded".
   */
  // +listType=map
  // +listMapKey=type
  // +optional
  conditions?: Wire<V1Condition>[];
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:path=admirales,scope=Cluster

/** Admiral is the Schema for the admirales API. */
export interface Admiral {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  /** spec defines the desired state of Admiral. */
  // +required
  spec: AdmiralSpec;
  /** status defines the observed state of Admiral. */
  // +optional
  status?: AdmiralStatus;
}

// +kubebuilder:object:root=true

/** AdmiralList contains a list of Admiral. */
export interface AdmiralList {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: Admiral[];
}

/** The Admiral kind descriptor: what controllers, clients and webhooks take. */
export const Admiral = defineKind<Admiral>({ ...GroupVersion, kind: 'Admiral', plural: 'admirales', namespaced: false });
