import { describe, expect, it } from 'vitest';
import { compileSchema, type FieldCause, type JSONSchemaProps } from '../../../src/apiextensions/schema/index.js';

/** A CRD-like root schema with `spec` as given. */
function rootWith(spec: JSONSchemaProps): JSONSchemaProps {
  return {
    type: 'object',
    properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' }, spec },
  };
}

function causesFor(spec: JSONSchemaProps, value: unknown): FieldCause[] {
  return compileSchema(rootWith(spec)).validate({ apiVersion: 'g/v1', kind: 'K', metadata: { name: 'n' }, spec: value });
}

const cases: { rule: string; spec: JSONSchemaProps; value: unknown; expected: FieldCause[] }[] = [
  {
    rule: 'integer type rejects a string',
    spec: { type: 'object', properties: { x: { type: 'integer' } } },
    value: { x: 'string' },
    expected: [{ reason: 'FieldValueTypeInvalid', field: 'spec.x', message: 'Invalid value: "string": spec.x in body must be of type integer: "string"' }],
  },
  {
    rule: 'integer type rejects a fraction',
    spec: { type: 'object', properties: { x: { type: 'integer' } } },
    value: { x: 1.5 },
    expected: [
      { reason: 'FieldValueTypeInvalid', field: 'spec.x', message: 'Invalid value: "number": spec.x in body must be of type integer: "number"' },
      { reason: 'FieldValueInvalid', field: '<nil>', message: 'Invalid value: "": Checked value must be of type integer (default format) in spec.x' },
    ],
  },
  {
    rule: 'number accepts an integer',
    spec: { type: 'object', properties: { x: { type: 'number' } } },
    value: { x: 2 },
    expected: [],
  },
  {
    rule: 'null for a non-nullable field',
    spec: { type: 'object', properties: { x: { type: 'string' } } },
    value: { x: null },
    expected: [{ reason: 'FieldValueTypeInvalid', field: 'spec.x', message: 'Invalid value: "null": spec.x in body must be of type string: "null"' }],
  },
  {
    rule: 'null for a nullable field',
    spec: { type: 'object', properties: { x: { type: 'string', nullable: true } } },
    value: { x: null },
    expected: [],
  },
  {
    rule: 'int-or-string rejects a boolean',
    spec: { type: 'object', properties: { x: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } } },
    value: { x: true },
    expected: [
      { reason: 'FieldValueTypeInvalid', field: 'spec.x', message: 'Invalid value: "boolean": spec.x in body must be of type integer,string: "boolean"' },
      { reason: 'FieldValueInvalid', field: '<nil>', message: 'Invalid value: "": "spec.x" must validate at least one schema (anyOf)' },
      { reason: 'FieldValueTypeInvalid', field: 'spec.x', message: 'Invalid value: "boolean": spec.x in body must be of type integer: "boolean"' },
    ],
  },
  {
    rule: 'int-or-string accepts both',
    spec: { type: 'object', properties: { a: { 'x-kubernetes-int-or-string': true }, b: { 'x-kubernetes-int-or-string': true } } },
    value: { a: 3, b: '50%' },
    expected: [],
  },
  {
    rule: 'required',
    spec: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    value: {},
    expected: [{ reason: 'FieldValueRequired', field: 'spec.name', message: 'Required value' }],
  },
  {
    rule: 'enum',
    spec: { type: 'object', properties: { x: { type: 'string', enum: ['a', 'b'] } } },
    value: { x: 'x' },
    expected: [{ reason: 'FieldValueNotSupported', field: 'spec.x', message: 'Unsupported value: "x": supported values: "a", "b"' }],
  },
  {
    rule: 'enum of integers',
    spec: { type: 'object', properties: { x: { type: 'integer', enum: [1, 2] } } },
    value: { x: 3 },
    expected: [{ reason: 'FieldValueNotSupported', field: 'spec.x', message: 'Unsupported value: 3: supported values: "1", "2"' }],
  },
  {
    rule: 'maximum',
    spec: { type: 'object', properties: { replicas: { type: 'integer', maximum: 3 } } },
    value: { replicas: 5 },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.replicas', message: 'Invalid value: 5: spec.replicas in body should be less than or equal to 3' }],
  },
  {
    rule: 'exclusiveMaximum',
    spec: { type: 'object', properties: { x: { type: 'integer', maximum: 3, exclusiveMaximum: true } } },
    value: { x: 3 },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.x', message: 'Invalid value: 3: spec.x in body should be less than 3' }],
  },
  {
    rule: 'minimum on a number',
    spec: { type: 'object', properties: { x: { type: 'number', minimum: 0.5 } } },
    value: { x: 0.25 },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.x', message: 'Invalid value: 0.25: spec.x in body should be greater than or equal to 0.5' }],
  },
  {
    rule: 'exclusiveMinimum with a float bound printed as Go does',
    spec: { type: 'object', properties: { x: { type: 'number', minimum: 1000000, exclusiveMinimum: true } } },
    value: { x: 0.5 },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.x', message: 'Invalid value: 0.5: spec.x in body should be greater than 1e+06' }],
  },
  {
    rule: 'multipleOf',
    spec: { type: 'object', properties: { x: { type: 'integer', multipleOf: 5 } } },
    value: { x: 12 },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.x', message: 'Invalid value: 12: spec.x in body should be a multiple of 5' }],
  },
  {
    rule: 'int32 range',
    spec: { type: 'object', properties: { x: { type: 'integer', format: 'int32' } } },
    value: { x: 2 ** 31 },
    expected: [{ reason: 'FieldValueInvalid', field: '<nil>', message: 'Invalid value: "": Checked value must be of type integer with format int32 in spec.x' }],
  },
  {
    rule: 'maxLength',
    spec: { type: 'object', properties: { name: { type: 'string', maxLength: 3 } } },
    value: { name: 'abcd' },
    expected: [{ reason: 'FieldValueTooLong', field: 'spec.name', message: 'Too long: may not be more than 3 bytes' }],
  },
  {
    rule: 'maxLength counts characters, not bytes',
    spec: { type: 'object', properties: { name: { type: 'string', maxLength: 3 } } },
    value: { name: 'äöü' },
    expected: [],
  },
  {
    rule: 'minLength',
    spec: { type: 'object', properties: { name: { type: 'string', minLength: 3 } } },
    value: { name: 'ab' },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.name', message: 'Invalid value: "ab": spec.name in body should be at least 3 chars long' }],
  },
  {
    rule: 'pattern',
    spec: { type: 'object', properties: { name: { type: 'string', pattern: '^[a-z]+$' } } },
    value: { name: 'A1' },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.name', message: 'Invalid value: "A1": spec.name in body should match \'^[a-z]+$\'' }],
  },
  {
    rule: 'items, with the index in the path',
    spec: { type: 'object', properties: { ports: { type: 'array', items: { type: 'integer', minimum: 1 } } } },
    value: { ports: [80, 0] },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.ports[1]', message: 'Invalid value: 0: spec.ports[1] in body should be greater than or equal to 1' }],
  },
  {
    rule: 'minItems',
    spec: { type: 'object', properties: { l: { type: 'array', minItems: 1, items: { type: 'string' } } } },
    value: { l: [] },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.l', message: 'Invalid value: 0: spec.l in body should have at least 1 items' }],
  },
  {
    rule: 'maxItems',
    spec: { type: 'object', properties: { l: { type: 'array', maxItems: 1, items: { type: 'string' } } } },
    value: { l: ['a', 'b'] },
    expected: [{ reason: 'FieldValueTooMany', field: 'spec.l', message: 'Too many: 2: must have at most 1 item' }],
  },
  {
    rule: 'uniqueItems',
    spec: { type: 'object', properties: { l: { type: 'array', uniqueItems: true, items: { type: 'string' } } } },
    value: { l: ['a', 'a'] },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.l', message: 'Invalid value: "": spec.l in body shouldn\'t contain duplicates' }],
  },
  {
    rule: 'minProperties',
    spec: { type: 'object', properties: { m: { type: 'object', minProperties: 1, additionalProperties: { type: 'string' } } } },
    value: { m: {} },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.m', message: 'Invalid value: 0: spec.m in body should have at least 1 properties' }],
  },
  {
    rule: 'maxProperties',
    spec: { type: 'object', properties: { m: { type: 'object', maxProperties: 1, additionalProperties: { type: 'string' } } } },
    value: { m: { a: 'x', b: 'y' } },
    expected: [{ reason: 'FieldValueTooMany', field: 'spec.m', message: 'Too many: 2: must have at most 1 item' }],
  },
  {
    rule: 'additionalProperties schema',
    spec: { type: 'object', properties: { m: { type: 'object', additionalProperties: { type: 'integer' } } } },
    value: { m: { a: 'x' } },
    expected: [{ reason: 'FieldValueTypeInvalid', field: 'spec.m.a', message: 'Invalid value: "string": spec.m.a in body must be of type integer: "string"' }],
  },
  {
    rule: 'additionalProperties false',
    spec: { type: 'object', properties: { m: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } } } },
    value: { m: { a: 'x', b: 'y' } },
    expected: [{ reason: 'FieldValueInvalid', field: 'spec.m', message: 'Invalid value: "b": spec.m.b in body is a forbidden property' }],
  },
  {
    rule: 'embedded resource needs apiVersion and kind',
    spec: { type: 'object', properties: { template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } } },
    value: { template: { metadata: { name: 'x' } } },
    expected: [
      { reason: 'FieldValueRequired', field: 'spec.template.apiVersion', message: 'Required value' },
      { reason: 'FieldValueRequired', field: 'spec.template.kind', message: 'Required value' },
    ],
  },
  {
    rule: 'list-type set duplicates',
    spec: { type: 'object', properties: { s: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } } } },
    value: { s: ['a', 'b', 'a', 'a'] },
    expected: [{ reason: 'FieldValueDuplicate', field: 'spec.s[2]', message: 'Duplicate value: "a"' }],
  },
  {
    rule: 'list-type map duplicate keys',
    spec: {
      type: 'object',
      properties: {
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name', 'protocol'],
          items: { type: 'object', properties: { name: { type: 'string' }, protocol: { type: 'string' }, port: { type: 'integer' } } },
        },
      },
    },
    value: { ports: [{ name: 'http', protocol: 'TCP', port: 80 }, { name: 'http', protocol: 'UDP', port: 80 }, { name: 'http', protocol: 'TCP', port: 81 }] },
    expected: [{ reason: 'FieldValueDuplicate', field: 'spec.ports[2]', message: 'Duplicate value: {"name":"http","protocol":"TCP"}' }],
  },
];

