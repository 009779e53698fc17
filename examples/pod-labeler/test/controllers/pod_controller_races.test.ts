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

// What the write-up warns about: the controller is not the only writer of pods. Between the
// reconciler's read (from the cache) and its update, a pod can change or go away; the reconcile
// must then requeue, not fail. To hold the reconciler at that point, these tests call reconcile
// themselves on a manager whose cache the test API server has stopped feeding (stalled watches),
// then write to the pod behind the cache's back.
import { Manager, Pod, builtinScheme, log, type Client, type Reader, type ReconcileContext, type Request } from 'kubescaffolder/runtime';
import { eventually, startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PodReconciler, addPodNameLabelAnnotation, podNameLabel } from '../../src/controllers/pod_controller.js';
import { nginxPod } from '../pods.js';

const namespace = 'default';

describe('Pod reconciler racing other writers', () => {
  let env: TestEnvironment;
  let mgr: Manager;
  let running: Promise<void>;
  let client: Client;
  let reader: Reader;
  let reconciler: PodReconciler;

  beforeAll(async () => {
    env = await startTestEnvironment();
    // No controller runs: the manager only keeps the cache the reconciler reads from.
    mgr = await Manager.create({ scheme: builtinScheme(), kubeConfig: env.kubeConfig, handleSignals: false });
    running = mgr.start();
    client = mgr.getClient();
    reader = mgr.getAPIReader();
    reconciler = new PodReconciler(client, mgr.getScheme());
  });

  afterEach(() => {
    // Closing the stalled watches makes the cache reconnect and catch up.
    env.server.dropWatches();
  });

  afterAll(async () => {
    mgr?.stop();
    await running;
    await env?.stop();
  });

  const context = (): ReconcileContext => ({ log: log.withName('test'), signal: new AbortController().signal, reconcileID: 'test' });
  const reconcile = (req: Request) => reconciler.reconcile(req, context());

  /** Creates an annotated, unlabelled pod, waits until the cache holds it, then stops the cache's updates. */
  async function cachedThenFrozen(name: string) {
    const created = await client.create(Pod, nginxPod(name, { [addPodNameLabelAnnotation]: 'true' }));
    await eventually(async () => (await client.get(Pod, { namespace, name })).metadata?.resourceVersion === created.metadata?.resourceVersion, `the cache to hold pod ${name}`);
    env.server.stallWatches({ includeNew: true });
    return created;
  }

  it('requeues when the pod changed since it was read (update conflict), and labels it on the next pass', async () => {
    const created = await cachedThenFrozen('raced');
    // Someone else writes the pod after the cache's copy was taken.
    await client.patch(Pod, created, { metadata: { labels: { tier: 'frontend' } } }, { type: 'merge' });

    expect(await reconcile({ namespace, name: 'raced' })).toEqual({ requeue: true });
    // The stale write was refused: the other writer's change stands and no label was added.
    const afterConflict = await reader.get(Pod, { namespace, name: 'raced' });
    expect(afterConflict.metadata?.labels).toEqual({ run: 'raced', tier: 'frontend' });

    // The requeued pass reads the current pod once the cache has caught up.
    env.server.dropWatches();
    await eventually(async () => (await client.get(Pod, { namespace, name: 'raced' })).metadata?.labels?.tier === 'frontend', 'the cache to catch up');
    expect(await reconcile({ namespace, name: 'raced' })).toEqual({});
    expect((await reader.get(Pod, { namespace, name: 'raced' })).metadata?.labels).toEqual({ run: 'raced', tier: 'frontend', [podNameLabel]: 'raced' });
  });

  it('requeues when the pod was deleted since it was read, and ignores it once the cache knows', async () => {
    const created = await cachedThenFrozen('vanished');
    await client.delete(Pod, created);

    expect(await reconcile({ namespace, name: 'vanished' })).toEqual({ requeue: true });

    env.server.dropWatches();
    await eventually(async () => {
      try {
        await client.get(Pod, { namespace, name: 'vanished' });
        return false;
      } catch (err) {
        return (err as { reason?: string }).reason === 'NotFound';
      }
    }, 'the cache to drop the pod');
    expect(await reconcile({ namespace, name: 'vanished' })).toEqual({});
  });

  it('ignores a request for a pod that does not exist', async () => {
    expect(await reconcile({ namespace, name: 'never-there' })).toEqual({});
  });

  it('fails (to be retried with backoff) on any other error of the update', async () => {
    await cachedThenFrozen('refused');
    env.server.failNext({ method: 'PUT', path: /\/pods\/refused$/, code: 500, message: 'etcdserver: request timed out' });
    await expect(reconcile({ namespace, name: 'refused' })).rejects.toThrow(/request timed out/);
  });
});
