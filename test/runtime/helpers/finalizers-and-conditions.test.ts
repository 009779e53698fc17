import type { V1Job } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import {
  addFinalizer,
  containsFinalizer,
  createMergePatch,
  findStatusCondition,
  isStatusConditionFalse,
  isStatusConditionPresentAndEqual,
  isStatusConditionTrue,
  meta,
  removeFinalizer,
  removeStatusCondition,
  setStatusCondition,
  type Condition,
} from '../../../src/runtime/controllerutil/index.js';

describe('finalizers', () => {
  it('report whether they changed the object', () => {
    const job: V1Job = {};
    expect(containsFinalizer(job, 'batch.my.domain/cleanup')).toBe(false);
    expect(addFinalizer(job, 'batch.my.domain/cleanup')).toBe(true);
    expect(addFinalizer(job, 'batch.my.domain/cleanup')).toBe(false);
    expect(job.metadata?.finalizers).toEqual(['batch.my.domain/cleanup']);
    expect(containsFinalizer(job, 'batch.my.domain/cleanup')).toBe(true);
    expect(removeFinalizer(job, 'other')).toBe(false);
    expect(removeFinalizer(job, 'batch.my.domain/cleanup')).toBe(true);
    expect(job.metadata?.finalizers).toEqual([]);
  });
});

describe('status conditions', () => {
  it('change lastTransitionTime only when the status changes', () => {
    const conditions: Condition[] = [];
    expect(setStatusCondition(conditions, { type: 'Ready', status: 'False', reason: 'Starting', message: 'waiting' })).toBe(true);
    const first = findStatusCondition(conditions, 'Ready')!;
    expect(first.lastTransitionTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    // Same status, new reason: changed, transition time kept.
    first.lastTransitionTime = '2020-01-01T00:00:00Z';
    expect(setStatusCondition(conditions, { type: 'Ready', status: 'False', reason: 'StillStarting', message: 'waiting' })).toBe(true);
    expect(conditions[0]).toMatchObject({ reason: 'StillStarting', lastTransitionTime: '2020-01-01T00:00:00Z' });
    // Nothing new: unchanged.
    expect(setStatusCondition(conditions, { type: 'Ready', status: 'False', reason: 'StillStarting', message: 'waiting' })).toBe(false);
    // Status flips: new transition time (the one given, when given).
    expect(
      setStatusCondition(conditions, {
        type: 'Ready',
        status: 'True',
        reason: 'Up',
        message: 'ok',
        observedGeneration: 3,
        lastTransitionTime: '2021-06-01T12:00:00Z',
      }),
    ).toBe(true);
    expect(conditions).toEqual([
      { type: 'Ready', status: 'True', reason: 'Up', message: 'ok', observedGeneration: 3, lastTransitionTime: '2021-06-01T12:00:00Z' },
    ]);
    expect(isStatusConditionTrue(conditions, 'Ready')).toBe(true);
    expect(isStatusConditionFalse(conditions, 'Ready')).toBe(false);
    expect(isStatusConditionPresentAndEqual(conditions, 'Degraded', 'False')).toBe(false);
    expect(meta.isStatusConditionTrue(undefined, 'Ready')).toBe(false);
    expect(removeStatusCondition(conditions, 'Degraded')).toBe(false);
    expect(removeStatusCondition(conditions, 'Ready')).toBe(true);
    expect(conditions).toEqual([]);
  });
});

describe('createMergePatch', () => {
  it('sends changed and new fields, null for removed ones, whole arrays', () => {
    const before = { metadata: { labels: { a: '1', b: '2' } }, spec: { replicas: 1, ports: [1, 2], keep: true } };
    const after = { metadata: { labels: { a: '1', c: '3' } }, spec: { replicas: 2, ports: [1], keep: true } };
    expect(createMergePatch(before, after)).toEqual({
      metadata: { labels: { b: null, c: '3' } },
      spec: { replicas: 2, ports: [1] },
    });
    expect(createMergePatch(before, structuredClone(before))).toEqual({});
  });
});
