import { describe, expect, it } from 'vitest';
import { compileLabelSelector, labelSelectorString } from '../../../src/runtime/cache/index.js';

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

  it('names the requirement it cannot parse', () => {
    expect(() => compileLabelSelector('app=web,a b c')).toThrow(/cannot parse requirement "a b c"/);
  });
});
