/*
Copyright 2026 The xxx-controllers Authors.

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

import type { V1Condition, V1ObjectReference } from '@kubernetes/client-node';
import type { ListMeta, ObjectMeta, int64, Wire } from 'kubescaffolder/runtime';
import { defineKind } from 'kubescaffolder/runtime';
import { GroupVersion } from './groupversion_info.js';

/**
 * XxxSpec says which binary to build and from where. The controller turns it into one shell
 * command, `git clone <gitUrl> <clonePath>; cd <clonePath>; <buildCommand>; cp <binaryName> /opt/`,
 * run by a Job; any change to it replaces that Job.
 */
export interface XxxSpec {
  /**
   * gitUrl is the repository to clone, e.g. https://github.com/kelseyhightower/helloworld.git.
   * It becomes part of a shell command, so it may hold no spaces or shell metacharacters.
   */
  // +kubebuilder:validation:Format=uri
  // +kubebuilder:validation:Pattern=`^(https?|git|ssh)://[A-Za-z0-9._~:/@%+=-]+$`
  // +kubebuilder:validation:MaxLength=2048
  // +required
  gitUrl: string;

  /** clonePath is the absolute directory in the build container that the repository is cloned into. */
  // +kubebuilder:validation:Pattern=`^/[A-Za-z0-9._/-]*$`
  // +kubebuilder:validation:MaxLength=1024
  // +required
  clonePath: string;

  /** buildCommand is run in clonePath, e.g. `go build`. */
  // +kubebuilder:validation:MinLength=1
  // +kubebuilder:validation:MaxLength=4096
  // +required
  buildCommand: string;

  /** binaryName is the file the build produces in clonePath; it is copied to /opt on the node. */
  // +kubebuilder:validation:Pattern=`^[A-Za-z0-9._-]+$`
  // +kubebuilder:validation:MaxLength=255
  // +kubebuilder:validation:XValidation:rule="self != '.' && self != '..'",message="binaryName must name a file"
  // +required
  binaryName: string;

  /**
   * jobName names the build Job; the Job that removes the binary again is `<jobName>-delete`.
   * A DNS-1123 label of at most 56 characters, so that the `-delete` name still fits in the
   * 63 characters of the `job-name` label that Kubernetes puts on the Job's pods.
   */
  // +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
  // +kubebuilder:validation:MinLength=1
  // +kubebuilder:validation:MaxLength=56
  // +required
  jobName: string;
}

/** XxxStatus is what the controller last saw of the build. */
export interface XxxStatus {
  /**
   * conditions: `Built` is True once the current build Job has succeeded, False when it failed
   * and Unknown while it runs; `Removed` tracks the Job that deletes the binary on deletion.
   */
  // +listType=map
  // +listMapKey=type
  // +optional
  conditions?: Wire<V1Condition>[];

  /** job is the build Job for the current spec. */
  // +optional
  job?: V1ObjectReference;

  /** command is the shell command the current build Job runs. */
  // +optional
  command?: string;

  /** observedGeneration is the generation of the spec that job was made from. */
  // +optional
  observedGeneration?: int64;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Job",type=string,JSONPath=`.status.job.name`
// +kubebuilder:printcolumn:name="Built",type=string,JSONPath=`.status.conditions[?(@.type=="Built")].status`
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`

/** Xxx is the Schema for the xxxes API. */
export interface Xxx {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  /** spec defines the binary to build. */
  // +required
  spec: XxxSpec;
  /** status defines the observed state of Xxx. */
  status?: XxxStatus;
}

// +kubebuilder:object:root=true

/** XxxList contains a list of Xxx. */
export interface XxxList {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: Xxx[];
}

/** The Xxx kind descriptor: what controllers, clients and webhooks take. */
export const Xxx = defineKind<Xxx>({ ...GroupVersion, kind: 'Xxx', plural: 'xxxes', namespaced: true });
