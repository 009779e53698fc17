/**
 * The CEL library (@bufbuild/cel, some 130 modules) is loaded by the first x-kubernetes-validations
 * rule a run meets, not by every run: `manifests` over types without rules, and the scaffolding
 * commands that run it, do without. Checked in a new process of the compiled package, where what
 * was loaded is what the run needed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(field: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cel-loading-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'api', 'v1'), { recursive: true });
  writeFileSync(path.join(dir, 'PROJECT'), 'domain: example.com\nlayout: [typescript.scaffolder.dev/v1]\nprojectName: boats\nversion: "3"\n');
  writeFileSync(path.join(dir, 'api', 'v1', 'groupversion_info.ts'), `// +groupName=boats.example.com\nexport const GroupVersion = { group: 'boats.example.com', version: 'v1' };\n`);
  writeFileSync(
    path.join(dir, 'api', 'v1', 'boat_types.ts'),
    `import type { ObjectMeta } from 'kubescaffolder/runtime';

// BoatSpec defines the desired state of Boat.
export interface BoatSpec {
${field}
}

// +kubebuilder:object:root=true

// Boat is a boat.
export interface Boat {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: BoatSpec;
}
`,
  );
  return dir;
}

/** Runs `manifests` on `dir` with the compiled package; returns whether any @bufbuild module was loaded. */
function loadsCel(dir: string): boolean {
  const manifests = pathToFileURL(path.join(repoRoot, 'dist', 'src', 'generators', 'manifests', 'index.js')).href;
  // module.registerHooks sees every module loaded, by import or require.
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ load(url, context, next) { if (url.includes('@bufbuild')) loaded.push(url); return next(url, context); } });
    const { runManifests } = await import(${JSON.stringify(manifests)});
    const errors = [];
    const code = await runManifests({ projectDir: ${JSON.stringify(dir)} }, { stdout() {}, stderr: (s) => errors.push(s) });
    if (code !== 0) throw new Error(errors.join(''));
    process.stdout.write(JSON.stringify(loaded.length > 0));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as boolean;
}

describe('loading the CEL library', () => {
  it('manifests over types without x-kubernetes-validations does not load it', () => {
    expect(loadsCel(project('  // name is a name.\n  // +kubebuilder:validation:MaxLength=63\n  name?: string;'))).toBe(false);
  });

  it('manifests over a type with an XValidation rule loads it (and the rule is checked)', () => {
    expect(loadsCel(project('  // name is a name.\n  // +kubebuilder:validation:XValidation:rule="self.size() < 64"\n  name?: string;'))).toBe(true);
  });
});
