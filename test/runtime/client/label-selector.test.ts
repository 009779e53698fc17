import { describe, expect, it } from 'vitest';
import { compileLabelSelector, labelSelectorString } from '../../../src/runtime/client/index.js';

describe('label selectors', () => {
  const web = { app: 'web', tier: 'front' };
  const db = { app: 'db' };

  it('evaluates equality, inequality, set and existence requirements', () => {
    const cases: [string, boolean, boolean][] = [
      ['app=web', true, false],
      ['app==db', false, true],
      ['app!=web', false, true],
      ['app in (web, api)', true, false],
      ['app notin (web)', false, true],
      ['tier', true, false],
      ['!tier', false, true],
      ['app in (web,db),tier', true, false],
      ['', true, true],
    ];
    for (const [sel, matchesWeb, matchesDb] of cases) {
      const m = compileLabelSelector(sel);
      expect([sel, m(web), m(db)]).toEqual([sel, matchesWeb, matchesDb]);
    }
  });

  it('treats an object without labels as having none', () => {
    expect(compileLabelSelector('app!=web')(undefined)).toBe(true);
    expect(compileLabelSelector('app')(undefined)).toBe(false);
  });

  it('accepts an equality map and renders it as a query string', () => {
    expect(compileLabelSelector({ app: 'web', tier: 'front' })(web)).toBe(true);
    expect(compileLabelSelector({ app: 'web', tier: 'back' })(web)).toBe(false);
    expect(labelSelectorString({ app: 'web', tier: 'front' })).toBe('app=web,tier=front');
  });

  it('names the requirement it cannot parse, in the API server\'s words', () => {
    expect(() => compileLabelSelector('app=web,a b c')).toThrow("unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
    expect(() => compileLabelSelector('app=-web')).toThrow('unable to parse requirement: values[0][app]: Invalid value: "-web": a valid label must be an empty string');
  });

  it('reads the selectors the API server reads (the grammar of src/kube/label-selector.ts)', () => {
    expect(compileLabelSelector('replicas>2')({ replicas: '3' })).toBe(true);
    expect(compileLabelSelector('replicas<2')({ replicas: '3' })).toBe(false);
  });
});
