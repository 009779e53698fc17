// A seeded fuzz test of `manifests`, in-process: a few hundred generated API types files (random
// fields, nesting, markers with odd arguments), some of them mutated (text deleted, lines doubled,
// stray tokens), each run through the pipeline. Whatever the input, the outcome must be files or
// located diagnostics: no exception, no "Maximum call stack", no stack trace, no hang (the test's
// timeout), and every file written must read back as YAML. Deterministic per seed.
//
// The inputs reach past every nesting limit, at the limit and far beyond it: chains of type aliases
// (`A = B` and `A = B[]`), default and example values nested thousands deep, CEL rules of thousands
// of terms, selections, parentheses or conditionals and string literals past CEL's size limit,
// runs of modifier keywords, and --kube-openapi documents nested 20,000 deep.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ManifestsPipeline } from '../../src/generators/manifests/pipeline.js';
import { MarkerSyntaxError, parseMarker } from '../../src/markers/index.js';
import { Random } from '../../src/testing/fuzz-conversion/random.js';
import { repoRoot } from '../support/shared.js';

const runtimeTypes = path.join(repoRoot, 'src', 'runtime', 'api', 'types.js');

function number(r: Random): string {
  return r.pick([
    () => String(r.int(-1000, 1000)), () => `${r.int(0, 99)}.${r.int(0, 99)}`, () => `${r.int(1, 9)}e${r.int(-400, 400)}`,
    () => '9'.repeat(r.int(1, 5000)), () => `${'1'.repeat(r.int(1, 3000))}_`, () => '0x1F', () => '.5', () => '-', () => 'abc', () => '',
    () => '9223372036854775808', () => `-${'0'.repeat(r.int(1, 50))}1`,
  ])();
}

function text(r: Random): string {
  const pieces = ['a', 'Z', ' ', '\\"', '\\\\', '\\u2028', '\\u2029', '\\n', '\\t', 'é', '日本', '🙂', ':', '#', '-', "'", ',', ';', '{', '}', '=', '\\x00', '\\q'];
  return Array.from({ length: r.int(0, 12) }, () => r.pick(pieces)).join('');
}

/** Near CEL's parser limits (recursion 250, 100,000 code points) or far past them. */
function longCel(r: Random): string {
  const n = r.chance(0.2) ? r.pick([1000, 2000, 5000]) : r.int(240, 260);
  return r.pick([
    () => `${Array(n).fill('self').join(' + ')} != null`,
    () => `has(self${'.a'.repeat(n)})`,
    () => `${'('.repeat(n)}self${')'.repeat(n)} != null`,
    () => `${'['.repeat(n)}1${']'.repeat(n)} != []`,
    () => `${'self != null ? true : '.repeat(n)}false`,
    () => `self == '${'x'.repeat(r.chance(0.5) ? r.int(99_980, 100_020) : 150_000)}'`,
  ])();
}

function cel(r: Random): string {
  return r.pick(['self.size() > 0', 'self == oldSelf', 'self.a < self.b', 'self.', 'has(self.x) ? self.x > 0 : true', '((((', 'self.all(x, x > 0)', `"${text(r)}"`, 'size(self) <= 10', longCel(r)]);
}

/** A marker value nested near the one nesting limit (100) or thousands deep, as maps or lists. */
function deepValue(r: Random): string {
  const depth = r.chance(0.2) ? 4000 : r.int(95, 105);
  return r.chance(0.5) ? `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}` : `${'{'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function fieldMarker(r: Random): string {
  return r.pick([
    () => `+kubebuilder:validation:Minimum=${number(r)}`, () => `+kubebuilder:validation:Maximum=${number(r)}`,
    () => `+kubebuilder:validation:MaxLength=${number(r)}`, () => `+kubebuilder:validation:MinItems=${number(r)}`,
    () => `+kubebuilder:validation:MultipleOf=${number(r)}`,
    () => `+kubebuilder:validation:Enum=${Array.from({ length: r.int(0, 4) }, () => r.pick([`"${text(r)}"`, number(r), text(r)])).join(';')}`,
    () => `+kubebuilder:default=${r.pick([`"${text(r)}"`, number(r), '{a: 1}', '{1,2}', 'true', text(r)])}`,
    () => `+kubebuilder:${r.pick(['default', 'example'])}=${deepValue(r)}`,
    () => `+kubebuilder:validation:Pattern=\`${text(r)}\``, () => `+kubebuilder:validation:Format=${r.pick(['date-time', 'int-or-string', text(r)])}`,
    () => `+kubebuilder:validation:XValidation:rule="${cel(r)}",message="${text(r)}"`,
    () => '+optional', () => '+required', () => '+listType=map', () => '+listMapKey=name', () => '+listType=set',
    () => '+kubebuilder:validation:Schemaless', () => '+kubebuilder:pruning:PreserveUnknownFields', () => '+kubebuilder:validation:EmbeddedResource',
    () => `+kubebuilder:validation:items:MaxLength=${number(r)}`, () => `+kubebuilder:validation:Type=${r.pick(['object', 'string', text(r)])}`,
    () => `+kubebuilder:${text(r)}`, () => `+kubebuilder:validation:Minimum`, () => `+kubebuilder:validation:Enum=`, () => `+${text(r)}`,
  ])();
}

