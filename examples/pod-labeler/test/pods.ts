/*
Copyright 2026 The pod-labeler Authors.

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

import type { V1Pod } from '@kubernetes/client-node';
import type { Wire } from 'kubescaffolder/runtime';

const namespace = 'default';

/** An nginx pod, as `kubectl run --image=nginx:1.20.0 <name>` makes it. */
export function nginxPod(name: string, annotations?: Record<string, string>, labels: Record<string, string> = { run: name }): Wire<V1Pod> {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels, ...(annotations ? { annotations } : {}) },
    spec: { containers: [{ name, image: 'nginx:1.20.0' }] },
  };
}
