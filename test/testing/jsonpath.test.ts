/** Kubernetes' JSONPath dialect, against the behaviour of client-go's util/jsonpath. */
import { describe, expect, it } from 'vitest';
import { JSONPath, JSONPathEvalError, JSONPathSyntaxError } from '../../src/testing/jsonpath/index.js';

function run(template: string, data: unknown, allowMissingKeys = false): string {
  return JSONPath.parse(template, { allowMissingKeys }).execute(data);
}

const shop = {
  name: 'corner shop',
  labels: { 'web/html': 15, 'k8s-app': 20, 'a.b': 'dotted' },
  books: [
    { category: 'reference', author: 'Ann', title: 'Almanac', price: 8.95 },
    { category: 'fiction', author: 'Bo', title: 'Boats', price: 12.99 },
    { category: 'fiction', author: 'Cy', title: 'Clouds', price: 8.99 },
  ],
  bikes: [
    { color: 'red', price: 19.95, isNew: true },
    { color: 'green', price: 20.01, isNew: false },
  ],
  staff: { jo: 'manager', al: 'clerk' },
};

const points = [
  { id: 'p1', x: 4, y: -5 },
  { id: 'p2', x: -2, y: -5, z: 1 },
  { id: 'p3', x: 8, y: 3 },
  { id: 'p4', x: -6, y: -1 },
  { id: 'p5', x: 0, y: 2, z: 1 },
  { id: 'p6', x: 1, y: 4 },
  { id: 'p7', x: null, y: 4 },
];

const nodes = {
  kind: 'List',
  items: [
    { kind: 'None', metadata: { name: 'n1', labels: { 'kubernetes.io/hostname': 'host-1' } },
      status: { capacity: { cpu: '4' }, ready: true, addresses: [{ type: 'LegacyHostIP', address: '10.0.0.1' }] } },
    { kind: 'None', metadata: { name: 'n2', labels: { 'kubernetes.io/hostname': 'host-2' } },
      status: { capacity: { cpu: '8' }, ready: false, addresses: [{ type: 'LegacyHostIP', address: '10.0.0.2' }, { type: 'another', address: '10.0.0.3' }] } },
  ],
  users: [{ name: 'admin', user: { password: 'pw1' } }, { name: 'e2e', user: { password: 'pw2' } }],
};

describe('JSONPath: fields, text and literals', () => {
  it.each([
    ['plain text passes through', 'hello shop', 'hello shop'],
    ['a field inside text', 'name: {.name}!', 'name: corner shop!'],
    ['$ and @ are the current object', '{$.name} {@.name}', 'corner shop corner shop'],
    ['a key with a slash', '{.labels.web/html}', '15'],
    ['a key with a dash', '{.labels.k8s-app}', '20'],
    ['a dotted key, escaped', '{.labels.a\\.b}', 'dotted'],
    ['a quoted brace', '{"{"}{.name}{"}"}', '{corner shop}'],
    ['escapes in quoted text', '{"a\\tb"}', 'a\tb'],
    ['a map prints as JSON with sorted keys', '{.staff}', '{"al":"clerk","jo":"manager"}'],
    ['a list prints as JSON', '{.bikes[0]}', '{"color":"red","isNew":true,"price":19.95}'],
    ['floats print as Go does', '{.books[1].price}', '12.99'],
  ])('%s', (_name, template, want) => {
    expect(run(template, shop)).toBe(want);
  });

  it('prints JSON null as null, large and small floats in Go exponent form', () => {
    expect(run("{[-1]['x']}", points)).toBe('null');
    expect(run('{.a} {.b} {.c}', { a: 1234567.5, b: 0.00001, c: 1e21 })).toBe('1.2345675e+06 1e-05 1e+21');
  });

  it('a missing key is an error unless missing keys are allowed', () => {
    expect(() => run('{.hello}', shop)).toThrow(new JSONPathEvalError('hello is not found'));
    expect(run('before-{.hello}after', shop, true)).toBe('before-after');
    expect(run('{.hello.there}', shop, true)).toBe('');
  });

  it("a bracketed key reads as a dotted path, as in client-go (['a.b'] is .a.b)", () => {
    expect(run("{.staff['jo']}", shop)).toBe('manager');
    expect(run("{.labels['a.b']}", shop, true)).toBe('');
    expect(run("{.labels['a.b']}", { labels: { a: { b: 'nested' } } })).toBe('nested');
  });

  it('an unknown identifier is an error', () => {
    expect(() => run('{hello}', shop)).toThrow('unrecognized identifier hello');
  });
});