function typeMarker(r: Random): string {
  return r.pick([
    '+kubebuilder:subresource:status', '+kubebuilder:resource:scope=Cluster', '+kubebuilder:storageversion',
    `+kubebuilder:printcolumn:name="${text(r)}",type=string,JSONPath=".spec.a"`, `+kubebuilder:validation:XValidation:rule="${cel(r)}"`,
    '+kubebuilder:resource:path=things,shortName=th', `+kubebuilder:resource:categories=${text(r)}`, '+kubebuilder:object:root=true',
  ]);
}

function typeExpr(r: Random, names: readonly string[], depth = 0): string {
  const base = r.pick([
    () => 'string', () => 'number', () => 'boolean', () => r.pick(names), () => 'Missing', () => `'a' | 'b'`, () => 'unknown',
    () => (depth < 3 ? `Record<string, ${typeExpr(r, names, depth + 1)}>` : 'string'),
    () => (depth < 3 ? `{ ${r.pick(['a', 'b', 'c'])}?: ${typeExpr(r, names, depth + 1)} }` : 'number'),
    () => (depth < 3 ? `Array<${typeExpr(r, names, depth + 1)}>` : 'boolean'),
    () => 'string | number', () => 'Date', () => 'bigint',
  ])();
  const arrays = r.chance(0.005) ? 3000 : r.chance(0.02) ? r.int(90, 130) : r.chance(0.3) ? r.int(1, 3) : 0;
  return `${base}${'[]'.repeat(arrays)}`;
}

function interfaceText(r: Random, name: string, names: readonly string[], parent: string | undefined): string {
  const fields = Array.from({ length: r.int(0, 6) }, (_, i) => {
    const markers = Array.from({ length: r.int(0, 3) }, () => `  // ${fieldMarker(r)}\n`).join('');
    // `x-y` quoted, as such a field is written (unquoted, every file with one failed to parse); names every object has, as they are
    const name = r.pick([() => `f${i}`, () => `name${i}`, () => `items${i}`, () => `'x-y${i}'`, () => `value${i}`, () => r.pick(['__proto__', 'constructor', 'hasOwnProperty'])])();
    return `${markers}  ${name}${r.chance(0.6) ? '?' : ''}: ${typeExpr(r, names)};\n`;
  });
  const doc = r.chance(0.5) ? `// ${name} ${text(r)}\n` : '';
  return `${doc}export interface ${name}${parent ? ` extends ${parent}` : ''} {\n${fields.join('')}}\n`;
}

/**
 * One types file: a root kind, its list, some named types, maybe a long `extends` chain, maybe a
 * chain of type aliases (`A0 = A1`, or `A0 = A1[]`), maybe a field of a client-node type (whose
 * schema a --kube-openapi document may give).
 */