const formatCases: [format: string, good: string, bad: string][] = [
  ['date-time', '2024-02-29T10:00:00Z', '2024-02-30T10:00:00Z'],
  ['date', '2024-02-29', '2023-02-29'],
  ['byte', 'aGVsbG8=', 'hello!'],
  ['uri', 'https://example.com/x', 'not a uri'],
  ['email', 'a@example.com', 'nobody'],
  ['hostname', 'my-host.example.com', 'bad_host!'],
  ['ipv4', '10.0.0.1', '10.0.0.256'],
  ['ipv6', '2001:db8::1', '2001:db8::g'],
  ['cidr', '10.0.0.0/8', '10.0.0.0/33'],
  ['uuid', '123e4567-e89b-12d3-a456-426614174000', '123e4567'],
  ['mac', '00:1a:2b:3c:4d:5e', '00:1a:2b'],
  ['duration', '1h30m', 'soon'],
];

describe('schema validation reports what kube-apiserver reports', () => {
  for (const c of cases) {
    it(c.rule, () => {
      expect(causesFor(c.spec, c.value)).toEqual(c.expected);
    });
  }

  for (const [format, good, bad] of formatCases) {
    it(`format ${format}`, () => {
      const spec: JSONSchemaProps = { type: 'object', properties: { x: { type: 'string', format } } };
      expect(causesFor(spec, { x: good })).toEqual([]);
      expect(causesFor(spec, { x: bad })).toEqual([
        { reason: 'FieldValueTypeInvalid', field: 'spec.x', message: `Invalid value: ${JSON.stringify(bad)}: spec.x in body must be of type ${format}: ${JSON.stringify(bad)}` },
      ]);
    });
  }

  it('accepts the date-time and duration spellings strfmt accepts, and only those', () => {
    const spec: JSONSchemaProps = { type: 'object', properties: { t: { type: 'string', format: 'date-time' }, d: { type: 'string', format: 'duration' } } };
    for (const t of ['2024-01-01T10:00:00Z', '2024-01-01t10:00:00.123+02:00', '2024-01-01T23:59:59-07:00']) expect(causesFor(spec, { t })).toEqual([]);
    for (const t of ['2024-01-01 10:00:00Z', '2024-01-01T10:00Z', '2024-01-01T10:00:00', '2024-01-01T24:00:00Z']) expect(causesFor(spec, { t })).toHaveLength(1);
    for (const d of ['1h30m', '-1.5h', '300ms', '0', '3 days', '2 weeks', '10 minutes']) expect(causesFor(spec, { d })).toEqual([]);
    for (const d of ['1x', 'soon', '']) expect(causesFor(spec, { d })).toHaveLength(1);
  });

  it('does not check formats the API server strips', () => {
    const spec: JSONSchemaProps = { type: 'object', properties: { x: { type: 'string', format: 'no-such-format' } } };
    expect(causesFor(spec, { x: 'anything' })).toEqual([]);
  });

  it('reports errors in kube-openapi order: nested schema errors before the required check', () => {
    const spec: JSONSchemaProps = { type: 'object', required: ['b'], properties: { a: { type: 'integer', maximum: 1 }, b: { type: 'string' } } };
    expect(causesFor(spec, { a: 2 }).map((c) => c.field)).toEqual(['spec.a', 'spec.b']);
  });

  it('ratchets on update: an unchanged invalid value is not reported, a changed one is', () => {
    const schema = compileSchema(rootWith({ type: 'object', properties: { a: { type: 'integer', maximum: 1 }, b: { type: 'integer', maximum: 1 } } }));
    const old = { apiVersion: 'g/v1', kind: 'K', spec: { a: 5, b: 0 } };
    expect(schema.validate({ ...old, spec: { a: 5, b: 0 } }, old)).toEqual([]);
    expect(schema.validate({ ...old, spec: { a: 5, b: 2 } }, old).map((c) => c.field)).toEqual(['spec.b']);
    expect(schema.validate({ ...old, spec: { a: 5, b: 0 } }).map((c) => c.field)).toEqual(['spec.a']);
  });

  it('names the file and location of an invalid pattern', () => {
    expect(() =>
      compileSchema(rootWith({ type: 'object', properties: { x: { type: 'string', pattern: '([a-z' } } }), { source: 'config/crd/bases/x.yaml v1' }),
    ).toThrow(/^config\/crd\/bases\/x\.yaml v1: openAPIV3Schema\.properties\[spec\]\.properties\[x\]\.pattern: "\(\[a-z" is not a valid regular expression/);
  });
});
