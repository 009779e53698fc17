/**
 * The cronjob tutorial's shape end to end: a controller for a custom kind (the tutorial's own CRD,
 * from the conformance set) that creates Jobs it controls, finds them through a field index on
 * the controller owner, and writes the custom resource's status subresource.
 */
import * as path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { V1Job, V1ObjectMeta } from '@kubernetes/client-node';
import { eventually, startTestEnvironment, type TestEnvironment } from '../../../src/testing/index.js';
import { controllerManagedBy, defineKind, getControllerOf, isInvalid, Job, setControllerReference, type Wire } from '../../../src/runtime/index.js';
import { createNamespace, newManager, runManager } from '../../support/runtime.js';
import { conformanceDir, describeShared } from '../../support/shared.js';

const crdFile = path.join(conformanceDir, 'kubebuilder', 'cronjob-tutorial', 'batch.tutorial.kubebuilder.io_cronjobs.yaml');

interface CronJob {
  apiVersion?: string;
  kind?: string;
  metadata?: Wire<V1ObjectMeta>;
  spec?: { schedule: string; jobTemplate: { spec?: Wire<V1Job>['spec'] }; suspend?: boolean };
  status?: { active?: { name?: string; namespace?: string }[]; lastScheduleTime?: string };
}
const CronJob = defineKind<CronJob>({ group: 'batch.tutorial.kubebuilder.io', version: 'v1', kind: 'CronJob', plural: 'cronjobs', namespaced: true });
const jobOwnerKey = '.metadata.controller';

describeShared(crdFile, 'a controller for a custom resource', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await startTestEnvironment({ crdDirectoryPaths: [crdFile], errorIfCRDPathMissing: true });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('creates owned Jobs, lists them by a controller-owner index, and writes status', async () => {
    const mgr = await newManager(env);
    mgr.getScheme().add(CronJob);
    const client = mgr.getClient();
    const ns = await createNamespace(client, 'crd');
    mgr.indexField(Job, jobOwnerKey, (job: Wire<V1Job>) => {
      const owner = getControllerOf(job);
      return owner?.apiVersion === CronJob.apiVersion && owner.kind === 'CronJob' ? owner.name : undefined;
    });
    const reconciled: string[] = [];
    await controllerManagedBy(mgr)
      .for(CronJob)
      .owns(Job)
      .complete(async (req) => {
        if (req.namespace !== ns) return {};
        reconciled.push(req.name);
        const cj = await client.get(CronJob, req);
        const jobs = await client.list(Job, { namespace: req.namespace, matchingFields: { [jobOwnerKey]: req.name } });
        if (jobs.length === 0) {
          const job: Wire<V1Job> = {
            metadata: { namespace: req.namespace, name: `${req.name}-1` },
            spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } },
          };
          setControllerReference(cj, job, CronJob);
          await client.create(Job, job);
          return {};
        }
        const active = jobs.map((j) => ({ name: j.metadata?.name, namespace: j.metadata?.namespace }));
        if (JSON.stringify(cj.status?.active ?? []) !== JSON.stringify(active)) {
          await client.status().update(CronJob, { ...cj, status: { ...cj.status, active } });
        }
        return {};
      });
    const r = runManager(mgr);
    try {
      await client.create(CronJob, {
        metadata: { namespace: ns, name: 'nightly' },
        spec: { schedule: '0 0 * * *', jobTemplate: { spec: { template: { spec: { containers: [{ name: 'c', image: 'busybox' }] } } } } },
      });
      // The Job's creation (an owned object) brings the CronJob back, which then records it in status.
      const cj = await eventually(async () => {
        const got = await client.get(CronJob, { namespace: ns, name: 'nightly' });
        return got.status?.active?.length === 1 ? got : false;
      }, 'status.active to list the job');
      expect(cj.status?.active).toEqual([{ name: 'nightly-1', namespace: ns }]);
      const job = await client.get(Job, { namespace: ns, name: 'nightly-1' });
      expect(getControllerOf(job)).toMatchObject({ kind: 'CronJob', name: 'nightly', uid: cj.metadata?.uid });
      expect(reconciled.filter((n) => n === 'nightly').length).toBeGreaterThanOrEqual(2);

      // The CRD's schema is enforced on writes through our client.
      const bad = await client.create(CronJob, { metadata: { namespace: ns, name: 'bad' }, spec: { jobTemplate: {} } as CronJob['spec'] }).catch((e: unknown) => e);
      expect(isInvalid(bad)).toBe(true);
    } finally {
      await r.stop();
    }
  });
});
