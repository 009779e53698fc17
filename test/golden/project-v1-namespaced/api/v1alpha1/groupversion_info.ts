// Package v1alpha1 contains API Schema definitions for the cache v1alpha1 API group.
// +kubebuilder:object:generate=true
// +groupName=cache.example.com
import type { GroupVersion as GV } from 'kubescaffolder/runtime';

/** The group and version of the kinds in this package. */
export const GroupVersion: GV = { group: 'cache.example.com', version: 'v1alpha1' };