describe('JSONPath: arrays', () => {
  const ints = [0, 1, 2, 3, 4];
  it.each([
    ['an index', '{[1]}', '1'],
    ['a negative index', '{[-2]}', '3'],
    ['a slice', '{[0:2]}', '0 1'],
    ['a slice without start', '{[:2]}', '0 1'],
    ['a slice from the end', '{[-2:]}', '3 4'],
    ['a step', '{[::2]}', '0 2 4'],
    ['a step with a start', '{[1::2]}', '1 3'],
    ['a step with an end', '{[:4:2]}', '0 2'],
    ['all', '{[*]}', '0 1 2 3 4'],
    ['a union of indexes', '{[1,3,4]}', '1 3 4'],
    ['an empty slice', '{[2:2]}', ''],
  ])('%s', (_name, template, want) => {
    expect(run(template, ints)).toBe(want);
  });

  it('errs on an index out of range, a reversed slice, a zero step and indexing a map', () => {
    expect(() => run('{[5]}', ints)).toThrow('array index out of bounds: index 5, length 5');
    expect(() => run('{[0:6]}', ints)).toThrow('array index out of bounds: index 5, length 5');
    expect(() => run('{[3:1]}', ints)).toThrow('starting index 3 is greater than ending index 1');
    expect(() => run('{[::0]}', ints)).toThrow('step must be > 0');
    expect(() => run('{.labels[0]}', shop)).toThrow('map[string]interface {} is not array or slice');
  });

  it('reads fields of every item, and unions of fields', () => {
    expect(run('{.books[*].author}', shop)).toBe('Ann Bo Cy');
    expect(run('{.bikes[*].color}', shop)).toBe('red green');
    expect(run("{.items[*]['metadata.name', 'status.capacity']}", nodes)).toBe('n1 n2 {"cpu":"4"} {"cpu":"8"}');
    expect(run('{.books[-1:].title}', shop)).toBe('Clouds');
  });
});

describe('JSONPath: filters', () => {
  it.each([
    ['== on strings', '{.books[?(@.category=="fiction")].title}', 'Boats Clouds'],
    ['single quotes', "{.books[?(@.category=='reference')].title}", 'Almanac'],
    ['!= on strings', '{.books[?(@.category!="fiction")].title}', 'Almanac'],
    ['< on floats', '{.books[?(@.price<10.0)].title}', 'Almanac Clouds'],
    ['>= on floats', '{.books[?(@.price>=12.99)].title}', 'Boats'],
    ['== on booleans', '{.bikes[?(@.isNew==true)].color}', 'red'],
    ['a path on the right', '{.books[?(@.title==@.title)].author}', 'Ann Bo Cy'],
  ])('%s', (_name, template, want) => {
    expect(run(template, shop)).toBe(want);
  });

  it('compares integers and tests existence', () => {
    expect(run('{[?(@<3)]}', [2, 6, 1, 7])).toBe('2 1');
    expect(run('{[?(@.x>0)].id}', points.slice(0, 6))).toBe('p1 p3 p6');
    expect(run('{[?(@.x<=0)].id}', points.slice(0, 6))).toBe('p2 p4 p5');
    expect(run('{[?(@.z)].id}', points)).toBe('p2 p5');
  });

  it('skips items without the compared field when missing keys are allowed', () => {
    expect(run('{[?(@.z==1)].id}', points, true)).toBe('p2 p5');
    expect(() => run('{[?(@.z==1)].id}', points)).toThrow('z is not found');
  });

  it('refuses to compare an int64 with a float64, or a null, as Go templates do', () => {
    expect(() => run('{.books[?(@.price<10)].title}', shop)).toThrow('incompatible types for comparison');
    expect(() => run('{[?(@.x>0)].id}', points)).toThrow('invalid type for comparison');
    expect(() => run('{.bikes[?(@.isNew<true)].color}', shop)).toThrow('invalid type for comparison');
  });

  it('filters Kubernetes objects: conditions, escaped label keys, recursive paths', () => {
    const pod = { status: { conditions: [{ type: 'Initialized', status: 'True' }, { type: 'Ready', status: 'False', reason: 'ContainersNotReady' }] } };
    expect(run('{.status.conditions[?(@.type=="Ready")].status}', pod)).toBe('False');
    expect(run('{.status.conditions[?(@.type=="Ready")].reason}', pod)).toBe('ContainersNotReady');
    expect(run('{.users[?(@.name=="e2e")].user.password}', nodes)).toBe('pw2');
    expect(run('{.items[?(@.metadata.labels.kubernetes\\.io/hostname=="host-1")].metadata.name}', nodes)).toBe('n1');
    expect(run('{.items[?(@..ready==true)].metadata.name}', nodes)).toBe('n1');
  });

  it('errs on filtering a map and on an unknown operator', () => {
    expect(() => run('{.staff[?(@.x)]}', shop)).toThrow('is not array or slice and cannot be filtered');
    expect(() => run('{.books[?(@.price<>10)]}', shop)).toThrow('unrecognized filter operator <>');
  });
});

