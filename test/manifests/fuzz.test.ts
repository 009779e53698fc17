// A seeded fuzz test of `manifests`, in-process: a few hundred generated API types files (random
// fields, nesting, markers with odd arguments), some of them mutated (text deleted, lines doubled,
// stray tokens), each run through the pipeline. Whatever the input, the outcome must be files or
// located diagnostics: no exception, no "Maximum call stack", no stack trace, no hang (the test's
// timeout), and every file written must read back as YAML. Deterministic per seed.
import { mkdtempSync, rmSync } from 'node:fs';
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

function cel(r: Random): string {
  return r.pick(['self.size() > 0', 'self == oldSelf', 'self.a < self.b', 'self.', 'has(self.x) ? self.x > 0 : true', '((((', 'self.all(x, x > 0)', `"${text(r)}"`, 'size(self) <= 10']);
}

function fieldMarker(r: Random): string {
  return r.pick([
    () => `+kubebuilder:validation:Minimum=${number(r)}`, () => `+kubebuilder:validation:Maximum=${number(r)}`,
    () => `+kubebuilder:validation:MaxLength=${number(r)}`, () => `+kubebuilder:validation:MinItems=${number(r)}`,
    () => `+kubebuilder:validation:MultipleOf=${number(r)}`,
    () => `+kubebuilder:validation:Enum=${Array.from({ length: r.int(0, 4) }, () => r.pick([`"${text(r)}"`, number(r), text(r)])).join(';')}`,
    () => `+kubebuilder:default=${r.pick([`"${text(r)}"`, number(r), '{a: 1}', '{1,2}', 'true', text(r)])}`,
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
    return `${markers}  ${r.pick(['f', 'name', 'items', 'x-y', 'value'])}${i}${r.chance(0.6) ? '?' : ''}: ${typeExpr(r, names)};\n`;
  });
  const doc = r.chance(0.5) ? `// ${name} ${text(r)}\n` : '';
  return `${doc}export interface ${name}${parent ? ` extends ${parent}` : ''} {\n${fields.join('')}}\n`;
}

/** One types file: a root kind, its list, some named types, maybe a long `extends` chain. */
function typesFile(r: Random, kind: string): string {
  const names = Array.from({ length: r.int(1, 5) }, (_, i) => `T${i}`);
  const chain = r.chance(0.005) ? 1000 : r.chance(0.03) ? r.int(90, 140) : 0;
  const parts = [`import type { ListMeta, ObjectMeta } from '${runtimeTypes}';\n`];
  names.forEach((n, i) => parts.push(interfaceText(r, n, names, i === 0 && chain > 0 ? 'C0' : r.chance(0.1) ? r.pick(names) : undefined)));
  for (let i = 0; i < chain; i++) parts.push(`export interface C${i}${i + 1 < chain ? ` extends C${i + 1}` : ''} {\n  c${i}?: string;\n}\n`);
  const rootMarkers = ['+kubebuilder:object:root=true', ...Array.from({ length: r.int(0, 3) }, () => typeMarker(r))].map((m) => `// ${m}\n`).join('');
  parts.push(`${rootMarkers}export interface ${kind} {\n  apiVersion?: string;\n  kind?: string;\n  metadata?: ObjectMeta;\n  spec?: T0;\n  status?: ${r.pick(names)};\n}\n`);
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

/** Text damage as editors and merges make it: deletions, doubled lines, stray tokens, swapped lines. */
function mutate(r: Random, source: string): string {
  let s = source;
  for (let n = r.int(1, 3); n > 0; n--) {
    const at = r.int(0, s.length);
    const lines = s.split('\n');
    const line = r.int(0, lines.length - 1);
    s = r.pick([
      () => s.slice(0, at) + s.slice(Math.min(s.length, at + r.int(1, 40))),
      () => [...lines.slice(0, line + 1), lines[line]!, ...lines.slice(line + 1)].join('\n'),
      () => s.slice(0, at) + r.pick(['{', '}', '[]', '<', '>', '//', '// +', '"', ':', '=', ';', ' extends T0', '\n', '`', '/*', '?']) + s.slice(at),
      () => { const other = r.int(0, lines.length - 1); [lines[line], lines[other]] = [lines[other]!, lines[line]!]; return lines.join('\n'); },
    ])();
  }
  return s;
}

const crash = /Maximum call stack|internal error|\n\s+at \S+ \(|is not a function|Cannot read propert|undefined \(reading/;

describe('manifests on generated and mutated types files (seeded fuzz)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'manifests-fuzz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ends every run with files or located diagnostics, never a crash', { timeout: 60_000 }, () => {
    // SCAFFOLDER_FUZZ_SEEDS=<first>:<count> explores other seeds; the suite runs the same 400 every time.
    const [first, cases] = (process.env.SCAFFOLDER_FUZZ_SEEDS ?? '1:400').split(':').map(Number) as [number, number];
    let withErrors = 0;
    let withFiles = 0;
    for (let seed = first; seed < first + cases; seed++) {
      const r = new Random(seed);
      const kind = r.pick(['Thing', 'Widget', 'Gadget']);
      let types = typesFile(r, kind);
      if (r.chance(0.35)) types = mutate(r, types);
      const planned = new Map([['api/v1/groupversion_info.ts', packageFile(r)], [`api/v1/${kind.toLowerCase()}_types.ts`, types]]);
      const where = `seed ${seed}:\n${types.slice(0, 3000)}`;
      let result;
      try {
        result = new ManifestsPipeline({ projectDir: dir, settings: { projectName: 'fuzz', namespaced: false }, planned }).generate();
      } catch (e) {
        // The one error a run may throw: a file too deep for TypeScript's own parser, named with its line.
        expect((e as Error).message, where).toMatch(/: nested too deeply for the TypeScript parser/);
        withErrors++;
        continue;
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
        parseMarker(def as never, `+f:value=${value}`);
      } catch (e) {
        expect(e, `${JSON.stringify(def)} ${value.slice(0, 200)}`).toBeInstanceOf(MarkerSyntaxError);
      }
    }
  });
});
