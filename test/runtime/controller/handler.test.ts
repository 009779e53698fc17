import { describe, expect, it } from 'vitest';
import { defineKind, handler, type Request, type RequestQueue } from '../../../src/runtime/index.js';

const CronJob = defineKind({ group: 'batch.tutorial.kubebuilder.io', version: 'v1', kind: 'CronJob', plural: 'cronjobs', namespaced: true });

function recorder(): RequestQueue & { added: Request[] } {
  const added: Request[] = [];
  return { added, add: (r) => added.push(r), addAfter: (r) => added.push(r), addRateLimited: (r) => added.push(r) };
}

const job = (owners: { apiVersion: string; kind: string; name: string; controller?: boolean }[]) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { namespace: 'ns', name: 'job-1', ownerReferences: owners.map((o) => ({ uid: 'u', ...o })) },
});

describe('event handlers', () => {
  it('enqueueRequestForObject enqueues the object, including cluster-scoped ones with an empty namespace', () => {
    const q = recorder();
    const h = handler.enqueueRequestForObject();
    h.create!({ metadata: { namespace: 'ns', name: 'a' } }, q);
    h.update!({ metadata: { namespace: 'ns', name: 'a' } }, { metadata: { namespace: 'ns', name: 'b' } }, q);
    h.delete!({ metadata: { name: 'node-1' } }, q);
    expect(q.added).toEqual([
      { namespace: 'ns', name: 'a' },
      { namespace: 'ns', name: 'b' },
      { namespace: '', name: 'node-1' },
    ]);
  });

  it('enqueueRequestForOwner maps to the controller owner of the right group and kind, any version', () => {
    const q = recorder();
    const h = handler.enqueueRequestForOwner(CronJob);
    h.create!(
      job([
        { apiVersion: 'batch.tutorial.kubebuilder.io/v2', kind: 'CronJob', name: 'owner', controller: true },
        { apiVersion: 'batch.tutorial.kubebuilder.io/v1', kind: 'CronJob', name: 'not-controller' },
        { apiVersion: 'other.io/v1', kind: 'CronJob', name: 'other-group', controller: true },
        { apiVersion: 'batch/v1', kind: 'CronJob', name: 'builtin-cronjob', controller: true },
      ]),
      q,
    );
    expect(q.added).toEqual([{ namespace: 'ns', name: 'owner' }]);

    const all = recorder();
    handler.enqueueRequestForOwner(CronJob, { onlyControllerOwner: false }).create!(
      job([
        { apiVersion: 'batch.tutorial.kubebuilder.io/v1', kind: 'CronJob', name: 'a', controller: true },
        { apiVersion: 'batch.tutorial.kubebuilder.io/v1', kind: 'CronJob', name: 'b' },
      ]),
      all,
    );
    expect(all.added.map((r) => r.name)).toEqual(['a', 'b']);
  });

  it('enqueueRequestForOwner reconciles the old and the new owner when ownership moves', () => {
    const q = recorder();
    const h = handler.enqueueRequestForOwner(CronJob);
    const before = job([{ apiVersion: CronJob.apiVersion, kind: 'CronJob', name: 'old', controller: true }]);
    const after = job([{ apiVersion: CronJob.apiVersion, kind: 'CronJob', name: 'new', controller: true }]);
    h.update!(before, after, q);
    expect(q.added.map((r) => r.name)).toEqual(['old', 'new']);
  });

  it('enqueueRequestsFromMapFunc enqueues what the (async) map function returns and reports its errors', async () => {
    const q = recorder();
    const errors: unknown[] = [];
    const h = handler.enqueueRequestsFromMapFunc(
      async (o: { metadata: { name: string } }) => {
        if (o.metadata.name === 'bad') throw new Error('lookup failed');
        return [{ namespace: 'x', name: `for-${o.metadata.name}` }];
      },
      (err) => errors.push(err),
    );
    h.create!({ metadata: { name: 'a' } }, q);
    h.create!({ metadata: { name: 'bad' } }, q);
    await new Promise((r) => setTimeout(r, 0));
    expect(q.added).toEqual([{ namespace: 'x', name: 'for-a' }]);
    expect(String(errors[0])).toMatch(/lookup failed/);
  });
});
