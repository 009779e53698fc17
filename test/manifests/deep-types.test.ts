// Types nested past any real API (a chain of 1,000 embedded interfaces, `string` with 3,000 `[]`)
// get an error at the type's file and line naming the limit, not a stack overflow. So do the other
// inputs that nest: chains of type aliases, marker values, CEL rules, --kube-openapi documents.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../src/cli/main.js';
import { runManifests } from '../../src/generators/manifests/index.js';
import { ManifestsPipeline } from '../../src/generators/manifests/pipeline.js';
import { MAX_PARSE_RECURSION_DEPTH } from '../../src/kube/cel/parse-limits.js';
import { MAX_NESTING } from '../../src/markers/index.js';
import { repoRoot } from '../support/shared.js';

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

const admiral = readFileSync(path.join(repoRoot, 'test', 'fixtures', 'crd', 'project-v4', 'api', 'v1', 'admiral_types.ts'), 'utf8');

/** A project with one kind, Deep, whose spec gets the field `deep` of type `fieldType` (after `fieldMarkers` lines), and `extra` declarations. */
function project(fieldType: string, extra = '', fieldMarkers: readonly string[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'manifests-deep-'));
  temps.push(dir);
  const api = path.join(dir, 'api', 'v1');
  cpSync(path.join(repoRoot, 'test', 'fixtures', 'crd', 'project-v4', 'api', 'v1', 'groupversion_info.ts'), path.join(api, 'groupversion_info.ts'));
  const types = admiral.replace(/admirales/g, 'deeps').replace(/Admiral/g, 'Deep').replace('  foo?: string;\n}', `  foo?: string;\n${fieldMarkers.map((m) => `  // ${m}\n`).join('')}  deep?: ${fieldType};\n}`);
  writeFileSync(path.join(api, 'deep_types.ts'), `${types.replace(/'\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/src\//g, `'${path.join(repoRoot, 'src')}/`)}\n${extra}`);
  writeFileSync(path.join(dir, 'PROJECT'), 'domain: example.com\nlayout: [typescript.scaffolder.dev/v1]\nprojectName: deep\nversion: "3"\n');
  return dir;
}

async function manifests(dir: string): Promise<{ code: number; errors: string }> {
  const err: string[] = [];
  const code = await runManifests({ projectDir: dir }, { stdout: () => undefined, stderr: (s) => void err.push(s) });
  return { code, errors: err.join('') };
}

/** `scaffolder manifests` as the CLI runs it, in process: a throw would end as "internal error" with a stack. */
async function cli(dir: string, ...args: string[]): Promise<{ code: number; errors: string }> {
  let errors = '';
  const code = await main(['manifests', ...args], { cwd: dir, stdout: () => undefined, stderr: (s) => void (errors += s) });
  return { code, errors };
}

const crashed = /Maximum call stack|internal error|\n\s+at /;

const lineOf = (dir: string, text: string) => readFileSync(path.join(dir, 'api', 'v1', 'deep_types.ts'), 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

describe('types nested past the limits', () => {
  it('string with 3,000 [] is an error at the field, naming the limit', async () => {
    const dir = project(`string${'[]'.repeat(3000)}`);
    const { code, errors } = await manifests(dir);
    expect(code).toBe(1);
    expect(errors).toContain(`api/v1/deep_types.ts:${lineOf(dir, 'deep?: string[]')}:`);
    expect(errors).toContain(`error: type nested more than ${MAX_NESTING} levels deep`);
    expect(errors).not.toMatch(/Maximum call stack|internal error|\n\s+at /);
  });

  it('200 nested inline object types are an error at the field', async () => {
    const dir = project(`${'{ a?: '.repeat(200)}string${' }'.repeat(200)}`);
    const { code, errors } = await manifests(dir);
    expect(code).toBe(1);
    expect(errors).toContain(`api/v1/deep_types.ts:${lineOf(dir, 'deep?: {')}:`);
    expect(errors).toContain(`error: type nested more than ${MAX_NESTING} levels deep`);
  });

  it('3,000 nested inline object types, too deep for TypeScript\'s own parser, name the file and line', async () => {
    const dir = project(`${'{ a?: '.repeat(3000)}string${' }'.repeat(3000)}`);
    const { code, errors } = await manifests(dir);
    expect(code).toBe(1);
    expect(errors).toContain(`${path.join(dir, 'api', 'v1', 'deep_types.ts')}:${lineOf(dir, 'deep?: {')}: nested too deeply for the TypeScript parser (types may nest at most ${MAX_NESTING} levels)`);
    expect(errors).not.toMatch(/Maximum call stack|internal error/);
  });

  it('the same in a file a scaffolding command would write (planned, not on disk)', () => {
    const dir = project('string');
    const file = path.join(dir, 'api', 'v1', 'deep_types.ts');
    const text = readFileSync(file, 'utf8').replace('deep?: string;', `deep?: ${'{ a?: '.repeat(3000)}string${' }'.repeat(3000)};`);
    const line = text.split('\n').findIndex((l) => l.includes('deep?: {')) + 1;
    const planned = new Map([['api/v1/deep_types.ts', text]]);
    expect(() => new ManifestsPipeline({ projectDir: dir, settings: { namespaced: false }, planned })).toThrow(`${file}:${line}: nested too deeply for the TypeScript parser`);
  });

  it('an extends chain of 1,000 interfaces is an error at the type where the schema passes the limit', async () => {
    const chain = Array.from({ length: 1000 }, (_, i) => `export interface Link${i} extends Link${i + 1} {\n  f${i}?: string;\n}`).join('\n');
    const dir = project('Link0', `${chain}\nexport interface Link1000 {\n  last?: string;\n}\n`);
    const { code, errors } = await manifests(dir);
    expect(code).toBe(1);
    const [, name] = /error: type (Link\d+) is nested more than/.exec(errors) ?? [];
    expect(name, errors).toBeDefined();
    expect(errors).toContain(`api/v1/deep_types.ts:${lineOf(dir, `export interface ${name} extends`)}:1: error: type ${name} is nested more than ${MAX_NESTING} levels deep`);
    expect(errors).not.toMatch(/Maximum call stack|internal error/);
  });

  it('types well inside the limits still generate', async () => {
    const chain = Array.from({ length: 20 }, (_, i) => `export interface Link${i} extends Link${i + 1} {\n  f${i}?: string${'[]'.repeat(20)};\n}`).join('\n');
    const dir = project('Link0', `${chain}\nexport interface Link20 {\n  last?: string;\n}\n`);
    const { code, errors } = await manifests(dir);
    expect(errors).toBe('');
    expect(code).toBe(0);
    const crd = parse(readFileSync(path.join(dir, 'config', 'crd', 'bases', 'crew.testproject.org_deeps.yaml'), 'utf8')) as { spec: { versions: Array<{ schema: { openAPIV3Schema: { properties: Record<string, { properties: Record<string, { properties: Record<string, unknown> }> }> } } }> } };
    const deep = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.deep.properties;
    expect(Object.keys(deep)).toHaveLength(21);
    let items = deep.f0 as { items?: unknown };
    let levels = 0;
    while (items.items) {
      items = items.items;
      levels++;
    }
    expect(levels).toBe(20);
  });
});

describe('other inputs nested past the limits', () => {
  it.each([
    ['1,000 type aliases', 1000, ''],
    ['2,000 `A = B[]` aliases', 2000, '[]'],
  ])('a chain of %s is an error at the alias where it passes the limit', async (_, length, arrays) => {
    const chain = Array.from({ length }, (_, i) => `export type A${i} = A${i + 1}${arrays};`).join('\n');
    const dir = project('A0', `${chain}\nexport type A${length} = string;\n`);
    const { code, errors } = await cli(dir);
    expect(errors).not.toMatch(crashed);
    expect(code).toBe(1);
    const [, name] = /error: type (A\d+) is nested more than/.exec(errors) ?? [];
    expect(name, errors).toBeDefined();
    expect(errors).toContain(`api/v1/deep_types.ts:${lineOf(dir, `export type ${name} =`)}:1: error: type ${name} is nested more than ${MAX_NESTING} levels deep`);
  });

  it.each(['default', 'example'])('a %s value nested 4,000 deep is an error at its marker', async (marker) => {
    const value = `${'{a: '.repeat(4000)}1${'}'.repeat(4000)}`;
    const dir = project('JSONValue', `import type { JSONValue } from '${path.join(repoRoot, 'src', 'runtime', 'api', 'types.js')}';\n`, [`+kubebuilder:${marker}=${value}`]);
    const { code, errors } = await cli(dir);
    expect(errors).not.toMatch(crashed);
    expect(code).toBe(1);
    const line = lineOf(dir, `+kubebuilder:${marker}=`);
    // the column of the brace that passes the limit (each level is `{a: `)
    const column = readFileSync(path.join(dir, 'api', 'v1', 'deep_types.ts'), 'utf8').split('\n')[line - 1].indexOf('{') + 4 * MAX_NESTING + 1;
    expect(errors).toContain(`api/v1/deep_types.ts:${line}:${column}: error: invalid marker +kubebuilder:${marker}: value nested more than ${MAX_NESTING} levels deep`);
  });

  it.each([
    ['2,000 `+` terms', `${Array.from({ length: 2000 }, () => 'self').join(' + ')} > 0`],
    ['a member chain of 5,000', `has(self.a${'.b'.repeat(5000)})`],
  ])('a CEL rule of %s is an error at its marker, naming CEL\'s recursion limit', async (_, rule) => {
    const dir = project('Nested', 'export interface Nested {\n  a?: Record<string, string>;\n}\n', [`+kubebuilder:validation:XValidation:rule="${rule}"`]);
    const { code, errors } = await cli(dir);
    expect(errors).not.toMatch(crashed);
    expect(code).toBe(1);
    expect(errors).toContain(`api/v1/deep_types.ts:${lineOf(dir, '+kubebuilder:validation:XValidation')}:`);
    expect(errors).toContain(`expression recursion limit exceeded: ${MAX_PARSE_RECURSION_DEPTH}`);
  });

  it('a rule of 99,000 characters, inside the limits, with a type error: the error quotes it short', async () => {
    const rule = `self.nope == '${'x'.repeat(99_000)}'`;
    const dir = project('string', '', [`+kubebuilder:validation:XValidation:rule="${rule}"`]);
    const { code, errors } = await cli(dir);
    expect(code).toBe(1);
    expect(errors).toContain(`api/v1/deep_types.ts:${lineOf(dir, '+kubebuilder:validation:XValidation')}:`);
    expect(errors).toContain(`{"Rule":"${rule.slice(0, 80)}…","Message":""`);
    expect(errors).toContain("ERROR: <input>:1:5: type 'string' does not support field selection");
    expect(errors.length).toBeLessThan(2000);
  });

  it('a --kube-openapi schema nested 20,000 deep is an error naming the document and line', async () => {
    const dir = project('V1SecretReference');
    const file = path.join(dir, 'api', 'v1', 'deep_types.ts');
    writeFileSync(file, `import type { V1SecretReference } from '@kubernetes/client-node';\n${readFileSync(file, 'utf8')}`);
    let deep = '{ "type": "string" }';
    for (let i = 0; i < 20000; i++) deep = `{ "type": "object", "properties": { "a": ${deep} } }`;
    mkdirSync(path.join(dir, 'k8s'));
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    writeFileSync(path.join(dir, 'k8s', 'core.json'), `{\n  "components": {\n    "schemas": {\n      "io.k8s.api.core.v1.SecretReference": ${JSON.stringify(schema)},\n      "io.k8s.api.core.v1.Deep":\n${deep}\n    }\n  }\n}\n`);
    const { code, errors } = await cli(dir, '--kube-openapi', 'k8s');
    expect(errors).not.toMatch(crashed);
    expect(code).toBe(1);
    expect(errors).toContain(`--kube-openapi ${path.join('k8s', 'core.json')}:6: nested more than ${MAX_NESTING} levels deep`);
  });
});
