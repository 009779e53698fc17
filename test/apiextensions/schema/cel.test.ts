import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { compileSchema, SchemaCompileError, type JSONSchemaProps, type ValidationRule } from '../../../src/apiextensions/schema/index.js';
import { conformanceDir, describeShared } from '../../support/shared.js';

const crdDir = path.join(conformanceDir, 'controller-gen', 'crd');

interface CRDVersion {
  name: string;
  schema?: { openAPIV3Schema: JSONSchemaProps };
}

function conformanceCRD(file: string): { spec: { versions: CRDVersion[] } } {
  return parseAllDocuments(readFileSync(path.join(crdDir, file), 'utf8'))[0].toJS();
}

function root(spec: JSONSchemaProps, rules: ValidationRule[] = []): JSONSchemaProps {
  return {
    type: 'object',
    properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' }, spec },
    'x-kubernetes-validations': rules,
  };
}

const obj = (spec: unknown) => ({ apiVersion: 'g/v1', kind: 'K', metadata: { name: 'demo' }, spec });

describe('x-kubernetes-validations', () => {
  it('reports a failed rule on an object as kube-apiserver 1.36 does, without the object', () => {
    const s = compileSchema(root({ type: 'object', properties: { min: { type: 'integer' }, max: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'self.min <= self.max' }] }));
    expect(s.validate(obj({ min: 1, max: 2 }))).toEqual([]);
    expect(s.validate(obj({ min: 3, max: 2 }))).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec', message: 'Invalid value: failed rule: self.min <= self.max' },
    ]);
  });

  it('uses message, messageExpression, fieldPath and reason', () => {
    const s = compileSchema(
      root({
        type: 'object',
        properties: { name: { type: 'string' }, replicas: { type: 'integer' } },
        'x-kubernetes-validations': [
          { rule: 'self.replicas < 10', message: 'too many replicas' },
          { rule: "self.name.startsWith('app-')", messageExpression: "'name ' + self.name + ' must start with app-'", fieldPath: '.name' },
          { rule: 'self.replicas != 7', message: 'seven is forbidden', reason: 'FieldValueForbidden', fieldPath: '.replicas' },
          { rule: 'has(self.name) && self.name != "app-x"', message: 'x is taken', reason: 'FieldValueDuplicate' },
        ],
      }),
    );
    expect(s.validate(obj({ name: 'web', replicas: 12 }))).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec', message: 'Invalid value: too many replicas' },
      { reason: 'FieldValueInvalid', field: 'spec.name', message: 'Invalid value: name web must start with app-' },
    ]);
    expect(s.validate(obj({ name: 'app-x', replicas: 7 }))).toEqual([
      { reason: 'FieldValueForbidden', field: 'spec.replicas', message: 'Forbidden: seven is forbidden' },
      { reason: 'FieldValueDuplicate', field: 'spec', message: 'Duplicate value' },
    ]);
  });

  it('shows the value of a scalar and the root as <nil>, where metadata.name is visible', () => {
    const s = compileSchema(
      root({ type: 'object', properties: { port: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self > 1024', message: 'must be unprivileged' }] } } }, [
        { rule: "self.metadata.name.startsWith('prod-') || !has(self.spec.port)", message: 'only prod objects set a port' },
      ]),
    );
    expect(s.validate(obj({ port: 80 }))).toEqual([
      { reason: 'FieldValueInvalid', field: '<nil>', message: 'Invalid value: only prod objects set a port' },
      { reason: 'FieldValueInvalid', field: 'spec.port', message: 'Invalid value: 80: must be unprivileged' },
    ]);
  });

  it('runs transition rules only on update, with oldSelf of the same field', () => {
    const s = compileSchema(root({ type: 'object', properties: { id: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'id is immutable' }] } } }));
    expect(s.validate(obj({ id: 'a' }))).toEqual([]);
    expect(s.validate(obj({ id: 'a' }), obj({ id: 'a' }))).toEqual([]);
    expect(s.validate(obj({ id: 'b' }), obj({ id: 'a' }))).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec.id', message: 'Invalid value: "b": id is immutable' },
    ]);
    // The field is new on this update: no oldSelf, so the rule does not run.
    expect(s.validate(obj({ id: 'b' }), obj({}))).toEqual([]);
  });

  it('gives optionalOldSelf rules an optional oldSelf, also on create', () => {
    const s = compileSchema(
      root({ type: 'object', properties: { n: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'oldSelf.hasValue() || self == 0', message: 'must start at 0', optionalOldSelf: true }] } } }),
    );
    expect(s.validate(obj({ n: 1 }))).toEqual([{ reason: 'FieldValueInvalid', field: 'spec.n', message: 'Invalid value: 1: must start at 0' }]);
    expect(s.validate(obj({ n: 0 }))).toEqual([]);
    expect(s.validate(obj({ n: 5 }), obj({ n: 4 }))).toEqual([]);
  });

  it('does not evaluate rules when schema errors block them', () => {
    const s = compileSchema(root({ type: 'object', required: ['a'], properties: { a: { type: 'string' } }, 'x-kubernetes-validations': [{ rule: 'false' }] }));
    expect(s.validate(obj({}))).toEqual([
      { reason: 'FieldValueRequired', field: 'spec.a', message: 'Required value' },
      {
        reason: 'FieldValueInvalid',
        field: '<nil>',
        message: 'Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
      },
    ]);
  });

  it('reports an evaluation error with the rule', () => {
    const s = compileSchema(root({ type: 'object', properties: { a: { type: 'string' } }, 'x-kubernetes-validations': [{ rule: 'self.a == "x"' }] }));
    expect(s.validate(obj({}))).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec', message: 'Invalid value: "object": no such key: a evaluating rule: self.a == "x"' },
    ]);
    // int-or-string is dyn to the type checker, so the mismatch shows only when the rule runs.
    const typed = compileSchema(root({ type: 'object', properties: { a: { 'x-kubernetes-int-or-string': true } }, 'x-kubernetes-validations': [{ rule: 'self.a + 1 == 2' }] }));
    expect(typed.validate(obj({ a: 'x' }))).toEqual([
      {
        reason: 'FieldValueInvalid',
        field: 'spec',
        message: "Invalid value: \"object\": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: self.a + 1 == 2",
      },
    ]);
  });

  it('rejects a rule that does not compile, naming the rule and where it is', () => {
    const bad = root({ type: 'object', properties: { a: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self.size( > 1' }] } } });
    expect(() => compileSchema(bad, { source: 'config/crd/bases/g_ks.yaml v1' })).toThrow(SchemaCompileError);
    expect(() => compileSchema(bad, { source: 'config/crd/bases/g_ks.yaml v1' })).toThrow(
      /^config\/crd\/bases\/g_ks\.yaml v1: openAPIV3Schema\.properties\[spec\]\.properties\[a\]\.x-kubernetes-validations\[0\]\.rule: compilation failed: ERROR: <input>:1:5: Syntax error: /,
    );
    const error = (() => {
      try {
        compileSchema(bad, { source: 'config/crd/bases/g_ks.yaml v1' });
      } catch (err) {
        return err as SchemaCompileError;
      }
      return undefined;
    })();
    expect(error?.path).toBe('openAPIV3Schema.properties[spec].properties[a].x-kubernetes-validations[0].rule');
    expect(error?.source).toBe('config/crd/bases/g_ks.yaml v1');
    expect(error?.detail).toMatch(/^compilation failed: ERROR: <input>:1:5: Syntax error: .*\n \| self\.size\( > 1\n \| \.\.\.\.\^$/);
  });

  it('rejects undeclared references and fieldPaths that do not name a field', () => {
    const undeclared = root({ type: 'object', properties: { a: { type: 'array', items: { type: 'integer' } } }, 'x-kubernetes-validations': [{ rule: 'self.a.all(x, x > limit)' }] });
    expect(() => compileSchema(undeclared)).toThrow(
      "openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: compilation failed: ERROR: <input>:1:19: undeclared reference to 'limit' (in container '')\n | self.a.all(x, x > limit)\n | ..................^",
    );
    const typo = root({
      type: 'object',
      properties: { replicas: { type: 'integer' }, ports: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } } },
      'x-kubernetes-validations': [{ rule: 'self.ports.all(p, p.nmae != "")' }],
    });
    expect(() => compileSchema(typo)).toThrow("rule: compilation failed: ERROR: <input>:1:20: undefined field 'nmae'");
    const rootRule = { type: 'object', properties: { spec: { type: 'object', properties: { replicas: { type: 'integer' } } } } } as JSONSchemaProps;
    expect(() => compileSchema({ ...rootRule, 'x-kubernetes-validations': [{ rule: "self.metadata.name != '' && self.kind == 'K' && self.spec.replicas > 0" }] })).not.toThrow();
    expect(() => compileSchema({ ...rootRule, 'x-kubernetes-validations': [{ rule: 'self.spec.replicaCount > 0' }] })).toThrow("undefined field 'replicaCount'");
    expect(() => compileSchema({ ...rootRule, 'x-kubernetes-validations': [{ rule: "self.metadata.labels['a'] == 'b'" }] })).toThrow("undefined field 'labels'");
    const badPath = root({ type: 'object', properties: { a: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'true', fieldPath: '.b' }] });
    expect(() => compileSchema(badPath)).toThrow('x-kubernetes-validations[0].fieldPath: fieldPath must be a valid path');
    const badReason = root({ type: 'object', 'x-kubernetes-validations': [{ rule: 'true', reason: 'FieldValueWrong' }] });
    expect(() => compileSchema(badReason)).toThrow(
      'x-kubernetes-validations[0].reason: Unsupported value: "FieldValueWrong": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"',
    );
    const indexPath = root({ type: 'object', properties: { l: { type: 'array', items: { type: 'string' } } }, 'x-kubernetes-validations': [{ rule: 'true', fieldPath: '.l[0]' }] });
    expect(() => compileSchema(indexPath)).toThrow('x-kubernetes-validations[0].fieldPath: fieldPath must be a valid path');
    const mapKey = compileSchema(
      root({
        type: 'object',
        properties: { limits: { type: 'object', additionalProperties: { type: 'integer' } } },
        'x-kubernetes-validations': [{ rule: "!has(self.limits.cpu) || self.limits.cpu > 0", message: 'cpu must be positive', fieldPath: ".limits['cpu']" }],
      }),
    );
    expect(mapKey.validate(obj({ limits: { cpu: 0 } }))).toEqual([{ reason: 'FieldValueInvalid', field: 'spec.limits[cpu]', message: 'Invalid value: cpu must be positive' }]);
  });

  it('reaches a property named by a reserved word both as it is and escaped, as kube-apiserver 1.36 does', () => {
    const s = compileSchema(
      root({
        type: 'object',
        properties: { namespace: { type: 'string' }, if: { type: 'string' } },
        'x-kubernetes-validations': [
          { rule: '!has(self.namespace)', message: 'namespace is set by the controller' },
          { rule: "!has(self.__namespace__) || self.namespace == self.__namespace__ && self.if != 'x'", message: 'same field' },
        ],
      }),
    );
    expect(s.validate(obj({ if: 'y' }))).toEqual([]);
    expect(s.validate(obj({ namespace: 'a', if: 'x' })).map((c) => c.message)).toEqual(['Invalid value: namespace is set by the controller', 'Invalid value: same field']);
  });

  it('supports macros, string functions, escaped property names, maps and timestamps', () => {
    const spec: JSONSchemaProps = {
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'integer' } },
        'max-count': { type: 'integer' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        start: { type: 'string', format: 'date-time' },
        end: { type: 'string', format: 'date-time' },
        timeout: { type: 'string', format: 'duration' },
      },
      'x-kubernetes-validations': [
        { rule: 'self.items.all(i, i > 0) && self.items.exists_one(i, i == 2) && self.items.map(i, i * 2).filter(i, i > 2).size() == 1', message: 'macros' },
        { rule: 'self.items.size() <= self.max__dash__count', message: 'escaping' },
        { rule: "self.labels.all(k, k.lowerAscii() == k && self.labels[k].matches('^[a-z]+$'))", message: 'maps' },
        { rule: 'self.start < self.end && self.end - self.start <= duration("24h") && self.timeout < duration("1h")', message: 'timestamps' },
        { rule: 'self.items.isSorted() && self.items.indexOf(2) == 1 && self.items.sum() == 3', message: 'lists' },
      ],
    };
    const s = compileSchema(root(spec));
    const good = { items: [1, 2], 'max-count': 2, labels: { app: 'web' }, start: '2024-01-01T00:00:00Z', end: '2024-01-01T12:00:00Z', timeout: '30m' };
    expect(s.validate(obj(good))).toEqual([]);
    const bad = { items: [2, 1, 3], 'max-count': 1, labels: { App: 'web' }, start: '2024-01-02T00:00:00Z', end: '2024-01-01T12:00:00Z', timeout: '2h' };
    expect(s.validate(obj(bad)).map((c) => c.message)).toEqual([
      'Invalid value: macros',
      'Invalid value: escaping',
      'Invalid value: maps',
      'Invalid value: timestamps',
      'Invalid value: lists',
    ]);
  });

  it('supports the url library', () => {
    const s = compileSchema(
      root({
        type: 'object',
        properties: { endpoint: { type: 'string' } },
        'x-kubernetes-validations': [
          { rule: "isURL(self.endpoint) && url(self.endpoint).getScheme() == 'https' && url(self.endpoint).getPort() != '80'", message: 'endpoint must be an https URL' },
        ],
      }),
    );
    expect(s.validate(obj({ endpoint: 'https://api.example.com:8443/v1' }))).toEqual([]);
    expect(s.validate(obj({ endpoint: 'http://api.example.com/v1' })).map((c) => c.message)).toEqual(['Invalid value: endpoint must be an https URL']);
    expect(s.validate(obj({ endpoint: 'not a url' })).map((c) => c.message)).toEqual(['Invalid value: endpoint must be an https URL']);
  });

  it('supports optional field selection (.?field) with orValue, hasValue and value', () => {
    const s = compileSchema(
      root({
        type: 'object',
        properties: { replicas: { type: 'integer' }, tls: { type: 'object', properties: { secretName: { type: 'string' } } } },
        'x-kubernetes-validations': [
          { rule: 'self.?replicas.orValue(1) > 0', message: 'replicas must be positive' },
          { rule: "!self.?tls.?secretName.hasValue() || self.?tls.?secretName.value().endsWith('-tls')", message: "secretName ends in '-tls'" },
        ],
      }),
    );
    expect(s.validate(obj({}))).toEqual([]);
    expect(s.validate(obj({ tls: {} }))).toEqual([]);
    expect(s.validate(obj({ replicas: 0, tls: { secretName: 'web' } })).map((c) => c.message)).toEqual([
      'Invalid value: replicas must be positive',
      'Invalid value: secretName ends in \'-tls\'',
    ]);
  });

  it('supports the quantity library', () => {
    const s = compileSchema(
      root({
        type: 'object',
        properties: { memory: { 'x-kubernetes-int-or-string': true } },
        'x-kubernetes-validations': [{ rule: "isQuantity(string(self.memory)) && quantity(string(self.memory)).isLessThan(quantity('1Gi'))", message: 'memory below 1Gi' }],
      }),
    );
    expect(s.validate(obj({ memory: '512Mi' }))).toEqual([]);
    expect(s.validate(obj({ memory: '2Gi' })).map((c) => c.message)).toEqual(['Invalid value: memory below 1Gi']);
  });

  it('computes quantities exactly, as resource.Quantity does: equal values in any notation, sums without float error', () => {
    const rule = (r: string) => compileSchema(root({ type: 'object', properties: { q: { type: 'string' } }, 'x-kubernetes-validations': [{ rule: r, message: 'no' }] }));
    const holds = (r: string, q = '1Gi') => rule(r).validate(obj({ q })).length === 0;
    expect(holds("quantity(self.q) == quantity('1024Mi')")).toBe(true);
    expect(holds("quantity(self.q).compareTo(quantity('1073741824')) == 0")).toBe(true);
    expect(holds("quantity(self.q).add(quantity('1')).isGreaterThan(quantity(self.q))")).toBe(true);
    expect(holds("quantity(self.q).add(quantity('200m')) == quantity('300m')", '100m')).toBe(true);
    // As floats, 0.1 + 0.2 is not 0.3.
    expect(holds("quantity(self.q).add(quantity('0.2')) == quantity('0.3')", '0.1')).toBe(true);
    expect(holds("quantity(self.q).sub(quantity('1Gi')).sign() == -1", '1G')).toBe(true);
    expect(holds('quantity(self.q).isInteger() && quantity(self.q).asInteger() == 1500', '1.5k')).toBe(true);
    expect(holds('!quantity(self.q).isInteger()', '1.5')).toBe(true);
    // Beyond int64 is no integer (Quantity.AsInt64 fails).
    expect(holds('!quantity(self.q).isInteger()', '10E')).toBe(true);
  });
});

