// The committed golden projects (test/golden/) must equal a fresh run of their CLI sequences, as
// kubebuilder checks its testdata: regenerate with `npx tsx scripts/regenerate-golden.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPatch } from 'diff';
import { afterAll, describe, expect, it } from 'vitest';
import { generateGoldenProject, goldenProjects, readTree } from '../../scripts/golden-sequence.js';

const goldenRoot = resolve(import.meta.dirname, '..', 'golden');
const work = mkdtempSync(join(tmpdir(), 'scaffolder-golden-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(Object.keys(goldenProjects))('golden project %s', (name) => {
  it('matches a fresh run of its CLI sequence', async () => {
    const fresh = join(work, name);
    await generateGoldenProject(name, fresh);
    const expected = readTree(join(goldenRoot, name));
    const actual = readTree(fresh);
    expect([...actual.keys()], 'file list (regenerate with: npx tsx scripts/regenerate-golden.ts)').toEqual([...expected.keys()]);
    const diffs = [...actual].filter(([path, content]) => expected.get(path) !== content)
      .map(([path, content]) => createPatch(path, expected.get(path) ?? '', content, 'golden', 'fresh run'));
    expect(diffs.join('\n'), 'contents differ (regenerate with: npx tsx scripts/regenerate-golden.ts)').toBe('');
  });
});
