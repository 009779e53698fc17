// The kinds of cache.example.com/v1alpha1. ES modules have no package init(), so this file
// lists them; `scaffolder create api` adds to the marked places.
import type { Scheme } from 'kubescaffolder/runtime';
import { Memcached } from './memcached_types.js';
// +kubebuilder:scaffold:imports
export * from './groupversion_info.js';
export * from './memcached_types.js';
export * from './memcached_webhook.js';
// +kubebuilder:scaffold:exports

/** Registers every kind of this package with a scheme. */
export function addToScheme(scheme: Scheme): void {
  scheme.add(Memcached);
  // +kubebuilder:scaffold:scheme
}
