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

// Package v1 contains API Schema definitions for the foo.policy v1 API group.
// +kubebuilder:object:generate=true
// +groupName=foo.policy.testproject.org
import type { GroupVersion as GV } from 'kubescaffolder/runtime';

/** The group and version of the kinds in this package. */
export const GroupVersion: GV = { group: 'foo.policy.testproject.org', version: 'v1' };
