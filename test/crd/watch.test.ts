/**
 * The watch-mode path: one generator, its ts-morph project and marker collection reused; after a
 * file changes, only what depends on it is rebuilt, and the output equals a fresh generation.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CrdGenerator, registerCrdMarkers } from '../../src/generators/crd/index.js';
import { createApiProject } from '../../src/generators/manifests/loader.js';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import { collectMarkers, defineCommonMarkers, MarkerRegistry } from '../../src/markers/index.js';

const root = mkdtempSync(path.join(tmpdir(), 'crd-watch-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const kind = (name: string, specType: string) => `import type { ObjectMeta } from 'kubescaffolder/runtime';
import type { ${specType} } from './shared.js';
export interface ${name} { apiVersion?: string; kind?: string; metadata?: ObjectMeta; spec?: ${specType} }
`;

function setUp() {
  const dir = mkdtempSync(path.join(root, 'case-'));
  const api = path.join(dir, 'api', 'v1');
  mkdirSync(api, { recursive: true });
  const files: Record<string, string> = {
    'groupversion_info.ts': '// +groupName=watch.example.com\nexport {};\n',
    'shared.ts': 'export interface Shared {\n  // +kubebuilder:validation:MaxLength=5\n  name?: string;\n}\n',
    'a_types.ts': kind('Alpha', 'Shared'),
    'b_types.ts': kind('Beta', 'Shared'),
  };
  for (const [f, text] of Object.entries(files)) writeFileSync(path.join(api, f), text);
  const registry = new MarkerRegistry();
  defineCommonMarkers(registry);
  registerCrdMarkers(registry);
  const project = createApiProject([path.join(dir, 'api')]);
  const markers = collectMarkers(project.getSourceFiles(), registry);
  const generator = new CrdGenerator({ project, markers, toolVersion: 'test' });
  const change = (file: string, text: string) => {
    const abs = path.join(api, file);
    writeFileSync(abs, text);
    const sf = project.getSourceFileOrThrow(abs);
    sf.replaceWithText(text);
    markers.update(sf);
    generator.invalidate([abs]);
    return generator.generate();
  };
  const fresh = () => generateCrds({ paths: [path.join(dir, 'api')], toolVersion: 'test' });
  return { generator, change, fresh };
}

const nameSchema = (crds: { crd: { spec: { versions: { schema?: { openAPIV3Schema: import('../../src/generators/crd/index.js').JSONSchemaProps } }[] } } }[], i: number) =>
  crds[i].crd.spec.versions[0].schema!.openAPIV3Schema.properties!.spec.properties!.name;

describe('CRD generation in watch mode', () => {
  it('a change to a shared type reaches every kind that uses it, and equals a fresh run', () => {
    const { generator, change, fresh } = setUp();
    const first = generator.generate();
    expect(first.crds.map((c) => c.fileName)).toEqual(['watch.example.com_alphas.yaml', 'watch.example.com_beta.yaml'] /* flect: Beta ends in a Latin plural (-eta), so its plural is itself */);
    expect(nameSchema(first.crds, 0)).toEqual({ type: 'string', maxLength: 5 });

    const second = change('shared.ts', 'export interface Shared {\n  // +kubebuilder:validation:MaxLength=9\n  name?: string;\n  extra?: boolean;\n}\n');
    expect(nameSchema(second.crds, 0)).toEqual({ type: 'string', maxLength: 9 });
    expect(nameSchema(second.crds, 1)).toEqual({ type: 'string', maxLength: 9 });
    expect(second.crds).toEqual(fresh().crds);
  });

  it('a change to one kind leaves the others as they were, and problems stay reported until fixed', () => {
    const { generator, change, fresh } = setUp();
    generator.generate();
    const broken = change('a_types.ts', kind('Alpha', 'Shared').replace('spec?: Shared', 'spec?: Shared; bad?: Missing'));
    expect(broken.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual(['unknown type Missing']);
    // Regenerating without a change still reports it (the schema is cached, its problem too).
    expect(generator.generate().diagnostics.filter((d) => d.severity === 'error')).toHaveLength(1);
    const fixed = change('a_types.ts', kind('Alpha', 'Shared').replace('spec?: Shared', 'spec?: Shared; count?: number'));
    expect(fixed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(fixed.crds[0].crd.spec.versions[0].schema!.openAPIV3Schema.properties!.count).toEqual({ type: 'number' });
    expect(fixed.crds).toEqual(fresh().crds);
  });

  it('a package marker change (groupversion_info.ts) applies to the package', () => {
    const { generator, change } = setUp();
    generator.generate();
    const renamed = change('groupversion_info.ts', '// +groupName=renamed.example.com\nexport {};\n');
    expect(renamed.crds.map((c) => c.crd.spec.group)).toEqual(['renamed.example.com', 'renamed.example.com']);
  });

  it('a package default change rebuilds the whole package', () => {
    const { generator, change, fresh } = setUp();
    const before = generator.generate();
    change('shared.ts', 'export interface Shared {\n  name: string;\n}\n');
    expect(generator.generate().crds[0].crd.spec.versions[0].schema!.openAPIV3Schema.properties!.spec.required).toEqual(['name']);
    const after = change('groupversion_info.ts', '// +groupName=watch.example.com\n// +kubebuilder:validation:Optional\nexport {};\n');
    expect(after.crds[0].crd.spec.versions[0].schema!.openAPIV3Schema.properties!.spec.required).toBeUndefined();
    expect(after.crds).toEqual(fresh().crds);
    expect(before.crds).not.toEqual(after.crds);
  });
});
