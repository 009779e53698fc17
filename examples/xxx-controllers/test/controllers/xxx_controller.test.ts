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

// The controller runs in a manager against the in-process test API server. There is no Job
// controller there, so the tests play its part: they write the Job status that says whether the
// build (or the removal) succeeded.
import type { V1Job } from '@kubernetes/client-node';
import { Event, Job, Manager, builtinScheme, isNotFound, type Client, type Reader, type Wire } from 'kubescaffolder/runtime';
import { eventually, startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as testv1alpha1 from '../../api/v1alpha1/index.js';
import { Xxx, type XxxSpec } from '../../api/v1alpha1/index.js';
import { XxxReconciler, finalizerName } from '../../src/controllers/xxx_controller.js';

const namespace = 'default';

/** The seed's sample, with a distinct jobName per test. */
function sampleSpec(jobName: string): XxxSpec {
  return {
    gitUrl: 'https://github.com/kelseyhightower/helloworld.git',
    clonePath: '/root/go/src/helloworld',
    buildCommand: 'go build',
    binaryName: 'helloworld',
    jobName,
  };
}

describe('Xxx controller', () => {
  let env: TestEnvironment;
  let mgr: Manager;
  let running: Promise<void>;
  let client: Client;
  let reader: Reader;

  beforeAll(async () => {
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], errorIfCRDPathMissing: true });
    const scheme = builtinScheme();
    testv1alpha1.addToScheme(scheme);
    mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
    await new XxxReconciler(mgr.getClient(), mgr.getScheme(), mgr.getEventRecorderFor('xxx-controller')).setupWithManager(mgr);
    running = mgr.start();
    client = mgr.getClient();
    reader = mgr.getAPIReader();
  });

  afterAll(async () => {
    mgr?.stop();
    await running;
    await env?.stop();
  });

  const getXxx = (name: string) => reader.get(Xxx, { namespace, name });
  const getJob = (name: string) => reader.get(Job, { namespace, name });

  async function createXxx(name: string, spec: XxxSpec): Promise<Xxx> {
    return client.create(Xxx, { apiVersion: 'test.inspur.com/v1alpha1', kind: 'Xxx', metadata: { name, namespace }, spec });
  }

  /** Plays the Job controller: the Job ran to the end, successfully or not. */
  async function finishJob(name: string, outcome: 'Complete' | 'Failed'): Promise<void> {
    const job = await getJob(name);
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    // As the Job controller writes them: kube-apiserver refuses Complete without SuccessCriteriaMet, Failed without FailureTarget.
    const conditions = [outcome === 'Complete' ? 'SuccessCriteriaMet' : 'FailureTarget', outcome].map((type) => ({ type, status: 'True', lastProbeTime: now, lastTransitionTime: now }));
    const status = outcome === 'Complete' ? { conditions, succeeded: 1, startTime: now, completionTime: now } : { conditions, failed: 1, startTime: now };
    await client.status().patch(Job, job, { status }, { type: 'merge' });
  }

  async function eventReasons(name: string): Promise<string[]> {
    const events = await reader.list(Event, { namespace });
    return events.filter((e) => e.involvedObject.kind === 'Xxx' && e.involvedObject.name === name).map((e) => e.reason ?? '');
  }

  const commandOf = (job: Wire<V1Job>) => job.spec?.template.spec?.containers[0]?.command;
  const condition = (xxx: Xxx, type: string) => xxx.status?.conditions?.find((c) => c.type === type);

  it('runs the build Job named jobName, owned by the Xxx, with the clone-build-copy command and /opt of the node', async () => {
    const xxx = await createXxx('create', sampleSpec('build-helloworld'));

    const job = await eventually(() => getJob('build-helloworld'), 'the build Job');
    // Exactly what the controller asks for; the API server may add its defaults (imagePullPolicy, ...).
    const pod = job.spec?.template.spec;
    expect(pod).toMatchObject({
      restartPolicy: 'Never',
      containers: [{ name: 'golang', image: 'golang', volumeMounts: [{ name: 'host-opt', mountPath: '/opt' }] }],
      volumes: [{ name: 'host-opt', hostPath: { path: '/opt', type: 'DirectoryOrCreate' } }],
    });
    expect(pod?.containers[0]?.command).toEqual(['bash', '-c', 'git clone https://github.com/kelseyhightower/helloworld.git /root/go/src/helloworld; cd /root/go/src/helloworld; go build; cp helloworld /opt/']);
    expect(pod?.containers[0]?.volumeMounts).toEqual([{ name: 'host-opt', mountPath: '/opt' }]);
    expect(pod?.volumes).toEqual([{ name: 'host-opt', hostPath: { path: '/opt', type: 'DirectoryOrCreate' } }]);
    expect(job.metadata?.ownerReferences).toEqual([
      { apiVersion: 'test.inspur.com/v1alpha1', kind: 'Xxx', name: 'create', uid: xxx.metadata?.uid, controller: true, blockOwnerDeletion: true },
    ]);

    const withStatus = await eventually(async () => {
      const x = await getXxx('create');
      return x.status?.job?.uid === job.metadata?.uid && x;
    }, 'the status to name the Job');
    expect(withStatus.metadata?.finalizers).toEqual([finalizerName]);
    expect(withStatus.status?.command).toBe(commandOf(job)?.[2]);
    expect(withStatus.status?.observedGeneration).toBe(withStatus.metadata?.generation);
    expect(condition(withStatus, 'Built')).toMatchObject({ status: 'Unknown', reason: 'JobRunning' });
    await eventually(async () => (await eventReasons('create')).includes('CreatedJob'), 'a CreatedJob event');
  });

  it('reports the build from the Job status: Built True on success, False on failure', async () => {
    await createXxx('outcome-ok', sampleSpec('outcome-ok'));
    await createXxx('outcome-bad', sampleSpec('outcome-bad'));
    await eventually(() => getJob('outcome-ok'), 'the first build Job');
    await eventually(() => getJob('outcome-bad'), 'the second build Job');

    await finishJob('outcome-ok', 'Complete');
    await finishJob('outcome-bad', 'Failed');

    const ok = await eventually(async () => {
      const x = await getXxx('outcome-ok');
      return condition(x, 'Built')?.status === 'True' && x;
    }, 'Built True');
    expect(condition(ok, 'Built')?.reason).toBe('JobSucceeded');
    const bad = await eventually(async () => {
      const x = await getXxx('outcome-bad');
      return condition(x, 'Built')?.status === 'False' && x;
    }, 'Built False');
    expect(condition(bad, 'Built')?.reason).toBe('JobFailed');
  });

  it('replaces the Job when the spec changes: a new command, then a new name', async () => {
    await createXxx('change', sampleSpec('build-change'));
    const first = await eventually(() => getJob('build-change'), 'the first build Job');
    await finishJob('build-change', 'Complete');
    await eventually(async () => condition(await getXxx('change'), 'Built')?.status === 'True', 'the first build to be reported');

    // As in the write-up: `cp helloworld` becomes `cp helloworld2`.
    await client.patch(Xxx, await getXxx('change'), { spec: { binaryName: 'helloworld2' } }, { type: 'merge' });
    const second = await eventually(async () => {
      const job = await getJob('build-change');
      return job.metadata?.uid !== first.metadata?.uid && job;
    }, 'a new Job under the same name');
    expect(commandOf(second)).toEqual(['bash', '-c', 'git clone https://github.com/kelseyhightower/helloworld.git /root/go/src/helloworld; cd /root/go/src/helloworld; go build; cp helloworld2 /opt/']);
    const afterChange = await eventually(async () => {
      const x = await getXxx('change');
      return x.status?.job?.uid === second.metadata?.uid && x;
    }, 'the status to follow the new Job');
    // The old Job succeeded, the new one has not: the binary of the current spec is not there yet.
    expect(condition(afterChange, 'Built')).toMatchObject({ status: 'Unknown', reason: 'JobRunning' });
    expect(afterChange.status?.observedGeneration).toBe(afterChange.metadata?.generation);

    await client.patch(Xxx, afterChange, { spec: { jobName: 'build-change-renamed' } }, { type: 'merge' });
    const renamed = await eventually(() => getJob('build-change-renamed'), 'the Job under the new name');
    expect(commandOf(renamed)?.[2]).toContain('cp helloworld2 /opt/');
    await eventually(async () => {
      try {
        await getJob('build-change');
        return false;
      } catch (err) {
        return isNotFound(err);
      }
    }, 'the Job under the old name to be deleted');
    expect(await eventReasons('change')).toContain('DeletedJob');
  });

  it('on delete runs <jobName>-delete and releases the finalizer only once that Job has succeeded', async () => {
    await createXxx('remove', sampleSpec('build-remove'));
    await eventually(async () => (await getXxx('remove')).metadata?.finalizers?.includes(finalizerName) ?? false, 'the finalizer');
    await eventually(() => getJob('build-remove'), 'the build Job');

    await client.delete(Xxx, await getXxx('remove'));
    const deleteJob = await eventually(() => getJob('build-remove-delete'), 'the delete Job');
    expect(deleteJob.spec?.template.spec?.containers).toMatchObject([{ name: 'golang', image: 'golang', volumeMounts: [{ name: 'host-opt', mountPath: '/opt' }] }]);
    expect(deleteJob.spec?.template.spec?.containers[0]?.command).toEqual(['bash', '-c', 'rm -f /opt/helloworld']);
    expect(deleteJob.spec?.template.spec?.volumes).toEqual([{ name: 'host-opt', hostPath: { path: '/opt', type: 'DirectoryOrCreate' } }]);
    expect(deleteJob.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'Xxx', name: 'remove', controller: true });

    // While the delete Job runs the Xxx stays, marked for deletion, with the finalizer.
    const waiting = await eventually(async () => {
      const x = await getXxx('remove');
      return condition(x, 'Removed')?.status === 'Unknown' && x;
    }, 'the Removed condition');
    expect(waiting.metadata?.deletionTimestamp).toBeTruthy();
    expect(waiting.metadata?.finalizers).toEqual([finalizerName]);
    // A build still running could copy the binary back, so the build Job is gone already.
    await eventually(async () => {
      try {
        await getJob('build-remove');
        return false;
      } catch (err) {
        return isNotFound(err);
      }
    }, 'the build Job to be deleted');

    await finishJob('build-remove-delete', 'Complete');
    await eventually(async () => {
      try {
        await getXxx('remove');
        return false;
      } catch (err) {
        return isNotFound(err);
      }
    }, 'the Xxx to be gone');
    // Owned, so garbage-collected with it.
    await eventually(async () => {
      try {
        await getJob('build-remove-delete');
        return false;
      } catch (err) {
        return isNotFound(err);
      }
    }, 'the delete Job to be collected');
  });

  it('keeps the finalizer when the delete Job fails', async () => {
    await createXxx('stuck', sampleSpec('build-stuck'));
    await eventually(async () => (await getXxx('stuck')).metadata?.finalizers?.includes(finalizerName) ?? false, 'the finalizer');
    await client.delete(Xxx, await getXxx('stuck'));
    await eventually(() => getJob('build-stuck-delete'), 'the delete Job');

    await finishJob('build-stuck-delete', 'Failed');
    const stuck = await eventually(async () => {
      const x = await getXxx('stuck');
      return condition(x, 'Removed')?.status === 'False' && x;
    }, 'Removed False');
    expect(condition(stuck, 'Removed')?.reason).toBe('JobFailed');
    expect(stuck.metadata?.finalizers).toEqual([finalizerName]);
    await eventually(async () => (await eventReasons('stuck')).includes('RemoveFailed'), 'a RemoveFailed warning');

    // An administrator who cleaned /opt by hand lets it go.
    await client.patch(Xxx, stuck, { metadata: { finalizers: null } }, { type: 'merge' });
    await eventually(async () => {
      try {
        await getXxx('stuck');
        return false;
      } catch (err) {
        return isNotFound(err);
      }
    }, 'the Xxx to be gone');
  });

  it('does not take over a Job of the same name that it does not own', async () => {
    await client.create(Job, {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'someone-elses', namespace },
      spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }] } } },
    });
    await createXxx('taken', sampleSpec('someone-elses'));
    const x = await eventually(async () => {
      const got = await getXxx('taken');
      return condition(got, 'Built')?.status === 'False' && got;
    }, 'Built False');
    expect(condition(x, 'Built')?.reason).toBe('JobNameTaken');
    const job = await getJob('someone-elses');
    expect(job.metadata?.ownerReferences ?? []).toEqual([]);
    expect(job.spec?.template.spec?.containers[0]?.image).toBe('busybox');
  });
});
