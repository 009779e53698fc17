import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/project/usage-error.js';
import { Plan } from '../../src/scaffold/machinery/plan.js';
import { snapshot, tempProjectDir } from '../cli/run-cli.js';

describe('Plan', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => {
    ({ dir, cleanup } = tempProjectDir());
    writeFileSync(join(dir, 'kept.txt'), 'old\n');
    writeFileSync(join(dir, 'main.ts'), 'a\n// +kubebuilder:scaffold:imports\n');
  });
  afterEach(() => cleanup());

  it('applies the if-exists policies: skip keeps, error refuses without --force, overwrite replaces', () => {
    const plan = new Plan(dir, { force: false });
    plan.add({ path: 'kept.txt', body: 'new\n', ifExists: 'skip' });
    expect(plan.read('kept.txt')).toBe('old\n');
    expect(() => plan.add({ path: 'kept.txt', body: 'new\n', ifExists: 'error' })).toThrow(new UsageError('kept.txt already exists; pass --force to overwrite it'));
    plan.add({ path: 'kept.txt', body: 'new\n', ifExists: 'overwrite' });
    expect(plan.read('kept.txt')).toBe('new\n');
    const forced = new Plan(dir, { force: true });
    forced.add({ path: 'kept.txt', body: 'forced\n', ifExists: 'error' });
    expect(forced.read('kept.txt')).toBe('forced\n');
  });

  it('sees its own planned files: an insertion into a file created in the same plan works', () => {
    const plan = new Plan(dir, { force: false });
    plan.add({ path: 'api/v1/index.ts', body: '// +kubebuilder:scaffold:exports\n', ifExists: 'skip' });
    plan.insert('api/v1/index.ts', 'exports', ["export * from './a.js';"]);
    expect(plan.changes()).toEqual([{ path: 'api/v1/index.ts', action: 'create', before: undefined, after: "export * from './a.js';\n// +kubebuilder:scaffold:exports\n" }]);
  });

  it('describes a dry run with created files and unified diffs, writing nothing', () => {
    const before = snapshot(dir);
    const plan = new Plan(dir, { force: false });
    plan.add({ path: 'src/new.ts', body: 'x\n', ifExists: 'error' });
    plan.insert('main.ts', 'imports', ["import { b } from 'b';"]);
    const text = plan.describe();
    expect(text).toContain('create src/new.ts\n');
    expect(text).toContain('update main.ts\n');
    expect(text).toContain("--- a/main.ts\n+++ b/main.ts\n@@ -1,2 +1,3 @@\n a\n+import { b } from 'b';\n // +kubebuilder:scaffold:imports\n");
    expect(snapshot(dir)).toEqual(before);
  });

  it('names the file and the insertion point when a marker is missing', () => {
    const plan = new Plan(dir, { force: false });
    expect(() => plan.insert('main.ts', 'builder', ['x'])).toThrow('main.ts: insertion point "+kubebuilder:scaffold:builder" not found');
    expect(() => plan.insert('missing.ts', 'builder', ['x'])).toThrow('missing.ts: file not found');
  });

  it('puts everything back when a write fails half-way', () => {
    const before = snapshot(dir);
    // A read-only directory makes the write of the last file fail after the others succeeded.
    mkdirSync(join(dir, 'zz-locked'));
    chmodSync(join(dir, 'zz-locked'), 0o500);
    const plan = new Plan(dir, { force: false });
    plan.add({ path: 'a/b/created.ts', body: 'c\n', ifExists: 'error' });
    plan.add({ path: 'kept.txt', body: 'changed\n', ifExists: 'overwrite' });
    plan.insert('main.ts', 'imports', ['x;']);
    plan.add({ path: 'zz-locked/file.ts', body: 'z\n', ifExists: 'error' });
    try {
      if (process.getuid?.() === 0) {
        // root ignores directory permissions; fail instead on a path whose parent is a file.
        plan.add({ path: 'kept.txt/inside.ts', body: 'y\n', ifExists: 'error' });
      }
      expect(() => plan.apply()).toThrow(/writing files failed, nothing was changed/);
    } finally {
      chmodSync(join(dir, 'zz-locked'), 0o700);
    }
    expect(snapshot(dir)).toEqual(before);
    expect(readFileSync(join(dir, 'kept.txt'), 'utf8')).toBe('old\n');
  });

  describe('symbolic links out of the project', () => {
    let outside: string;
    beforeEach(() => {
      outside = realpathSync(mkdtempSync(join(tmpdir(), 'scaffolder-outside-')));
      writeFileSync(join(outside, 'kustomization.yaml'), 'resources: []\n');
    });
    afterEach(() => rmSync(outside, { recursive: true, force: true }));

    it('refuses a write under a linked folder, naming it, and writes nothing at all', () => {
      symlinkSync(outside, join(dir, 'config'));
      const before = snapshot(outside);
      const plan = new Plan(dir, { force: false });
      plan.add({ path: 'kept.txt', body: 'changed\n', ifExists: 'overwrite' });
      plan.add({ path: 'config/crd/x.yaml', body: 'x: 1\n', ifExists: 'error' });
      expect(() => plan.apply()).toThrow(UsageError);
      expect(() => plan.apply()).toThrow(`nothing was written: config/crd/x.yaml: resolves to ${join(outside, 'crd/x.yaml')} through a symbolic link, outside the project root ${realpathSync(dir)}`);
      expect(snapshot(outside)).toEqual(before);
      expect(readFileSync(join(dir, 'kept.txt'), 'utf8')).toBe('old\n');
    });

    it('refuses to rewrite a file linked to one outside, and a link to a missing file', () => {
      mkdirSync(join(dir, 'config'));
      symlinkSync(join(outside, 'kustomization.yaml'), join(dir, 'config/kustomization.yaml'));
      const plan = new Plan(dir, { force: false });
      plan.edit('config/kustomization.yaml', (text) => `${text}- ../crd\n`);
      expect(() => plan.apply()).toThrow(`config/kustomization.yaml: resolves to ${join(outside, 'kustomization.yaml')} through a symbolic link`);
      expect(readFileSync(join(outside, 'kustomization.yaml'), 'utf8')).toBe('resources: []\n');

      symlinkSync(join(outside, 'missing.yaml'), join(dir, 'config/dangling.yaml'));
      const dangling = new Plan(dir, { force: false });
      dangling.add({ path: 'config/dangling.yaml', body: 'x\n', ifExists: 'overwrite' });
      expect(() => dangling.apply()).toThrow('config/dangling.yaml: is a symbolic link to a missing file');
      expect(snapshot(outside)).toEqual({ 'kustomization.yaml': 'resources: []\n' });
    });

    it('still writes through links that stay inside the project', () => {
      mkdirSync(join(dir, 'real-config'));
      symlinkSync('real-config', join(dir, 'config'));
      const plan = new Plan(dir, { force: false });
      plan.add({ path: 'config/x.yaml', body: 'x\n', ifExists: 'error' });
      plan.apply();
      expect(readFileSync(join(dir, 'real-config/x.yaml'), 'utf8')).toBe('x\n');
    });
  });
});
