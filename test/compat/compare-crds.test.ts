import { describe, expect, it } from 'vitest';
import { compareCrds } from '../../src/generators/compat/index.js';
import { BREAKING, COMPATIBLE } from './corpus.js';

describe('compatibility check: the corpus of schema changes', () => {
  it('holds at least 30 breaking and 30 compatible changes', () => {
    expect(BREAKING.length).toBeGreaterThanOrEqual(30);
    expect(COMPATIBLE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(BREAKING.map((c) => [c.name, c] as const))('breaking: %s', (_name, c) => {
    const findings = compareCrds([c.old], [c.new]);
    const breaking = findings.filter((f) => f.severity === 'breaking');
    expect(breaking.map((f) => f.rule)).toContain(c.rule);
  });

  it.each(COMPATIBLE.map((c) => [c.name, c] as const))('compatible: %s', (_name, c) => {
    const findings = compareCrds([c.old], [c.new]);
    expect(findings.filter((f) => f.severity === 'breaking')).toEqual([]);
    // Warnings are for changes that need doing something (a migration) or change how apply merges.
    expect(findings.map((f) => f.rule)).toEqual(c.rule ? [c.rule] : []);
  });
});

describe('compatibility check: findings', () => {
  it('says old → new, the path, and whether ratcheting keeps stored objects updatable', () => {
    const c = BREAKING.find((x) => x.rule === 'maximum-tightened')!;
    const [finding] = compareCrds([c.old], [c.new]);
    expect(finding).toMatchObject({ severity: 'breaking', crd: 'widgets.compat.example.com', version: 'v1', path: '.spec.n', old: '100', new: '10' });
    expect(finding.detail).toMatch(/ratcheted/);
    expect(finding.crdField).toBe('spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[n].maximum');
    const required = compareCrds([BREAKING.find((x) => x.rule === 'field-required')!.old], [BREAKING.find((x) => x.rule === 'field-required')!.new]);
    expect(required[0].detail).toMatch(/^objects without \.spec\.b were valid and are refused; ratcheted/);
  });

  it('a transition rule is said to be checked on updates and not ratcheted', () => {
    const c = BREAKING.find((x) => x.name.startsWith('a transition rule'))!;
    expect(compareCrds([c.old], [c.new])[0].detail).toMatch(/transition rule.*not ratcheted/);
  });

  it('a removed CRD is breaking; a new one is not a finding', () => {
    const c = COMPATIBLE[0];
    expect(compareCrds([c.old], []).map((f) => f.rule)).toEqual(['crd-removed']);
    expect(compareCrds([], [c.new])).toEqual([]);
  });
});
