/**
 * CRD validation rules checked as kube-apiserver checks them: types against the schema, cost
 * against the budgets. Expected costs are apiextensions-apiserver's own (TestCostEstimation in
 * pkg/apiserver/schema/cel/compilation_test.go): the estimate without bounds, then with
 * maxItems / maxProperties / maxLength set.
 */
import { describe, expect, it } from 'vitest';
import { checkExpression } from '../../src/kube/cel/checker.js';
import { estimateCost } from '../../src/kube/cel/cost.js';
import { schemaDeclType } from '../../src/kube/cel/decl-type.js';
import { compileValidationRule, validateSchemaRules } from '../../src/kube/cel/validation-rules.js';
import type { JSONSchemaProps } from '../../src/kube/json-schema-props.js';

function costOf(schema: JSONSchemaProps, rule: string): number {
  const decl = schemaDeclType(schema, false)!;
  const checked = checkExpression(rule, new Map([['self', { type: decl.type, decl }], ['oldSelf', { type: decl.type, decl }]]));
  expect(checked.issues).toEqual([]);
  return estimateCost(checked).max;
}

const array = (items: JSONSchemaProps, maxItems?: number): JSONSchemaProps => ({ type: 'array', items, ...(maxItems !== undefined ? { maxItems } : {}) });
const map = (value: JSONSchemaProps, maxProperties?: number): JSONSchemaProps => ({ type: 'object', additionalProperties: value, ...(maxProperties !== undefined ? { maxProperties } : {}) });
const string = (maxLength?: number): JSONSchemaProps => ({ type: 'string', ...(maxLength !== undefined ? { maxLength } : {}) });

