/*
Copyright 2026 The xxx-controllers Authors.

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

// config/manager runs three replicas with --leader-elect: one holds the Lease and reconciles, the
// others wait, and when the leader stops one of them takes over. Each replica records events under
// its own component name, so the events say which replica did the work.
import { Event, Job, Manager, builtinScheme, type Reader } from 'kubescaffolder/runtime';
import { eventually, startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Xxx, addToScheme } from '../../api/v1alpha1/index.js';
import { XxxReconciler } from '../../src/controllers/xxx_controller.js';

const namespace = 'default';

interface Replica {
  name: string;
  mgr: Manager;
  running: Promise<void>;
  stopped: boolean;
}

describe('three replicas with leader election', () => {
  let env: TestEnvironment;
  let reader: Reader;
  const replicas: Replica[] = [];

  beforeAll(async () => {
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], errorIfCRDPathMissing: true });
    for (const name of ['replica-0', 'replica-1', 'replica-2']) {
      const scheme = builtinScheme();
      addToScheme(scheme);
      const mgr = await Manager.create({
        scheme,
        kubeConfig: env.kubeConfig,
        handleSignals: false,
        leaderElection: true,
        // As src/main.ts names the Lease.
        leaderElectionID: '37f0b1df.inspur.com',
        leaderElectionNamespace: namespace,
        // Short lease timings keep the test quick; the hand-over on stop does not wait for them.
        leaseDuration: 3_000,
        renewDeadline: 2_000,
        retryPeriod: 100,
      });
      await new XxxReconciler(mgr.getClient(), mgr.getScheme(), mgr.getEventRecorderFor(name)).setupWithManager(mgr);
      replicas.push({ name, mgr, running: mgr.start(), stopped: false });
    }
    reader = replicas[0].mgr.getAPIReader();
  });

  afterAll(async () => {
    for (const r of replicas) if (!r.stopped) r.mgr.stop();
    await Promise.allSettled(replicas.map((r) => r.running));
    await env?.stop();
  });

  /** The components that recorded CreatedJob events about the named Xxx; undefined while there are none. */
  /** The components that reported creating the Job of `name`; false while none has. */
  async function creators(name: string): Promise<string[] | false> {
    const events = await reader.list(Event, { namespace });
    const components = events.filter((e) => e.involvedObject.name === name && e.reason === 'CreatedJob').map((e) => e.source?.component ?? '');
    return components.length > 0 && components;
  }

  async function createXxx(name: string): Promise<void> {
    await replicas[0].mgr.getClient().create(Xxx, {
      apiVersion: 'test.inspur.com/v1alpha1',
      kind: 'Xxx',
      metadata: { name, namespace },
      spec: { gitUrl: 'https://github.com/kelseyhightower/helloworld.git', clonePath: '/src', buildCommand: 'go build', binaryName: 'helloworld', jobName: `build-${name}` },
    });
  }

  it('reconciles on the leader only, and on another replica once the leader stops', async () => {
    const leader = await Promise.race(replicas.map((r) => r.mgr.elected().then(() => r)));

    await createXxx('first');
    await eventually(() => reader.get(Job, { namespace, name: 'build-first' }), 'the first build Job');
    expect(await eventually(() => creators('first'), 'the CreatedJob event')).toEqual([leader.name]);

    leader.mgr.stop();
    leader.stopped = true;
    await leader.running;
    const successor = await Promise.race(replicas.filter((r) => r !== leader).map((r) => r.mgr.elected().then(() => r)));

    await createXxx('second');
    await eventually(() => reader.get(Job, { namespace, name: 'build-second' }), 'the second build Job');
    expect(await eventually(() => creators('second'), 'the CreatedJob event')).toEqual([successor.name]);
    expect(successor.name).not.toBe(leader.name);
  });
});
