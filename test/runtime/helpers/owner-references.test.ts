import type { V1ConfigMap, V1Job, V1Namespace } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { CronJobV1, Job, Namespace, builtinScheme } from '../../../src/runtime/scheme/index.js';
import {
  AlreadyOwnedError,
  getControllerOf,
  hasControllerReference,
  hasOwnerReference,
  removeOwnerReference,
  removeControllerReference,
  setControllerReference,
  setOwnerReference,
} from '../../../src/runtime/controllerutil/index.js';

const cronJob = (name: string, uid: string) => ({
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name, namespace: 'default', uid },
});

describe('setControllerReference', () => {
  it('adds a controller reference resolved from the scheme or a descriptor', () => {
    const job: V1Job = { metadata: { name: 'j', namespace: 'default' } };
    setControllerReference(cronJob('nightly', 'uid-1'), job, builtinScheme());
    expect(job.metadata?.ownerReferences).toEqual([
      { apiVersion: 'batch/v1', kind: 'CronJob', name: 'nightly', uid: 'uid-1', blockOwnerDeletion: true, controller: true },
    ]);
    // Setting it again (even without TypeMeta on the owner, through the descriptor) replaces, not duplicates.
    const { apiVersion: _a, kind: _k, ...bare } = cronJob('nightly', 'uid-1');
    setControllerReference(bare, job, CronJobV1, { blockOwnerDeletion: false });
    expect(job.metadata?.ownerReferences).toHaveLength(1);
    expect(job.metadata?.ownerReferences?.[0]?.blockOwnerDeletion).toBe(false);
    expect(getControllerOf(job)?.name).toBe('nightly');
    expect(hasControllerReference(job)).toBe(true);
  });

  it('refuses a second controller with AlreadyOwnedError', () => {
    const job: V1Job = { metadata: { name: 'j', namespace: 'default' } };
    setControllerReference(cronJob('a', 'uid-a'), job, CronJobV1);
    let caught: unknown;
    try {
      setControllerReference(cronJob('b', 'uid-b'), job, CronJobV1);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AlreadyOwnedError);
    expect((caught as Error).message).toBe('Object default/j is already owned by another CronJob controller a');
    expect(job.metadata?.ownerReferences).toHaveLength(1);
  });

  it('enforces namespace rules and needs the owner uid', () => {
    const ns: V1Namespace = { metadata: { name: 'team', uid: 'ns-uid' } };
    const clusterScoped: V1Namespace = { metadata: { name: 'other' } };
    const inOtherNs: V1ConfigMap = { metadata: { name: 'c', namespace: 'kube-system' } };
    expect(() => setControllerReference(cronJob('a', 'u'), clusterScoped, CronJobV1)).toThrow(
      /cluster-scoped resource must not have a namespace-scoped owner, owner's namespace default/,
    );
    expect(() => setControllerReference(cronJob('a', 'u'), inOtherNs, CronJobV1)).toThrow(/cross-namespace owner references are disallowed/);
    // A cluster-scoped owner may own a namespaced object.
    setControllerReference(ns, inOtherNs, Namespace);
    expect(inOtherNs.metadata?.ownerReferences?.[0]).toMatchObject({ apiVersion: 'v1', kind: 'Namespace', name: 'team' });
    expect(() => setControllerReference({ metadata: { name: 'x', namespace: 'kube-system' } }, inOtherNs, Job)).toThrow(/has no metadata.uid/);
    expect(() => setControllerReference({ metadata: { name: 'x', uid: 'u' } }, inOtherNs, builtinScheme())).toThrow(
      /cannot tell the kind of owner x/,
    );
  });
});

describe('setOwnerReference and removal', () => {
  it('adds plain owner references, matches across versions, and removes them', () => {
    const job: V1Job = { metadata: { name: 'j', namespace: 'default' } };
    setOwnerReference(cronJob('a', 'uid-a'), job, CronJobV1);
    setOwnerReference(cronJob('b', 'uid-b'), job, CronJobV1);
    expect(job.metadata?.ownerReferences).toEqual([
      { apiVersion: 'batch/v1', kind: 'CronJob', name: 'a', uid: 'uid-a' },
      { apiVersion: 'batch/v1', kind: 'CronJob', name: 'b', uid: 'uid-b' },
    ]);
    expect(hasControllerReference(job)).toBe(false);
    // Same group, other version: still the same owner.
    const v2 = { ...cronJob('a', 'uid-a'), apiVersion: 'batch/v2' };
    expect(hasOwnerReference(job, v2, builtinScheme().add({ ...CronJobV1, version: 'v2', apiVersion: 'batch/v2' }))).toBe(true);
    removeOwnerReference(cronJob('a', 'uid-a'), job, CronJobV1);
    expect(job.metadata?.ownerReferences?.map((r) => r.name)).toEqual(['b']);
    expect(() => removeOwnerReference(cronJob('a', 'uid-a'), job, CronJobV1)).toThrow(/has no owner reference to CronJob a/);
  });
});

describe('removeControllerReference', () => {
  it('removes the controller reference to the owner, and refuses when there is none or the owner is not the controller', () => {
    const job: V1Job = { metadata: { name: 'j', namespace: 'default' } };
    expect(() => removeControllerReference(cronJob('a', 'uid-a'), job, CronJobV1)).toThrow(/has no controller reference/);
    setOwnerReference(cronJob('plain', 'uid-p'), job, CronJobV1);
    setControllerReference(cronJob('boss', 'uid-b'), job, CronJobV1);
    expect(() => removeControllerReference(cronJob('other', 'uid-o'), job, CronJobV1)).toThrow(/no controller reference to CronJob other/);
    expect(() => removeControllerReference(cronJob('plain', 'uid-p'), job, CronJobV1)).toThrow(/CronJob plain is an owner .* but not its controller/);
    removeControllerReference(cronJob('boss', 'uid-b'), job, builtinScheme());
    expect(job.metadata?.ownerReferences?.map((r) => r.name)).toEqual(['plain']);
    expect(hasControllerReference(job)).toBe(false);
    // Now another owner may become the controller.
    setControllerReference(cronJob('successor', 'uid-s'), job, CronJobV1);
    expect(getControllerOf(job)?.name).toBe('successor');
  });
});
