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

/** FirstMateSpec defines the desired state of FirstMate. */
export interface FirstMateSpec {
  // INSERT ADDITIONAL SPEC FIELDS - desired state of cluster
  // Important: run `make manifests` to regenerate the CRD after modifying this file.
  // Validation markers in the comments above a field become OpenAPI validation in the CRD.

  /** foo is an example field of FirstMate. Edit firstmate_types.ts to remove/update. */
  // +optional
  foo?: string;
}

/** FirstMateStatus defines the observed state of FirstMate. */
export interface FirstMateStatus {
  // INSERT ADDITIONAL STATUS FIELD - define observed state of cluster

  /**
   * conditions represent the current state of the FirstMate resource.
   * Each condition has a unique type and reflects the status of a specific aspect of the resource.
   * Standard condition types include "Available", "Progressing" and "Degraded".
   */
  // +listType=map
  // +listMapKey=type
  // +optional
  conditions?: Wire<V1Condition>[];
}

// +kubebuilder:storageversion
// +kubebuilder:conversion:hub
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

/** FirstMate is the Schema for the firstmates API. */
export interface FirstMate {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  /** spec defines the desired state of FirstMate. */
  // +required
  spec: FirstMateSpec;
  /** status defines the observed state of FirstMate. */
  // +optional
  status?: FirstMateStatus;
}

// +kubebuilder:object:root=true

/** FirstMateList contains a list of FirstMate. */
export interface FirstMateList {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: FirstMate[];
}

/** The FirstMate kind descriptor: what controllers, clients and webhooks take. */
export const FirstMate = defineKind<FirstMate>({ ...GroupVersion, kind: 'FirstMate', plural: 'firstmates', namespaced: true });
