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

// The controller runs in a manager against the in-process test API server, as it would in a
// cluster: the tests annotate and un-annotate pods and wait for the label to follow.
import { isDeepStrictEqual } from 'node:util';
import type { V1Pod } from '@kubernetes/client-node';
import { Manager, Pod, builtinScheme, type Client, type Reader, type Wire } from 'kubescaffolder/runtime';
import { eventually, startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PodReconciler, addPodNameLabelAnnotation, podNameLabel } from '../../src/controllers/pod_controller.js';
import { nginxPod } from '../pods.js';

const namespace = 'default';

describe('Pod controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;
  let running: Promise<void>;
  let client: Client;
  let reader: Reader;

  beforeAll(async () => {
    // No CRDs: the controller works on a built-in kind.
    env = await startTestEnvironment();
    mgr = await Manager.create({ scheme: builtinScheme(), kubeConfig: env.kubeConfig, handleSignals: false });
    await new PodReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);
    running = mgr.start();
    client = mgr.getClient();
    reader = mgr.getAPIReader();
  });

  afterAll(async () => {
    mgr?.stop();
    await running;
    await env?.stop();
  });

  const getPod = (name: string) => reader.get(Pod, { namespace, name });

  function podWithLabels(name: string, labels: Record<string, string>): Promise<Wire<V1Pod>> {
    return eventually(async () => {
      const pod = await getPod(name);
      // Compared without regard to order: kube-apiserver writes a map's keys sorted, not in the order they were set.
      return isDeepStrictEqual(pod.metadata?.labels ?? {}, labels) && pod;
    }, `pod ${name} with labels ${JSON.stringify(labels)}`);
  }

  it('labels a pod created with the annotation', async () => {
    await client.create(Pod, nginxPod('born-annotated', { [addPodNameLabelAnnotation]: 'true' }));
    await podWithLabels('born-annotated', { run: 'born-annotated', [podNameLabel]: 'born-annotated' });
  });

  it('labels a running pod once it is annotated, as `kubectl annotate` in the write-up', async () => {
    const pod = await client.create(Pod, nginxPod('my-nginx'));
    await client.patch(Pod, pod, { metadata: { annotations: { [addPodNameLabelAnnotation]: 'true' } } }, { type: 'merge' });
    const labelled = await podWithLabels('my-nginx', { run: 'my-nginx', [podNameLabel]: 'my-nginx' });
    // Only the label changed.
    expect(labelled.metadata?.annotations).toEqual({ [addPodNameLabelAnnotation]: 'true' });
    expect(labelled.spec?.containers.map((c) => c.image)).toEqual(['nginx:1.20.0']);
  });

  it('removes the label when the annotation goes, or stops saying "true"', async () => {
    await client.create(Pod, nginxPod('unannotated', { [addPodNameLabelAnnotation]: 'true' }));
    const labelled = await podWithLabels('unannotated', { run: 'unannotated', [podNameLabel]: 'unannotated' });
    await client.patch(Pod, labelled, { metadata: { annotations: { [addPodNameLabelAnnotation]: null } } }, { type: 'merge' });
    await podWithLabels('unannotated', { run: 'unannotated' });

    await client.create(Pod, nginxPod('switched-off', { [addPodNameLabelAnnotation]: 'true' }));
    const on = await podWithLabels('switched-off', { run: 'switched-off', [podNameLabel]: 'switched-off' });
    await client.patch(Pod, on, { metadata: { annotations: { [addPodNameLabelAnnotation]: 'false' } } }, { type: 'merge' });
    await podWithLabels('switched-off', { run: 'switched-off' });
  });

  it('corrects a pod-name label that names another pod, and removes one put on a pod without the annotation', async () => {
    await client.create(Pod, nginxPod('copied', { [addPodNameLabelAnnotation]: 'true' }, { [podNameLabel]: 'original' }));
    await podWithLabels('copied', { [podNameLabel]: 'copied' });

    await client.create(Pod, nginxPod('stray', undefined, { app: 'web', [podNameLabel]: 'stray' }));
    await podWithLabels('stray', { app: 'web' });
  });

  it('labels each pod of a generateName family with its own generated name', async () => {
    const made = await Promise.all(
      [1, 2, 3].map(() =>
        client.create(Pod, {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { generateName: 'web-7d4b9-', namespace, labels: { app: 'web' }, annotations: { [addPodNameLabelAnnotation]: 'true' } },
          spec: { containers: [{ name: 'nginx', image: 'nginx:1.20.0' }] },
        }),
      ),
    );
    const names = made.map((p) => p.metadata!.name!);
    expect(new Set(names).size).toBe(3);
    for (const name of names) await podWithLabels(name, { app: 'web', [podNameLabel]: name });
  });
});
