// The test server's and environment's YAML reading (src/testing/yaml.ts): the YAML 1.2 core
// schema, as the js-yaml CORE_SCHEMA reading it replaces, and errors with their line.
import { describe, expect, it } from 'vitest';
import { parseYaml, YamlSyntaxError } from '../../src/testing/yaml.js';

describe('parseYaml', () => {
  it('resolves plain scalars by the YAML 1.2 core schema (no YAML 1.1 booleans, octals or timestamps)', () => {
    expect(parseYaml('a: on\nb: yes\nc: Off\nd: y\ne: 0777\nf: 0o17\ng: 0x1F\nh: 2026-01-02\ni: 1_000\nj: 12:30\n')).toEqual({
      a: 'on', b: 'yes', c: 'Off', d: 'y', e: 777, f: 15, g: 31, h: '2026-01-02', i: '1_000', j: '12:30',
    });
    expect(parseYaml('a: TRUE\nb: false\nc: ~\nd: Null\ne: 1.0\nf: 1e3\ng: "1"\nh: !!str 5\ni: +12\n')).toEqual({
      a: true, b: false, c: null, d: null, e: 1, f: 1000, g: '1', h: '5', i: 12,
    });
  });

  it('keeps << as an ordinary key (no YAML 1.1 merge)', () => {
    expect(parseYaml('<<: {b: 1}\nc: 2\n')).toEqual({ '<<': { b: 1 }, c: 2 });
  });

  it('refuses duplicate keys, unknown tags and several documents, with the line', () => {
    const dup = (() => { try { parseYaml('a: 1\nb: 2\na: 3\n'); } catch (e) { return e; } })();
    expect(dup).toBeInstanceOf(YamlSyntaxError);
    expect(dup).toMatchObject({ line: 2, reason: expect.stringMatching(/unique/i) });
    expect(() => parseYaml('a: !thing x\n')).toThrow(YamlSyntaxError);
    expect(() => parseYaml('a: 1\n---\nb: 2\n')).toThrow(YamlSyntaxError);
  });

  it('reads JSON, which is YAML', () => {
    expect(parseYaml('{"kind": "ConfigMap", "data": {"k": "0777"}}')).toEqual({ kind: 'ConfigMap', data: { k: '0777' } });
  });
});
