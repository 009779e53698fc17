// Types nested past any real API (a chain of 1,000 embedded interfaces, `string` with 3,000 `[]`)
// get an error at the type's file and line naming the limit, not a stack overflow.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MAX_SCHEMA_NESTING } from '../../src/generators/crd/schema/flatten.js';
import { runManifests } from '../../src/generators/manifests/index.js';
import { MAX_TYPE_NESTING } from '../../src/markers/index.js';
import { repoRoot } from '../support/shared.js';

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

const admiral = readFileSync(path.join(repoRoot, 'test', 'fixtures', 'crd', 'project-v4', 'api', 'v1', 'admiral_types.ts'), 'utf8');

/** A project with one kind, Deep, whose spec gets the field `deep` of type `fieldType`, and `extra` declarations. */
function project(fieldType: string, extra = ''): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'manifests-deep-'));
  temps.push(dir);
  const api = path.join(dir, 'api', 'v1');
  cpSync(path.join(repoRoot, 'test', 'fixtures', 'crd', 'project-v4', 'api', 'v1', 'groupversion_info.ts'), path.join(api, 'groupversion_info.ts'));
  const types = admiral.replace(/admirales/g, 'deeps').replace(/Admiral/g, 'Deep').replace('  foo?: string;\n}', `  foo?: string;\n  deep?: ${fieldType};\n}`);
  writeFileSync(path.join(api, 'deep_types.ts'), `${types.replace(/'\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/src\//g, `'${path.join(repoRoot, 'src')}/`)}\n${extra}`);
  writeFileSync(path.join(dir, 'PROJECT'), 'domain: example.com\nlayout: [typescript.scaffolder.dev/v1]\nprojectName: deep\nversion: "3"\n');
  return dir;
}

async function manifests(dir: string): Promise<{ code: number; errors: string }> {
  const err: string[] = [];
  const code = await runManifests({ projectDir: dir }, { stdout: () => undefined, stderr: (s) => void err.push(s) });
  return { code, errors: err.join('') };
}

const lineOf = (dir: string, text: string) => readFileSync(path.join(dir, 'api', 'v1', 'deep_types.ts'), 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

describe('types nested past the limits', () => {
  it('string with 3,000 [] is an error at the field, naming the limit', async () => {
    const dir = project(`string${'[]'.repeat(3000)}`);
    const { code, errors } = await manifests(dir);
    expect(code).toBe(1);
    expect(errors).toContain(`api/v1/deep_types.ts:${lineOf(dir, 'deep?: string[]')}:`);
    expect(errors).toContain(`error: type nested more than ${MAX_TYPE_NESTING} levels deep`);
    expect(errors).not.toMatch(/Maximum call stack|internal error|\n\s+at /);
  });

  it('200 nested inline object types are an error at the field', async () => {
    const dir = project(`${'{ a?: '.repeat(200)}string${' }'.repeat(200)}`);
    const { code, errors } = await manifests(dir);
    expect(code).toBe(1);
    expect(errors).toContain(`api/v1/deep_types.ts:${lineOf(dir, 'deep?: {')}:`);
    expect(errors).toContain(`error: type nested more than ${MAX_TYPE_NESTING} levels deep`);
  });

  it('3,000 nested inline object types, too deep for TypeScript\'s own parser, name the file and line', async () => {
    const dir = project(`${'{ a?: '.repeat(3000)}string${' }'.repeat(3000)}`);
    const { code, errors } = await manifests(dir);
    expect(code).toBe(1);
    expect(errors).toContain(`${path.join(dir, 'api', 'v1', 'deep_types.ts')}:${lineOf(dir, 'deep?: {')}: nested too deeply for the TypeScript parser (types may nest at most ${MAX_TYPE_NESTING} levels)`);
    expect(errors).not.toMatch(/Maximum call stack|internal error/);
  });

  it('an extends chain of 1,000 interfaces is an error at the type where the schema passes the limit', async () => {
    const chain = Array.from({ length: 1000 }, (_, i) => `export interface Link${i} extends Link${i + 1} {\n  f${i}?: string;\n}`).join('\n');
    const dir = project('Link0', `${chain}\nexport interface Link1000 {\n  last?: string;\n}\n`);
    const { code, errors } = await manifests(dir);
    expect(code).toBe(1);
    const [, name] = /error: type (Link\d+) is nested more than/.exec(errors) ?? [];
    expect(name, errors).toBeDefined();
    expect(errors).toContain(`api/v1/deep_types.ts:${lineOf(dir, `export interface ${name} extends`)}:1: error: type ${name} is nested more than ${MAX_SCHEMA_NESTING} levels deep`);
    expect(errors).not.toMatch(/Maximum call stack|internal error/);
  });

  it('types well inside the limits still generate', async () => {
    const chain = Array.from({ length: 20 }, (_, i) => `export interface Link${i} extends Link${i + 1} {\n  f${i}?: string${'[]'.repeat(20)};\n}`).join('\n');
    const dir = project('Link0', `${chain}\nexport interface Link20 {\n  last?: string;\n}\n`);
    const { code, errors } = await manifests(dir);
    expect(errors).toBe('');
    expect(code).toBe(0);
    const crd = parse(readFileSync(path.join(dir, 'config', 'crd', 'bases', 'crew.testproject.org_deeps.yaml'), 'utf8')) as { spec: { versions: Array<{ schema: { openAPIV3Schema: { properties: Record<string, { properties: Record<string, { properties: Record<string, unknown> }> }> } } }> } };
    const deep = crd.spec.versions[0]!.schema.openAPIV3Schema.properties.spec!.properties.deep!.properties;
    expect(Object.keys(deep)).toHaveLength(21);
    let items = deep.f0 as { items?: unknown };
    let levels = 0;
    while (items.items) {
      items = items.items as { items?: unknown };
      levels++;
    }
    expect(levels).toBe(20);
  });
});
