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

import { Memcached } from '../../../api/v1alpha1/index.js';

/**
 * The Memcached the scaffolded tests (controller, webhooks, conversion) start from. When
 * MemcachedSpec gets a required field, set it here once and every test keeps compiling.
 */
export function newMemcached(name: string): Memcached {
  return {
    apiVersion: 'example.com.testproject.org/v1alpha1',
    kind: 'Memcached',
    metadata: { name, namespace: 'default' },
    spec: {
      size: 1,
      containerPort: 11211,
    },
  };
}
