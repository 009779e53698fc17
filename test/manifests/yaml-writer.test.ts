import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { marshalYaml, writeYamlDocuments } from '../../src/generators/manifests/yaml/emitter.js';
import { compareYamlKeys } from '../../src/generators/manifests/yaml/sort-keys.js';
import { conformanceDir as conformance, describeShared } from '../support/shared.js';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? yamlFiles(p) : /\.ya?ml$/.test(f) ? [p] : [];
  });
}

/** The webhook goldens of controller-tools are hand-written (fields in struct order), not tool output. */
const handWritten = (rel: string) => rel.startsWith('controller-gen/webhook/');

interface GoldenResult {
  rel: string;
  docs: unknown[];
  written: string;
  normalized: string;
  exact: boolean;
}

describeShared(conformance, 'YAML writer against every conformance golden', () => {
  let results: GoldenResult[] = [];
  beforeAll(() => {
    results = yamlFiles(conformance).map((file) => {
      const rel = path.relative(conformance, file);
      const text = readFileSync(file, 'utf8');
      const docs = parseAllDocuments(text).map((d) => d.toJS() as unknown);
      // one golden (enums) was stored without its leading `---` and final newline
      const normalized = (text.startsWith('---\n') ? text : `---\n${text}`).replace(/([^\n])$/, '$1\n');
      return { rel, docs, written: writeYamlDocuments(docs), normalized, exact: writeYamlDocuments(docs) === text };
    });
  });

  it('writes every tool-generated golden byte for byte', () => {
    const generated = results.filter((r) => !handWritten(r.rel));
    expect(generated.length).toBeGreaterThanOrEqual(25);
    for (const r of generated) expect(r.written, r.rel).toBe(r.normalized);
  });

  it('writes gen/bar.example.com_foos.yaml identically', () => {
    const foos = results.find((r) => r.rel === 'controller-gen/crd/gen_bar.example.com_foos.yaml');
    expect(foos?.exact).toBe(true);
  });

  it('round-trips the hand-written goldens to the same objects', () => {
    for (const r of results.filter((x) => handWritten(x.rel))) {
      expect(parseAllDocuments(r.written).map((d) => d.toJS() as unknown), r.rel).toEqual(r.docs);
    }
  });

  it('reports how many goldens are byte-identical as they are stored', () => {
    const exact = results.filter((r) => r.exact).length;
    console.log(`YAML writer: ${exact}/${results.length} conformance files byte-identical as stored; ${results.filter((r) => r.written === r.normalized).length} after normalising the leading --- and final newline`);
    expect(exact).toBeGreaterThan(0);
  });
});

