/*
Copyright 2026 The stream-ingress Authors.

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
import type { ListMeta, ObjectMeta, int32, Wire } from 'kubescaffolder/runtime';
import { defineKind } from 'kubescaffolder/runtime';
import { GroupVersion } from './groupversion_info.js';

// A StreamIngress is one server of nginx's stream module, as ingress-nginx configures them: a port
// opened on the ingress controller's Service and a line `<port>: <namespace>/<service>:<port>` in
// its tcp-services or udp-services ConfigMap.

/** The transport protocol of a stream server. */
// +kubebuilder:validation:Enum=TCP;UDP
export type StreamProtocol = 'TCP' | 'UDP';

/** StreamUpstream is where the ingress controller forwards the connections: a port of a Service. */
export interface StreamUpstream {
  /** namespace of the Service; the StreamIngress's own when absent. */
  // +kubebuilder:validation:MaxLength=63
  // +optional
  namespace?: string;

  /** service is the name of the Service. */
  // +kubebuilder:validation:MinLength=1
  // +kubebuilder:validation:MaxLength=63
  service: string;

  /** port is the Service's port (spec.ports[].port). */
  // +kubebuilder:validation:Minimum=1
  // +kubebuilder:validation:Maximum=65535
  port: int32;
}

/** StreamIngressSpec is the port to listen on and the upstream to forward it to. */
export interface StreamIngressSpec {
  /** protocol selects the ConfigMap (tcp-services or udp-services) and the Service port's protocol. */
  // +kubebuilder:default=TCP
  // +optional
  protocol?: StreamProtocol;

  /** listen is the port opened on the ingress controller's Service. */
  // +kubebuilder:validation:Minimum=1
  // +kubebuilder:validation:Maximum=65535
  listen: int32;

  /** upstream is the Service port the connections go to. */
  upstream: StreamUpstream;

  /**
   * isService says that the upstream is a Service of this cluster, which the controller then checks
   * exists and exposes the port before opening the listen port; false skips the check.
   */
  // +kubebuilder:default=true
  // +optional
  isService?: boolean;
}

/** StreamIngressStatus reports each check and whether the port is open. */
export interface StreamIngressStatus {
  /**
   * conditions: PortAvailable (no older StreamIngress listens on the same protocol and port),
   * UpstreamAvailable (the upstream Service exists and exposes the port) and Ready (the port is
   * open on the ingress Service and forwarded in the ConfigMap).
   */
  // +listType=map
  // +listMapKey=type
  // +optional
  conditions?: Wire<V1Condition>[];

  /** listener is the protocol and port this StreamIngress holds, so that it can release them. */
  // +optional
  listener?: StreamListener;
}

/** StreamListener is a port opened for a StreamIngress. */
export interface StreamListener {
  protocol: StreamProtocol;
  port: int32;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Protocol",type=string,JSONPath=`.spec.protocol`
// +kubebuilder:printcolumn:name="Listen",type=integer,JSONPath=`.spec.listen`
// +kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`
// +kubebuilder:printcolumn:name="Reason",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].reason`

/** StreamIngress is the Schema for the streamingresses API. */
export interface StreamIngress {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  /** spec defines the desired state of StreamIngress. */
  spec: StreamIngressSpec;
  /** status defines the observed state of StreamIngress. */
  status?: StreamIngressStatus;
}

// +kubebuilder:object:root=true

/** StreamIngressList contains a list of StreamIngress. */
export interface StreamIngressList {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: StreamIngress[];
}

/** The StreamIngress kind descriptor: what controllers, clients and webhooks take. */
export const StreamIngress = defineKind<StreamIngress>({ ...GroupVersion, kind: 'StreamIngress', plural: 'streamingresses', namespaced: true });