function typesFile(r: Random, kind: string, builtinField: boolean): string {
  const names = Array.from({ length: r.int(1, 5) }, (_, i) => `T${i}`);
  const chain = r.chance(0.005) ? 1000 : r.chance(0.03) ? r.int(90, 140) : 0;
  const aliases = r.chance(0.01) ? r.pick([1000, 2000]) : r.chance(0.04) ? r.int(90, 110) : 0;
  const fieldTypes = aliases > 0 ? [...names, 'A0'] : names;
  const parts = [`import type { ListMeta, ObjectMeta } from '${runtimeTypes}';\n`];
  if (builtinField) parts.push(`import type { V1SecretReference } from '@kubernetes/client-node';\n`);
  names.forEach((n, i) => parts.push(interfaceText(r, n, fieldTypes, i === 0 && chain > 0 ? 'C0' : r.chance(0.1) ? r.pick(names) : undefined)));
  if (builtinField) parts.push(`export interface Builtin {\n  secret?: V1SecretReference;\n}\n`);
  for (let i = 0; i < chain; i++) parts.push(`export interface C${i}${i + 1 < chain ? ` extends C${i + 1}` : ''} {\n  c${i}?: string;\n}\n`);
  const arrays = r.chance(0.5) ? '[]' : '';
  for (let i = 0; i < aliases; i++) parts.push(`export type A${i} = A${i + 1}${arrays};\n`);
  if (aliases > 0) parts.push(`export type A${aliases} = string;\n`);
  const rootMarkers = ['+kubebuilder:object:root=true', ...Array.from({ length: r.int(0, 3) }, () => typeMarker(r))].map((m) => `// ${m}\n`).join('');
  parts.push(`${rootMarkers}export interface ${kind} {\n  apiVersion?: string;\n  kind?: string;\n  metadata?: ObjectMeta;\n  spec?: T0;\n  status?: ${builtinField ? 'Builtin' : r.pick(names)};\n}\n`);
  parts.push(`// +kubebuilder:object:root=true\nexport interface ${kind}List {\n  apiVersion?: string;\n  kind?: string;\n  metadata?: ListMeta;\n  items: ${kind}[];\n}\n`);
  return parts.join('\n');
}

function packageFile(r: Random): string {
  const markers = [`+groupName=${r.pick(['fuzz.example.com', 'fuzz.example.com', 'Bad_Group', ''])}`, '+kubebuilder:object:generate=true'];
  if (r.chance(0.3)) markers.push(`+kubebuilder:rbac:groups=${r.pick(['apps', '""', text(r)])},resources=${r.pick(['deployments', text(r)])},verbs=${r.pick(['get;list', 'watch', text(r)])}`);
  if (r.chance(0.2)) markers.push(`+kubebuilder:webhook:path=/mutate,mutating=true,failurePolicy=fail,sideEffects=None,groups=fuzz.example.com,resources=things,verbs=create,versions=v1,name=m.fuzz.example.com,admissionReviewVersions=v1`);
  if (r.chance(0.2)) markers.push(`+kubebuilder:validation:Optional`);
  return `${markers.map((m) => `// ${m}\n`).join('')}export const GroupVersion = { group: 'fuzz.example.com', version: 'v1' };\n`;
}

/**
 * A Kubernetes OpenAPI document (v3) with SecretReference, its schema given a property nested
 * `depth` levels deep (two JSON levels each) and a default nested as deep.
 */
function kubeOpenApiDocument(depth: number): string {
  let nested = '{"type":"string"}';
  for (let i = 0; i < depth; i++) nested = `{"type":"object","properties":{"a":${nested}}}`;
  const value = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `{"components":{"schemas":{"io.k8s.api.core.v1.SecretReference":{"type":"object","properties":{"name":{"type":"string"},"deep":${nested},"value":{"type":"object","x-kubernetes-preserve-unknown-fields":true,"default":${value}}}}}}}\n`;
}

/** Text damage as editors and merges make it: deletions, doubled lines, stray tokens, swapped lines. */
function mutate(r: Random, source: string): string {
  let s = source;
  for (let n = r.int(1, 3); n > 0; n--) {
    const at = r.int(0, s.length);
    const lines = s.split('\n');
    const line = r.int(0, lines.length - 1);
    s = r.pick([
      () => s.slice(0, at) + s.slice(Math.min(s.length, at + r.int(1, 40))),
      () => [...lines.slice(0, line + 1), lines[line], ...lines.slice(line + 1)].join('\n'),
      () => s.slice(0, at) + r.pick(['{', '}', '[]', '<', '>', '//', '// +', '"', ':', '=', ';', ' extends T0', '\n', '`', '/*', '?']) + s.slice(at),
      () => `${s.slice(0, at)}\n${`${r.pick(['export', 'public', 'readonly', 'declare'])} `.repeat(r.chance(0.3) ? 10_000 : r.int(95, 105))}\n${s.slice(at)}`,
      () => { const other = r.int(0, lines.length - 1); [lines[line], lines[other]] = [lines[other], lines[line]]; return lines.join('\n'); },
    ])();
  }
  return s;
}