describe('scalars', () => {
  const line = (v: unknown) => marshalYaml({ k: v });

  it('quotes strings that would read back as something else', () => {
    expect(line('')).toBe('k: ""\n');
    expect(line('124')).toBe('k: "124"\n');
    expect(line('1.5')).toBe('k: "1.5"\n');
    expect(line('0x1F')).toBe('k: "0x1F"\n');
    expect(line('y')).toBe('k: "y"\n');
    expect(line('off')).toBe('k: "off"\n');
    expect(line('null')).toBe('k: "null"\n');
    expect(line('2024-01-15')).toBe('k: "2024-01-15"\n');
    expect(line('1:20')).toBe('k: "1:20"\n');
    expect(line('100Mi')).toBe('k: 100Mi\n');
    expect(line('2024-13-45')).toBe('k: 2024-13-45\n');
  });

  it('single-quotes strings with indicators and double-quotes ones with special characters', () => {
    expect(line('{}')).toBe("k: '{}'\n");
    expect(line("it's: here")).toBe("k: 'it''s: here'\n");
    expect(line('- item')).toBe("k: '- item'\n");
    expect(line(' lead')).toBe("k: ' lead'\n");
    expect(line('a #b')).toBe("k: 'a #b'\n");
    expect(line('a\tb')).toBe('k: "a\\tb"\n');
    expect(line('emoji 😀')).toBe('k: "emoji \\U0001F600"\n');
    expect(line('a#b: c')).toBe("k: 'a#b: c'\n");
  });

  it('writes multi-line strings as literal blocks with the chomping indicator', () => {
    expect(marshalYaml({ k: 'a\nb' })).toBe('k: |-\n  a\n  b\n');
    expect(marshalYaml({ k: 'a\n\nb\n' })).toBe('k: |\n  a\n\n  b\n');
    expect(marshalYaml({ k: 'a\n\n' })).toBe('k: |+\n  a\n\n');
    expect(marshalYaml({ k: ' a\nb' })).toBe('k: |2-\n   a\n  b\n');
    // a space before a line break cannot be a block scalar
    expect(marshalYaml({ k: 'a \nb' })).toBe('k: "a \\nb"\n');
  });

  it('folds long plain strings at the first space past column 80', () => {
    const words = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const out = marshalYaml({ description: words });
    const lines = out.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.startsWith('  word'))).toBe(true);
    expect(parse(out)).toEqual({ description: words });
    // the break is at the first space reached past column 80
    const first = lines[0];
    expect(first.length).toBeGreaterThan(80);
    expect(first.slice(0, first.lastIndexOf(' ')).length).toBeLessThanOrEqual(80);
  });

  it('writes numbers, bools and null as go-yaml does', () => {
    expect(marshalYaml({ a: 1, b: 1.5, c: 0.000001, d: 1234567.5, e: true, f: null, g: -3 })).toBe(
      'a: 1\nb: 1.5\nc: 1e-06\nd: 1.2345675e+06\ne: true\nf: null\ng: -3\n',
    );
  });
});

describe('collections', () => {
  it('does not indent sequences under their key and indents mappings in sequences', () => {
    expect(marshalYaml({ rules: [{ verbs: ['get', 'list'], apiGroups: [''] }], e: [], m: {} })).toBe(
      'e: []\nm: {}\nrules:\n- apiGroups:\n  - ""\n  verbs:\n  - get\n  - list\n',
    );
    expect(marshalYaml([[1, 2], [3]])).toBe('- - 1\n  - 2\n- - 3\n');
  });

  it('writes long and multi-line keys in the explicit form', () => {
    const long = 'k'.repeat(130);
    expect(marshalYaml({ [long]: 1 })).toBe(`? ${long}\n: 1\n`);
    expect(marshalYaml({ 'a\nb': 'v' })).toBe('? |-\n  a\n  b\n: v\n');
    expect(parse(marshalYaml({ [long]: { x: 1 } }))).toEqual({ [long]: { x: 1 } });
  });

  it('sorts keys as go-yaml v2 does', () => {
    const keys = ['b', 'a10', 'a9', 'A', '_x', 'a_b', 'ab', 'x-kubernetes-list-type', 'xa'];
    expect([...keys].sort(compareYamlKeys)).toEqual(['_x', 'A', 'a_b', 'a9', 'a10', 'ab', 'b', 'x-kubernetes-list-type', 'xa']);
  });
});

describe('line and paragraph separators (U+2028, U+2029)', () => {
  // yaml.v2 writes them raw in single quotes or literal blocks, where they do not read back as written;
  // double quotes with the escapes \L and \P do.
  const values = ['a\u2028b', 'p\u2029q', '\u2028', 'multi\nline\u2028end', "it's\u2028quoted", 'x'.repeat(90) + ' \u2029 tail'];

  it('writes them escaped in double quotes, so every value reads back unchanged', () => {
    const doc = { default: values[0], enum: values, nested: { description: values[3] } };
    const text = writeYamlDocuments([doc]);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(text).toContain('default: "a\\Lb"');
    expect(text).toContain('- "p\\Pq"');
    expect(parse(text)).toEqual(doc);
  });

  it('keys holding them read back unchanged too', () => {
    const doc = { 'k\u2028ey': 1 };
    const text = writeYamlDocuments([doc]);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(parse(text)).toEqual(doc);
  });
});
