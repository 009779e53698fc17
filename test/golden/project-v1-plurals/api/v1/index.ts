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

// The kinds of zoo.example.org/v1. ES modules have no package init(), so this file
// lists them; `scaffolder create api` adds to the marked places.
import type { Scheme } from 'kubescaffolder/runtime';
import { Hero } from './hero_types.js';
import { Wolf } from './wolf_types.js';
import { Shelf } from './shelf_types.js';
import { Thief } from './thief_types.js';
import { Cactus } from './cactus_types.js';
import { Echo } from './echo_types.js';
import { BigOx } from './bigox_types.js';
// +kubebuilder:scaffold:imports
export * from './groupversion_info.js';
export * from './hero_types.js';
export * from './wolf_types.js';
export * from './shelf_types.js';
export * from './thief_types.js';
export * from './cactus_types.js';
export * from './cactus_webhook.js';
export * from './echo_types.js';
export * from './bigox_types.js';
// +kubebuilder:scaffold:exports

/** Registers every kind of this package with a scheme. */
export function addToScheme(scheme: Scheme): void {
  scheme.add(Hero);
  scheme.add(Wolf);
  scheme.add(Shelf);
  scheme.add(Thief);
  scheme.add(Cactus);
  scheme.add(Echo);
  scheme.add(BigOx);
  // +kubebuilder:scaffold:scheme
}
