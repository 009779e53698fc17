/*
Copyright 2026 The sample-controller Authors.

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

import type { int32, ListMeta, ObjectMeta } from 'kubescaffolder/runtime';
import { defineKind } from 'kubescaffolder/runtime';
import { GroupVersion } from './groupversion_info.js';

// The types of Kubernetes' sample-controller (k8s.io/sample-controller/pkg/apis/samplecontroller/v1alpha1).

/** FooSpec is the spec for a Foo resource: the Deployment it asks for. */
export interface FooSpec {
  /** deploymentName names the Deployment the Foo owns, in the Foo's namespace. */
  // +kubebuilder:validation:MinLength=1
  // +kubebuilder:validation:MaxLength=253
  deploymentName: string;

  /** replicas is the number of pods the Deployment runs; the Deployment's default (1) when absent. */
  // +kubebuilder:validation:Minimum=0
  // +optional
  replicas?: int32;
}

/** FooStatus is the status for a Foo resource, copied from its Deployment. */
export interface FooStatus {
  /** availableReplicas is the Deployment's status.availableReplicas. */
  // +optional
  availableReplicas?: int32;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// samplecontroller.k8s.io is a Kubernetes community group: the API server accepts its CRD only with the
// api-approved.kubernetes.io annotation, the URL of the API review that approved it or a reason
// starting with "unapproved".
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=unapproved, experimental-only; please get an approval from Kubernetes API reviewers if you're trying to develop a CRD in the *.k8s.io or *.kubernetes.io groups"

/** Foo is the Schema for the foos API. */
export interface Foo {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  /** spec defines the desired state of Foo. */
  spec?: FooSpec;
  /** status defines the observed state of Foo. */
  status?: FooStatus;
}

// +kubebuilder:object:root=true

/** FooList contains a list of Foo. */
export interface FooList {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: Foo[];
}

/** The Foo kind descriptor: what controllers, clients and webhooks take. */
export const Foo = defineKind<Foo>({ ...GroupVersion, kind: 'Foo', plural: 'foos', namespaced: true });