describe('cost estimate (the API server\'s numbers)', () => {
  const cases: { name: string; schema: (max?: number) => JSONSchemaProps; rule: string; max: number; unbounded: number; bounded: number }[] = [
    { name: 'number array with all', schema: (m) => array({ type: 'number' }, m), rule: 'self.all(x, true)', max: 10, unbounded: 4718591, bounded: 32 },
    { name: 'string array with all', schema: (m) => array({ type: 'string' }, m), rule: 'self.all(x, true)', max: 20, unbounded: 3145727, bounded: 62 },
    { name: 'boolean array with all', schema: (m) => array({ type: 'boolean' }, m), rule: 'self.all(x, true)', max: 5, unbounded: 1887437, bounded: 17 },
    { name: 'map of numbers with all', schema: (m) => map({ type: 'number' }, m), rule: 'self.all(x, true)', max: 10, unbounded: 1348169, bounded: 32 },
    { name: 'map of strings with value length', schema: (m) => map(string(m), m), rule: 'self.all(x, x.contains(self[x]))', max: 10, unbounded: 2752507, bounded: 72 },
    { name: 'string with contains', schema: string, rule: "self.contains('test')", max: 10, unbounded: 314574, bounded: 5 },
    { name: 'concat string', schema: string, rule: 'size(self + "hello") > size("hello")', max: 4, unbounded: 314578, bounded: 7 },
    { name: 'regex matches simple', schema: string, rule: 'self.matches("x")', max: 50, unbounded: 314574, bounded: 22 },
    { name: 'date-time array with all', schema: (m) => array({ type: 'string', format: 'date-time' }, m), rule: 'self.all(x, true)', max: 25, unbounded: 428963, bounded: 77 },
    { name: 'extended library regex find', schema: string, rule: "self.find('[0-9]+') == ''", max: 10, unbounded: 629147, bounded: 11 },
    { name: 'extended library lowerAscii', schema: string, rule: "self.lowerAscii() == 'lower!'", max: 10, unbounded: 314575, bounded: 6 },
    { name: 'extended library isSorted', schema: (m) => array(string(m), m), rule: 'self.isSorted() == true', max: 10, unbounded: 329854432052, bounded: 52 },
    { name: 'index of array with int-or-strings', schema: (m) => array({ 'x-kubernetes-int-or-string': true }, m), rule: 'self[0] == 5', max: 10, unbounded: 3, bounded: 3 },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.unbounded} unbounded, ${c.bounded} with bounds of ${c.max}`, () => {
      expect(costOf(c.schema(), c.rule)).toBe(c.unbounded);
      expect(costOf(c.schema(c.max), c.rule)).toBe(c.bounded);
    });
  }

  it('an enum string field costs as its longest value in bytes (Go len): maxLength 1000 of "A"..."LongValue" as the API server\'s test, and 12 bytes of é', () => {
    const enumString = (values: string[], maxLength?: number): JSONSchemaProps => ({ type: 'string', enum: values, ...(maxLength !== undefined ? { maxLength } : {}) });
    expect(costOf(enumString(['A', 'B', 'C', 'LongValue']), "self.contains('A')")).toBe(2);
    expect(costOf(enumString(['A', 'B', 'C', 'LongValue'], 1000), "self.contains('A')")).toBe(401);
    expect(costOf(enumString(['é'.repeat(6)]), "self.contains('A')")).toBe(3);
  });

  it('has() costs only its operand: Kubernetes sets checker.PresenceTestHasCost(false)', () => {
    expect(costOf(map({ type: 'number' }), 'has(self.x)')).toBe(1);
    expect(costOf({ type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'string' } } } } }, 'has(self.a.b)')).toBe(2);
    expect(costOf({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } }, 'has(self.a) && has(self.b)')).toBe(2);
  });

  it('O(n^2) and O(n^3) loops with 10 items', () => {
    expect(costOf(array({ type: 'number' }, 10), 'self.all(x, self.all(y, true))')).toBe(352);
    expect(costOf(array({ type: 'number' }, 10), 'self.all(x, self.all(y, self.all(z, true)))')).toBe(3552);
  });
});

describe('validateSchemaRules', () => {
  const prefix = 'spec.validation.openAPIV3Schema';
  const crd = (spec: JSONSchemaProps, rootRules?: JSONSchemaProps['x-kubernetes-validations']): JSONSchemaProps => ({
    type: 'object',
    properties: { spec },
    ...(rootRules ? { 'x-kubernetes-validations': rootRules } : {}),
  });
  const errors = (schema: JSONSchemaProps) => validateSchemaRules(schema, prefix).map(({ field, message }) => ({ field, message }));

  it('accepts rules that type-check: macros, libraries, escaped names, formats, int-or-string, maps, root metadata', () => {
    const spec: JSONSchemaProps = {
      type: 'object',
      properties: {
        'max-count': { type: 'integer' },
        ports: { type: 'array', maxItems: 10, items: { type: 'object', properties: { name: { type: 'string', maxLength: 20 }, port: { type: 'integer' } } } },
        labels: { type: 'object', maxProperties: 10, additionalProperties: { type: 'string', maxLength: 20 } },
        start: { type: 'string', format: 'date-time' },
        timeout: { type: 'string', format: 'duration' },
        size: { 'x-kubernetes-int-or-string': true },
        memory: { type: 'string', maxLength: 10 },
      },
      'x-kubernetes-validations': [
        { rule: 'self.ports.all(p, p.port > 0 && p.name.startsWith("p")) && self.ports.map(p, p.name).exists(n, n == "http")' },
        { rule: 'size(self.ports) <= self.max__dash__count' },
        { rule: "self.labels.all(k, k.matches('^[a-z]+$') && self.labels[k].lowerAscii() == self.labels[k])" },
        { rule: 'self.start < timestamp("2030-01-01T00:00:00Z") && self.timeout < duration("1h")' },
        { rule: "type(self.size) == string ? self.size.endsWith('%') : self.size > 0" },
        { rule: "isQuantity(self.memory) && quantity(self.memory).isLessThan(quantity('1Gi'))" },
        { rule: 'self.?timeout.orValue(duration("0s")) >= duration("0s")' },
        { rule: 'has(self.labels) && !("x" in self.labels)', messageExpression: 'self.labels.exists(k, k == "y") ? "has y" : "no y"' },
      ],
    };
    expect(errors(crd(spec, [{ rule: "self.metadata.name.startsWith('a') && self.kind == 'K' && self.apiVersion != ''" }]))).toEqual([]);
  });

  it('names a property spelled as a reserved word both ways (Kubernetes 1.31+: self.namespace and self.__namespace__), and no other word so', () => {
    const spec: JSONSchemaProps = { type: 'object', properties: { namespace: { type: 'string', maxLength: 63 }, as: { type: 'integer' }, name: { type: 'string' } } };
    const rules = ['!has(self.namespace)', 'self.namespace.size() > 0', 'self.__namespace__ == self.namespace', 'has(self.as) && self.as > 0 && self.__as__ > 0'];
    for (const rule of rules) expect(errors(crd({ ...spec, 'x-kubernetes-validations': [{ rule }] })), rule).toEqual([]);
    // A property that is not a reserved word has no escaped spelling to fall back to.
    expect(errors(crd({ ...spec, 'x-kubernetes-validations': [{ rule: 'self.__name__ == ""' }] }))[0]?.message).toContain("undefined field '__name__'");
  });

  it("reports a field the schema does not declare with cel-go's message, position and caret", () => {
    const schema = crd({ type: 'object', properties: { configMapName: { type: 'string' } } }, [{ rule: 'self.spec.configMapNam != ""' }]);
    expect(errors(schema)).toEqual([
      {
        field: `${prefix}.x-kubernetes-validations[0].rule`,
        message:
          'Invalid value: {"Rule":"self.spec.configMapNam != \\"\\"","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}: ' +
          "compilation failed: ERROR: <input>:1:10: undefined field 'configMapNam'\n | self.spec.configMapNam != \"\"\n | .........^",
      },
    ]);
    // At the root only metadata.name and metadata.generateName are visible.
    expect(errors(crd({ type: 'object' }, [{ rule: "self.metadata.labels['a'] == 'b'" }]))[0]?.message).toContain("undefined field 'labels'");
  });

  it('reports wrong operand types, a non-bool rule, a non-string messageExpression and unknown functions', () => {
    const spec: JSONSchemaProps = {
      type: 'object',
      properties: { replicas: { type: 'integer' }, name: { type: 'string' } },
      'x-kubernetes-validations': [
        { rule: 'self.replicas + self.name == 1' },
        { rule: 'self.replicas' },
        { rule: 'self.replicas > 0', messageExpression: 'self.replicas' },
        { rule: 'self.name.frobnicate()' },
        { rule: 'self.name.all(c, c != "x")' },
      ],
    };
    const messages = errors(crd(spec)).map((e) => `${e.field.slice(prefix.length)}: ${e.message.replace(/^Invalid value: \{"Rule":.*?"OptionalOldSelf":(null|true|false)\}: /, '')}`);
    expect(messages).toEqual([
      ".properties[spec].x-kubernetes-validations[0].rule: compilation failed: ERROR: <input>:1:15: found no matching overload for '_+_' applied to '(int, string)'\n | self.replicas + self.name == 1\n | ..............^",
      '.properties[spec].x-kubernetes-validations[1].rule: cel expression must evaluate to a bool',
      '.properties[spec].x-kubernetes-validations[2].messageExpression: messageExpression must evaluate to a string',
      ".properties[spec].x-kubernetes-validations[3].rule: compilation failed: ERROR: <input>:1:10: undeclared reference to 'frobnicate' (in container '')\n | self.name.frobnicate()\n | .........^",
      ".properties[spec].x-kubernetes-validations[4].rule: compilation failed: ERROR: <input>:1:5: expression of type 'string' cannot be range of a comprehension (must be list, map, or dynamic)\n | self.name.all(c, c != \"x\")\n | ....^",
    ]);
  });

  it('refuses oldSelf under a list that is not a map list, and optionalOldSelf without oldSelf', () => {
    const item: JSONSchemaProps = { type: 'object', properties: { name: { type: 'string', maxLength: 64 } }, required: ['name'], 'x-kubernetes-validations': [{ rule: 'self.name == oldSelf.name' }] };
    const spec: JSONSchemaProps = {
      type: 'object',
      properties: {
        atomic: { type: 'array', maxItems: 100, items: item },
        keyed: { type: 'array', maxItems: 100, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: item },
        n: { type: 'integer' },
      },
      'x-kubernetes-validations': [{ rule: 'self.n > 0', optionalOldSelf: true }],
    };
    expect(errors(crd(spec))).toEqual([
      { field: `${prefix}.properties[spec].x-kubernetes-validations[0].optionalOldSelf`, message: 'Invalid value: true: may not be set if oldSelf is not used in rule' },
      {
        field: `${prefix}.properties[spec].properties[atomic].items.x-kubernetes-validations[0].rule`,
        message: `Invalid value: "self.name == oldSelf.name": oldSelf cannot be used on the uncorrelatable portion of the schema within ${prefix}.properties[spec].properties[atomic]`,
      },
    ]);
  });

  it('refuses a rule over the per-rule budget, counting how often it runs, and a schema over the total budget', () => {
    const names = { type: 'array', items: { type: 'string' } } as JSONSchemaProps;
    const quadratic = crd({ type: 'object', properties: { names }, 'x-kubernetes-validations': [{ rule: 'self.names.all(a, self.names.exists(b, a == b))' }] });
    expect(errors(quadratic)).toEqual([
      {
        field: `${prefix}.properties[spec].x-kubernetes-validations[0].rule`,
        message:
          'Forbidden: estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)',
      },
      { field: `${prefix}.properties[spec].x-kubernetes-validations[0].rule`, message: 'Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema' },
      {
        field: prefix,
        message:
          'Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)',
      },
    ]);
    // 300 strings of up to 64 characters (256 bytes): one evaluation costs 9003 (300 iterations of 30:
    // loop condition 2, @result 1, contains 1 + ceil(25.6) x ceil(0.4)), run once per item: 30 items fit, 3000 do not.
    const item: JSONSchemaProps = {
      type: 'object',
      properties: { names: { type: 'array', maxItems: 300, items: { type: 'string', maxLength: 64 } } },
      'x-kubernetes-validations': [{ rule: "self.names.all(a, a.contains('x'))" }],
    };
    const perItem = validateSchemaRules(crd({ type: 'object', properties: { items: { type: 'array', maxItems: 30, items: item } } }), prefix);
    expect(perItem).toEqual([]);
    const many = validateSchemaRules(crd({ type: 'object', properties: { items: { type: 'array', maxItems: 3000, items: item } } }), prefix);
    expect(many.map((e) => [e.field, e.message, e.cost])).toEqual([
      [
        `${prefix}.properties[spec].properties[items].items.x-kubernetes-validations[0].rule`,
        'Forbidden: estimated rule cost exceeds budget by factor of 2.7x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)',
        27_009_000,
      ],
    ]);
  });
});

describe('the checker on everyday rules', () => {
  const str: JSONSchemaProps = { type: 'string', maxLength: 32 };
  const spec: JSONSchemaProps = {
  type: 'object',
  properties: {
    replicas: { type: 'integer' }, minReplicas: { type: 'integer' }, ratio: { type: 'number' }, enabled: { type: 'boolean' },
    name: str, kind: str, u: str, ip: str, c: str, q: { 'x-kubernetes-int-or-string': true }, s: str,
    start: { type: 'string', format: 'date-time' }, end: { type: 'string', format: 'date-time' }, d: { type: 'string', format: 'duration' },
    l: { type: 'array', maxItems: 10, items: { type: 'integer' } },
    names: { type: 'array', maxItems: 10, items: str },
    ports: { type: 'array', maxItems: 10, items: { type: 'object', properties: { name: str, port: { type: 'integer' } } } },
    m: { type: 'object', maxProperties: 10, additionalProperties: str },
    nested: { type: 'array', maxItems: 5, items: { type: 'array', maxItems: 5, items: { type: 'integer' } } },
    obj: { type: 'object', properties: { a: str } },
    conditions: { type: 'array', maxItems: 10, items: { type: 'object', properties: { type: str, status: str } } },
    raw: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    emb: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
    'dash-name': str, 'in': str,
  },
};
  const rules = [
  'self.minReplicas <= self.replicas', '!has(self.name) || self.name.size() > 0', 'self.names.all(x, x in self.names)',
  'self.ports.all(p, p.name.matches("^[a-z]+$"))', 'self.replicas >= 0 && self.replicas <= 10', 'size(self.name) > 0',
  'self.?name.orValue("") != "bar"', 'self.name.startsWith("a") || self.name.endsWith("b")', 'self.conditions.exists(e, e.type == "Ready")',
  'self.ports.exists_one(i, i.port == 80)', 'has(self.name) == has(self.kind)', 'self.m.all(k, self.m[k] != "")',
  'self.end > self.start', 'self.end - self.start < duration("24h")', 'self.d < duration("1h")', 'timestamp(self.start) < timestamp("2030-01-01T00:00:00Z")',
  'self.ports.map(p, p.port).all(p, p < 65536)', 'self.l.size() == self.l.filter(x, x > 0).size()', 'self.name.matches("^x") ? true : false',
  'url(self.u).getScheme() == "https"', 'isURL(self.u)', 'cidr(self.c).containsIP(self.ip)', 'isIP(self.ip) && ip(self.ip).family() == 4',
  'self.name in ["a", "b"]', 'self.l.sum() < 100', 'self.l.max() < 10', 'self.s.split(",").all(p, p != "")', 'self.s.indexOf("x") >= 0',
  'self.s.lowerAscii() == self.s', 'self.m.exists(k, k.startsWith("x"))', 'type(self.q) == int || type(self.q) == string', 'self.replicas + self.minReplicas <= 100',
  'double(self.replicas) / 2.0 > 1.0', 'self.replicas % 2 == 0', 'string(self.replicas) == "1"', 'self.enabled ? self.replicas > 0 : true',
  '!(self.name == "a" && self.kind == "b")', 'self.conditions.all(c, c.status in ["True", "False", "Unknown"])',
  'self.names.all(x, self.names.exists_one(y, x == y))', 'self.ports.map(x, x.name).size() == self.ports.size()',
  'self.nested.all(x, x.all(y, y > 0))', 'self.replicas < 1.5', 'self.obj != null', 'self.ratio > 0.5 && self.ratio < 2',
  'self.start.getFullYear() > 2000', 'self.d.getHours() < 2', 'cel.bind(x, self.replicas, x > 0)', 'sets.contains(self.names, ["x"])',
  'self.l.isSorted()', '"%s".format([self.name]) != ""', 'quantity("1Gi").isInteger()', 'isQuantity(self.s)', 'self.m.exists(k, self.m[k] == "a")',
  'self.conditions.exists(c, c.type == "Ready" && c.status == "True")', 'self.dash__dash__name != "" && self.__in__ != ""',
  'self.emb.kind == "Pod" && self.emb.metadata.name != ""', 'has(self.raw)', 'self.l.all(i, v, v > i)', 'self.m.all(k, v, v != k)',
  'self.names.exists(n, n.contains("x"))', 'self.names.join(",") != ""', 'self.s.replace("a", "b") != ""', 'self.s.substring(1) != ""',
  'self.s.trim() == self.s', 'self.s.upperAscii() != ""', 'self.s.charAt(0) == "a"', 'self.s.lastIndexOf("a") < 3', 'self.s.find("[0-9]+") == ""',
  'self.s.findAll("x").size() < 3', 'int(self.q) > 0', 'self.q == 1 || self.q == "1%"', 'self.ports.all(p, !has(p.name) || p.name != "")',
  'self.l.indexOf(3) > 0', 'self.names.min() != ""', 'size(self.m) < 3', 'self.m.size() < 3', '"a" in self.m',
  '[1, 2, 3].exists(x, x == self.replicas)', '{"a": 1}["a"] == self.replicas', 'self.l == [1, 2]', 'self.l + [1] != []',
  'self.ratio == 0.0 || self.ratio != 1.0', 'optional.of(self.replicas).hasValue()', 'self.?obj.?a.orValue("") == ""',
  'self.enabled == true', 'self.names.all(n, size(n) < 10)', 'duration(self.d) > duration("0s")', 'uint(self.replicas) > 1u',
  'self.l.exists(x, x == 1) != self.l.exists(x, x == 2)', 'self.start == timestamp("2020-01-01T00:00:00Z")',
];

  it.each(rules)('%s compiles', (rule) => {
    expect(compileValidationRule({ rule }, schemaDeclType(spec, false)!).problems).toEqual([]);
  });

  it('types oldSelf as self, or as an optional of it with optionalOldSelf', () => {
    const decl = schemaDeclType(spec, false)!;
    expect(compileValidationRule({ rule: 'oldSelf.replicas <= self.replicas' }, decl).problems).toEqual([]);
    expect(compileValidationRule({ rule: '!oldSelf.hasValue() || oldSelf.value() == self', optionalOldSelf: true }, decl).problems).toEqual([]);
    expect(compileValidationRule({ rule: 'oldSelf.replicas <= self.replicas', optionalOldSelf: true }, decl).problems[0]?.detail).toContain(
      "type 'optional_type(object)' does not support field selection",
    );
  });

  it('refuses a rule past cel-go\'s parser limits with its message, at no location and without echoing the rule', () => {
    const decl = schemaDeclType(spec, false)!;
    const detail = (rule: string) => compileValidationRule({ rule }, decl).problems[0]?.detail;
    expect(detail(`${'('.repeat(1000)}self.replicas${')'.repeat(1000)} > 0`)).toBe('compilation failed: ERROR: <input>:-1:0: expression recursion limit exceeded: 250');
    expect(detail(`self.name == '${'x'.repeat(150_000)}'`)).toBe('compilation failed: ERROR: <input>:-1:0: expression code point size exceeds limit: size: 150015, limit 100000');
    expect(detail(`${Array.from({ length: 2000 }, () => 'self.replicas').join(' + ')} > 0`)).toBe('compilation failed: ERROR: <input>:-1:0: expression recursion limit exceeded: 250');
    expect(detail(`${Array.from({ length: 240 }, () => 'self.replicas').join(' + ')} > 0`)).toBeUndefined();
  });

  it('shows a long line of a rule only around the error', () => {
    const rule = `self.name == '${'x'.repeat(5000)}' && self.nam == '${'y'.repeat(5000)}'`;
    const detail = compileValidationRule({ rule }, schemaDeclType(spec, false)!).problems[0]?.detail ?? '';
    const column = rule.indexOf('.nam ==');
    expect(detail).toContain(`ERROR: <input>:1:${column + 1}: undefined field 'nam'`);
    const [, text, caret] = detail.split('\n');
    expect(text).toBe(` | ...${rule.slice(column - 80, column + 81)}...`);
    expect(caret).toBe(` | ...${'.'.repeat(80)}^`);
  });
});
