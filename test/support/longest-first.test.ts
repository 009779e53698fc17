import { describe, expect, it } from 'vitest';
import { longestFirst, type FileToOrder } from './longest-first.js';

const paths = (files: FileToOrder[]) => longestFirst(files).map((f) => `${f.project}:${f.path}`);

describe('the order test files start in', () => {
  it('with no earlier run, starts e2e files, then .slow ones, then project slow, then project fast, whatever their size', () => {
    expect(paths([
      { project: 'fast', path: 'test/cli/big.test.ts', size: 90_000 },
      { project: 'slow', path: 'test/runtime/cache/cache.test.ts', size: 20_000 },
      { project: 'slow', path: 'test/examples/examples.slow.test.ts', size: 9_000 },
      { project: 'fast', path: 'test/cli/small.test.ts', size: 1_000 },
      { project: 'slow', path: 'test/package/registry.e2e.test.ts', size: 7_000 },
      { project: 'slow', path: 'test/scaffold/generated-project.e2e.test.ts', size: 12_000 },
    ])).toEqual([
      'slow:test/scaffold/generated-project.e2e.test.ts',
      'slow:test/package/registry.e2e.test.ts',
      'slow:test/examples/examples.slow.test.ts',
      'slow:test/runtime/cache/cache.test.ts',
      'fast:test/cli/big.test.ts',
      'fast:test/cli/small.test.ts',
    ]);
  });

  it('after a run, starts the files that took longest first, whichever project they are in', () => {
    expect(paths([
      { project: 'slow', path: 'test/a.e2e.test.ts', size: 1, lastDuration: 2_000 },
      { project: 'fast', path: 'test/b.test.ts', size: 1, lastDuration: 30_000 },
      { project: 'slow', path: 'test/c.test.ts', size: 1, lastDuration: 9_000 },
    ])).toEqual(['fast:test/b.test.ts', 'slow:test/c.test.ts', 'slow:test/a.e2e.test.ts']);
  });

  it('starts files new since the last run before those it has a duration for', () => {
    expect(paths([
      { project: 'fast', path: 'test/known.test.ts', size: 1, lastDuration: 500_000 },
      { project: 'fast', path: 'test/new.test.ts', size: 1 },
    ])).toEqual(['fast:test/new.test.ts', 'fast:test/known.test.ts']);
  });
});