describe('JSONPath: wildcards and recursive descent', () => {
  it('a wildcard yields every value of a map or list', () => {
    expect(run('{.staff.*}', shop)).toBe('manager clerk');
    expect(run('{.bikes[0].*}', shop)).toBe('red 19.95 true');
  });

  it('recursive descent finds a field at any depth', () => {
    expect(run('{..price}', shop)).toBe('8.95 12.99 8.99 19.95 20.01');
    expect(run('{...price}', shop)).toBe('8.95 12.99 8.99 19.95 20.01');
    expect(run('{..name}', nodes)).toBe('n1 n2 admin e2e');
    expect(run('{..books[2].title}', shop)).toBe('Clouds');
    expect(run('{..}', [1, 2, 3])).toBe('[1,2,3]');
  });

  it('refuses a doubled recursive descent', () => {
    expect(() => JSONPath.parse('{....price}')).toThrow(new JSONPathSyntaxError('invalid multiple recursive descent'));
  });
});

describe('JSONPath: range', () => {
  it('repeats the body for each item', () => {
    expect(run('{range .items[*]}{.metadata.name}, {end}{.kind}', nodes)).toBe('n1, n2, List');
    expect(run('{range .items[*]}{.metadata.name}{"\\t"}{end}', nodes)).toBe('n1\tn2\t');
    expect(run('{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}', nodes)).toBe('[n1, {"cpu":"4"}] [n2, {"cpu":"8"}] ');
    expect(run('{range .bikes[*]}{ "{" }{ @.* }{ "} " }{end}', shop)).toBe('{red 19.95 true} {green 20.01 false} ');
  });

  it('nests, and skips an empty body to its end', () => {
    expect(run('{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}', nodes)).toBe('10.0.0.1, 10.0.0.2, 10.0.0.3, ');
    expect(run('{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}after', { items: [] })).toBe('after');
    expect(run('{range .items[*]}{.name}:{range .parts[*]}{@},{end};{end}', { items: [{ name: 'a', parts: [] }, { name: 'b', parts: [1, 2] }] })).toBe('a:;b:1,2,;');
  });

  it('an end without a range is an error', () => {
    expect(() => run('{range .staff.*}{@}{end}{end}', shop)).toThrow('not in range, nothing to end');
  });
});

describe('JSONPath: syntax errors', () => {
  it.each([
    ['{.name', 'unclosed action'],
    ['{.books[0}', 'unterminated array'],
    ['{.books[?(@.x=="a"}', 'unterminated filter'],
    ['{"abc}', 'unterminated quoted string'],
    ['{.books[a]}', 'invalid array index a'],
    ['{1.2.3}', 'cannot parse number 1.2.3'],
    ['{#}', "unrecognized character in action: U+0023 '#'"],
  ])('%s', (template, message) => {
    expect(() => JSONPath.parse(template)).toThrow(new JSONPathSyntaxError(message));
  });
});