describeShared(crdDir, 'controller-gen conformance CRDs', () => {
  it('compiles every CRD version schema, CEL rules included', () => {
    const compiled: string[] = [];
    for (const file of readdirSync(crdDir)) {
      for (const version of conformanceCRD(file).spec.versions) {
        if (!version.schema) continue;
        compileSchema(version.schema.openAPIV3Schema, { source: `${file} ${version.name}` });
        compiled.push(`${file} ${version.name}`);
      }
    }
    expect(compiled).toContain('testdata.kubebuilder.io_cronjobs.yaml v1');
    expect(compiled.length).toBeGreaterThan(10);
  });

  it('enforces the immutable fields of testdata.kubebuilder.io_immutabletypes', () => {
    const s = compileSchema(conformanceCRD('testdata.kubebuilder.io_immutabletypes.yaml').spec.versions[0].schema!.openAPIV3Schema);
    const base = { apiVersion: 'testdata.kubebuilder.io/v1', kind: 'ImmutableType', metadata: { name: 'x' } };
    const required = { requiredMap: { a: 'b' }, requiredSlice: ['x'], requiredString: 's', requiredStruct: { key: 'k', value: 'v' } };
    const old = { ...base, spec: { ...required, mutableString: 'a', optionalLiteralString: 'lit', optionalMap: { k: 'v' } } };
    expect(s.validate({ ...base, spec: { ...old.spec, mutableString: 'b' } }, old)).toEqual([]);
    expect(s.validate({ ...base, spec: { ...old.spec, optionalLiteralString: 'changed', optionalMap: { k: 'w' } } }, old)).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec.optionalLiteralString', message: 'Invalid value: "changed": field is immutable' },
      { reason: 'FieldValueInvalid', field: 'spec.optionalMap', message: 'Invalid value: field is immutable' },
    ]);
    const { optionalLiteralString: _dropped, ...withoutLiteral } = old.spec;
    expect(s.validate({ ...base, spec: withoutLiteral }, old)).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec', message: 'Invalid value: field optionalLiteralString is immutable once set' },
    ]);
  });

  it('enforces the oneOf rules of testdata.kubebuilder.io_oneofs', () => {
    const s = compileSchema(conformanceCRD('testdata.kubebuilder.io_oneofs.yaml').spec.versions[0].schema!.openAPIV3Schema);
    const base = { apiVersion: 'testdata.kubebuilder.io/v1beta1', kind: 'Oneof', metadata: { name: 'x' } };
    const causes = s.validate({ ...base, spec: { firstTypeWithExactOneof: {}, firstTypeWithOneof: { foo: 'a', bar: 'b' }, firstCustomTypeAlias: 50 } });
    expect(causes).toEqual(
      expect.arrayContaining([
        { reason: 'FieldValueInvalid', field: 'spec.firstTypeWithExactOneof', message: 'Invalid value: exactly one of the fields in [foo bar] must be set' },
        { reason: 'FieldValueInvalid', field: 'spec.firstTypeWithOneof', message: 'Invalid value: only one of foo|bar may be set' },
        { reason: 'FieldValueInvalid', field: 'spec.firstTypeWithOneof', message: 'Invalid value: at most one of the fields in [foo bar] may be set' },
        { reason: 'FieldValueInvalid', field: 'spec.firstCustomTypeAlias', message: 'Invalid value: 50: invalid CustomTypeAlias value' },
      ]),
    );
  });
});
