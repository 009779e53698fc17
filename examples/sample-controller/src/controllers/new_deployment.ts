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

// The Deployment a Foo asks for, as sample-controller's newDeployment builds it. A pure function,
// so the tests can state the exact Deployment the controller must create.
import type { V1Deployment } from '@kubernetes/client-node';
import type { Wire } from 'kubescaffolder/runtime';
import type { Foo } from '../../api/v1alpha1/index.js';

/** The image every Foo's Deployment runs. */
export const fooImage = 'nginx:latest';

/** `app: nginx` and `controller: <foo name>`: the pod labels and the Deployment's selector. */
export function deploymentLabels(foo: Foo): Record<string, string> {
  return { app: 'nginx', controller: foo.metadata!.name! };
}

/** A Deployment named spec.deploymentName running spec.replicas nginx pods. The owner reference is added by the controller. */
export function newDeployment(foo: Foo): Wire<V1Deployment> {
  const labels = deploymentLabels(foo);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: foo.spec!.deploymentName, namespace: foo.metadata?.namespace },
    spec: {
      // Absent: the Deployment's own default (1).
      ...(foo.spec?.replicas === undefined ? {} : { replicas: foo.spec.replicas }),
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: { containers: [{ name: 'nginx', image: fooImage }] },
      },
    },
  };
}
