/**
 * Keys a request body names twice (src/testing/server/http/duplicate-keys.ts): found in JSON whatever
 * its strings hold, named by path and line, and decoded as Go decodes them into a typed object.
 * The scenario corpus (test/scenarios, field-validation) checks the answers built from them.
 */
import { describe, expect, it } from 'vitest';
import { jsonBody, yamlBody } from '../../src/testing/server/http/duplicate-keys.js';

const parse = (text: string) => jsonBody(text, JSON.parse(text));

describe('keys named twice in a JSON body', () => {
  it('finds none where strings only look like keys', () => {
    const text = '{"a":"\\"b\\": 1, \\"b\\":","b":"x\\\\","c":["\\"a\\":"]}';
    expect(parse(text).duplicates).toEqual([]);
  });

  it('names each repetition by path and line, in document order', () => {
    const text = '{"items":[{"name":"a"},\n{"name":"b","name":"c","name":"d"}],\n"meta":{"x":1,"x":2}}';
    expect(parse(text).duplicates).toEqual([
      { path: 'items[1].name', key: 'name', line: 2 },
      { path: 'items[1].name', key: 'name', line: 2 },
      { path: 'meta.x', key: 'x', line: 3 },
    ]);
  });

  it('keeps the last value, and for a typed object decodes a repeated object into the first', () => {
    const body = parse('{"metadata":{"labels":{"x":"1"},"labels":{"y":"2","x":"3"}},"data":{"k":"a","k":"b"}}');
    expect(body.value).toEqual({ metadata: { labels: { y: '2', x: '3' } }, data: { k: 'b' } });
    expect(body.typedValue).toEqual({ metadata: { labels: { x: '3', y: '2' } }, data: { k: 'b' } });
  });

  it('keeps a repeated __proto__ key as data', () => {
    const body = parse('{"__proto__":{"a":1},"__proto__":{"b":2}}');
    expect(Object.getPrototypeOf(body.typedValue)).toBe(Object.prototype);
    expect(Object.keys(body.typedValue as object)).toEqual(['__proto__']);
    expect(body.duplicates.map((d) => d.path)).toEqual(['__proto__']);
  });
});

describe('keys named twice in a YAML body', () => {
  it('names the line of each repetition', () => {
    const body = yamlBody('kind: Widget\nspec:\n  color: red\n  color: blue\n  color: green\n');
    expect(body.duplicates.map((d) => [d.path, d.line])).toEqual([['spec.color', 4], ['spec.color', 5]]);
    expect(body.value).toEqual({ kind: 'Widget', spec: { color: 'green' } });
  });
});
