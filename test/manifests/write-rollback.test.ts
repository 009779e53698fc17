// `manifests` writes all its files or none: a rename that fails half-way puts back the files
// already replaced and leaves no temporary file. The failure is made in-process: renameSync fails
// from the chosen call on.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runManifests } from '../../src/generators/manifests/index.js';
import { repoRoot } from '../support/shared.js';

const failing = vi.hoisted(() => ({ renameAt: Number.POSITIVE_INFINITY, renames: 0, restores: true }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    renameSync: (...args: Parameters<typeof fs.renameSync>) => {
      if (++failing.renames >= failing.renameAt) throw new Error(`EXDEV: cannot rename ${String(args[0])}`);
      return fs.renameSync(...args);
    },
    writeFileSync: (...args: Parameters<typeof fs.writeFileSync>) => {
      // with restores off, putting a replaced file back fails too
      if (!failing.restores && failing.renames >= failing.renameAt && !String(args[0]).endsWith('.tmp')) throw new Error('EIO: disk gone');
      return fs.writeFileSync(...args);
    },
  };
});

const temps: string[] = [];
afterEach(() => {
  Object.assign(failing, { renameAt: Number.POSITIVE_INFINITY, renames: 0, restores: true });
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'manifests-rollback-'));
  temps.push(dir);
  cpSync(path.join(repoRoot, 'test', 'fixtures', 'crd', 'project-v4', 'api'), path.join(dir, 'api'), { recursive: true });
  writeFileSync(path.join(dir, 'PROJECT'), 'domain: example.com\nlayout: [typescript.scaffolder.dev/v1]\nprojectName: project-v4\nversion: "3"\n');
  return dir;
}

function capture() {
  const err: string[] = [];
  return { io: { stdout: () => undefined, stderr: (s: string) => void err.push(s) }, errors: () => err.join('') };
}

/** Every file under config/ with its content. */
function outputs(dir: string): Record<string, string> {
  const bases = path.join(dir, 'config', 'crd', 'bases');
  return Object.fromEntries(readdirSync(bases).sort().map((f) => [f, readFileSync(path.join(bases, f), 'utf8')]));
}

describe('manifests when a rename fails half-way', () => {
  it('puts back the CRDs already replaced, reports nothing changed, and leaves no *.tmp', async () => {
    const dir = project();
    expect(await runManifests({ projectDir: dir }, capture().io)).toBe(0);
    const names = Object.keys(outputs(dir));
    expect(names.length).toBeGreaterThanOrEqual(3);
    for (const f of names) writeFileSync(path.join(dir, 'config', 'crd', 'bases', f), `# before: ${f}\n`);
    const before = outputs(dir);

    Object.assign(failing, { renameAt: 3, renames: 0 });
    const c = capture();
    expect(await runManifests({ projectDir: dir }, c.io)).toBe(1);
    expect(c.errors()).toMatch(/^manifests: cannot write the output, nothing changed: EXDEV: cannot rename /);
    expect(outputs(dir)).toEqual(before);
  });

  it('says which files changed when they cannot be put back', async () => {
    const dir = project();
    expect(await runManifests({ projectDir: dir }, capture().io)).toBe(0);
    const names = Object.keys(outputs(dir));
    for (const f of names) writeFileSync(path.join(dir, 'config', 'crd', 'bases', f), `# before: ${f}\n`);

    Object.assign(failing, { renameAt: 3, renames: 0, restores: false });
    const c = capture();
    expect(await runManifests({ projectDir: dir }, c.io)).toBe(1);
    const after = outputs(dir);
    const replaced = names.filter((f) => after[f] !== `# before: ${f}\n`);
    expect(replaced).toHaveLength(2);
    expect(c.errors()).toContain('manifests: cannot write the output, some files changed: ');
    expect(c.errors()).toContain(`2 file(s) already replaced could not be put back: ${replaced.map((f) => path.join(dir, 'config', 'crd', 'bases', f)).reverse().join(', ')}`);
    expect(Object.keys(after).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