const crash = /Maximum call stack|internal error|\n\s+at \S+ \(|is not a function|Cannot read propert|undefined \(reading/;

/**
 * What a run may throw before any generator runs, each naming the file and line: a file too deep for
 * TypeScript's own parser, a run of modifiers too long for it, a --kube-openapi document nested too deep.
 */
const locatedLoadError = /^\S+\.ts:\d+: (nested too deeply for the TypeScript parser|more than \d+ modifiers)|^--kube-openapi \S+\.json:\d+: nested more than \d+ levels deep/;

// SCAFFOLDER_FUZZ_SEEDS=<first>:<count> explores other seeds, and prints what it met; the suite runs the same 400
// every time. A campaign: SCAFFOLDER_FUZZ_SEEDS=1000:20000 nice npx vitest run test/manifests/fuzz.test.ts
const [firstSeed, caseCount] = (process.env.SCAFFOLDER_FUZZ_SEEDS ?? '1:400').split(':').map(Number) as [number, number];

describe('manifests on generated and mutated types files (seeded fuzz)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'manifests-fuzz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // A hang fails the test by its timeout: a case takes well under a second.
  it('ends every run with files or located diagnostics, never a crash', { timeout: Math.max(60_000, caseCount * 1_000) }, () => {
    const [first, cases] = [firstSeed, caseCount];
    let withErrors = 0;
    let withFiles = 0;
    let slowest = { seed: 0, ms: 0 };
    const cpuBefore = process.cpuUsage();
    for (let seed = first; seed < first + cases; seed++) {
      const r = new Random(seed);
      const kind = r.pick(['Thing', 'Widget', 'Gadget']);
      const kubeOpenApi = r.chance(0.05);
      let types = typesFile(r, kind, kubeOpenApi);
      if (r.chance(0.35)) types = mutate(r, types);
      const planned = new Map([['api/v1/groupversion_info.ts', packageFile(r)], [`api/v1/${kind.toLowerCase()}_types.ts`, types]]);
      rmSync(path.join(dir, 'k8s'), { recursive: true, force: true });
      if (kubeOpenApi) {
        mkdirSync(path.join(dir, 'k8s'));
        writeFileSync(path.join(dir, 'k8s', 'core.json'), kubeOpenApiDocument(r.chance(0.2) ? 20_000 : r.int(40, 52)));
      }
      const where = `seed ${seed}:\n${types.slice(0, 3000)}`;
      const started = performance.now();
      let result;
      try {
        const pipeline = new ManifestsPipeline({ projectDir: dir, settings: { projectName: 'fuzz', namespaced: false }, planned, ...(kubeOpenApi ? { kubeOpenApi: ['k8s'] } : {}) });
        result = pipeline.generate();
      } catch (e) {
        expect((e as Error).message, where).toMatch(locatedLoadError);
        withErrors++;
        continue;
      } finally {
        const ms = performance.now() - started;
        if (ms > slowest.ms) slowest = { seed, ms };
      }
      for (const d of result.diagnostics) {
        expect(d.message, where).not.toMatch(crash);
        expect(d.line, where).toBeGreaterThan(0);
      }
      if (result.diagnostics.some((d) => d.severity === 'error')) withErrors++;
      for (const [file, content] of result.files) {
        expect(parseAllDocuments(content).flatMap((doc) => doc.errors), `${where}\n${file}`).toEqual([]);
        withFiles++;
      }
    }
    if (process.env.SCAFFOLDER_FUZZ_SEEDS) {
      const cpu = process.cpuUsage(cpuBefore);
      console.log(`fuzz: seeds ${first}..${first + cases - 1}: ${cases} cases, ${withErrors} with errors, ${withFiles} files written, slowest seed ${slowest.seed} (${Math.round(slowest.ms)} ms), ${Math.round((cpu.user + cpu.system) / 1e6)} s of CPU`);
    }
    // The generator reaches both outcomes (a fuzz that only ever fails early tests little).
    expect(withErrors).toBeGreaterThan(cases / 10);
    expect(withFiles).toBeGreaterThan(cases / 10);
  });

  it('parses every generated marker to a value or a MarkerSyntaxError', () => {
    const r = new Random(42);
    const definitions = [
      { name: 'f:value', target: 'field', value: { type: 'any' } },
      { name: 'f:value', target: 'field', value: { type: 'number' } },
      { name: 'f:value', target: 'field', value: { type: 'int' } },
      { name: 'f:value', target: 'field', value: { type: 'string' } },
      { name: 'f:value', target: 'field', value: { type: { slice: 'any' } } },
    ] as const;
    for (let i = 0; i < 2000; i++) {
      const value = r.pick([number(r), `"${text(r)}"`, text(r), `{${number(r)},${text(r)}}`, `{a: ${number(r)}}`]);
      const def = r.pick(definitions);
      try {
        parseMarker(def, `+f:value=${value}`);
      } catch (e) {
        expect(e, `${JSON.stringify(def)} ${value.slice(0, 200)}`).toBeInstanceOf(MarkerSyntaxError);
      }
    }
  });
});
