import { describe, expect, it } from 'vitest';
import { builtinScheme, defineKind, Job, Lease, parseApiVersion, Pod, Scheme } from '../../../src/runtime/index.js';

describe('defineKind', () => {
  it('derives apiVersion for named and core groups', () => {
    const cj = defineKind({ group: 'batch.my.domain', version: 'v1', kind: 'CronJob', plural: 'cronjobs', namespaced: true });
    expect(cj.apiVersion).toBe('batch.my.domain/v1');
    expect(Pod.apiVersion).toBe('v1');
    expect(Lease.apiVersion).toBe('coordination.k8s.io/v1');
  });

  it('rejects malformed names with a message that names the kind and rule', () => {
    expect(() => defineKind({ group: 'Batch', version: 'v1', kind: 'X', plural: 'xs', namespaced: true })).toThrow(/group "Batch" is not a DNS subdomain/);
    expect(() => defineKind({ group: 'a.b', version: 'v1', kind: 'cronJob', plural: 'cronjobs', namespaced: true })).toThrow(/UpperCamelCase/);
    expect(() => defineKind({ group: 'a.b', version: 'v1', kind: 'CronJob', plural: 'CronJobs', namespaced: true })).toThrow(/plural "CronJobs"/);
  });
});

describe('Scheme', () => {
  it('looks kinds up by descriptor, apiVersion+kind, resource and object', () => {
    const scheme = builtinScheme();
    expect(scheme.lookup('batch/v1', 'Job')).toBe(Job);
    expect(scheme.lookup('v1', 'Pod')).toBe(Pod);
    expect(scheme.lookup('v2', 'Pod')).toBeUndefined();
    expect(scheme.lookupResource('coordination.k8s.io', 'v1', 'leases')).toBe(Lease);
    expect(scheme.kindFor({ apiVersion: 'batch/v1', kind: 'Job' })).toBe(Job);
    expect(() => scheme.kindFor({ apiVersion: 'x.io/v1', kind: 'Thing' })).toThrow(/Thing in x.io\/v1 is not registered/);
    expect(scheme.kinds()).toHaveLength(14);
  });

  it('accepts the same kind twice but not a conflicting definition', () => {
    const a = defineKind({ group: 'x.io', version: 'v1', kind: 'Thing', plural: 'things', namespaced: true });
    const b = defineKind({ group: 'x.io', version: 'v1', kind: 'Thing', plural: 'thingies', namespaced: true });
    const scheme = new Scheme().add(a, a);
    expect(scheme.has(a)).toBe(true);
    expect(() => scheme.add(b)).toThrow(/already registered with plural "things"/);
  });

  it('splits apiVersions', () => {
    expect(parseApiVersion('v1')).toEqual({ group: '', version: 'v1' });
    expect(parseApiVersion('apps/v1')).toEqual({ group: 'apps', version: 'v1' });
  });
});
