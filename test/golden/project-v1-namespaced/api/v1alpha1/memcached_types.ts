import type { V1Condition } from '@kubernetes/client-node';
import type { ListMeta, ObjectMeta, Wire } from 'kubescaffolder/runtime';
import { defineKind } from 'kubescaffolder/runtime';
import { GroupVersion } from './groupversion_info.js';

// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!
// After changing the types, run `make manifests` to regenerate the CRD.

/** MemcachedSpec defines the desired state of Memcached. */
export interface MemcachedSpec {
  // INSERT ADDITIONAL SPEC FIELDS - desired state of cluster
  // Important: run `make manifests` to regenerate the CRD after modifying this file.
  // Validation markers in the comments above a field become OpenAPI validation in the CRD.

  /** foo is an example field of Memcached. Edit memcached_types.ts to remove/update. */
  // +optional
  foo?: string;
}

/** MemcachedStatus defines the observed state of Memcached. */
export interface MemcachedStatus {
  // INSERT ADDITIONAL STATUS FIELD - define observed state of cluster

  /**
   * conditions represent the current state of the Memcached resource.
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
