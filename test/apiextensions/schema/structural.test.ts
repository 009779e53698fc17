import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { validateStructuralSchema, type JSONSchemaProps } from '../../../src/apiextensions/schema/index.js';
import { conformanceDir as conformance, itShared } from '../../support/shared.js';
const prefix = 'spec.versions[0].schema.openAPIV3Schema';

describe('validateStructuralSchema', () => {
  const conformanceCrdDirs = [path.join(conformance, 'controller-gen', 'crd'), path.join(conformance, 'kubebuilder', 'cronjob-tutorial'), path.join(conformance, 'kubebuilder', 'multiversion-tutorial')];
  itShared(conformanceCrdDirs, 'accepts every CRD controller-gen and kubebuilder wrote for their test inputs', () => {
    let checked = 0;
    for (const dir of conformanceCrdDirs) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
        for (const doc of parseAllDocuments(readFileSync(path.join(dir, file), 'utf8'))) {
          const crd = doc.toJS() as { kind?: string; spec?: { versions?: { name: string; schema?: { openAPIV3Schema: JSONSchemaProps } }[] } };
          if (crd?.kind !== 'CustomResourceDefinition') continue;
          for (const version of crd.spec?.versions ?? []) {
            if (!version.schema) continue;
            expect({ file, version: version.name, causes: validateStructuralSchema(version.schema.openAPIV3Schema, prefix) }).toEqual({ file, version: version.name, causes: [] });
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('reports what is not structural, sorted as kube-apiserver sorts it', () => {
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: {
        metadata: { type: 'object', properties: { labels: { type: 'object' } } },
        spec: {
          type: 'object',
          properties: {
            untyped: {},
            list: { type: 'array' },
            ports: { type: 'array', 'x-kubernetes-list-type': 'map', items: { type: 'object', properties: { name: { type: 'string' } } } },
            either: { type: 'string', anyOf: [{ type: 'string', description: 'no' }] },
            name: { type: 'string', pattern: '([a-z' },
          },
        },
      },
    };
    expect(validateStructuralSchema(schema, prefix)).toEqual([
      { reason: 'FieldValueForbidden', field: `${prefix}.properties[metadata]`, message: 'Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified' },
      { reason: 'FieldValueForbidden', field: `${prefix}.properties[spec].properties[either].anyOf[0].description`, message: 'Forbidden: must be empty to be structural' },
      { reason: 'FieldValueForbidden', field: `${prefix}.properties[spec].properties[either].anyOf[0].type`, message: 'Forbidden: must be empty to be structural' },
      { reason: 'FieldValueRequired', field: `${prefix}.properties[spec].properties[list].items`, message: 'Required value: must be specified' },
      {
        reason: 'FieldValueInvalid',
        field: `${prefix}.properties[spec].properties[name].pattern`,
        message: expect.stringMatching(/^Invalid value: "\(\[a-z": must be a valid regular expression, but isn't: /),
      },
      { reason: 'FieldValueRequired', field: `${prefix}.properties[spec].properties[ports].x-kubernetes-list-map-keys`, message: 'Required value: must not be empty if x-kubernetes-list-type is map' },
      { reason: 'FieldValueRequired', field: `${prefix}.properties[spec].properties[untyped].type`, message: 'Required value: must not be empty for specified object fields' },
    ]);
  });

  it('reports a CEL rule that does not compile at its path in the CRD', () => {
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: { spec: { type: 'object', properties: { a: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'self.b > 0' }] } },
    };
    expect(validateStructuralSchema(schema, prefix)).toEqual([
      {
        reason: 'FieldValueInvalid',
        field: `${prefix}.properties[spec].x-kubernetes-validations[0].rule`,
        message:
          'Invalid value: {"Rule":"self.b \\u003e 0","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}: ' +
          "compilation failed: ERROR: <input>:1:5: undefined field 'b'\n | self.b > 0\n | ....^",
      },
    ]);
  });

  it('reports a rule fieldPath that names no field, and compiles no rule then', () => {
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: {
        spec: { type: 'object', properties: { a: { type: 'integer' }, l: { type: 'array', items: { type: 'integer' } } }, 'x-kubernetes-validations': [{ rule: 'self.b > 0', fieldPath: '.l[0]' }] },
      },
    };
    expect(validateStructuralSchema(schema, prefix)).toEqual([
      { reason: 'FieldValueInvalid', field: `${prefix}.properties[spec].x-kubernetes-validations[0].fieldPath`, message: 'Invalid value: ".l[0]": fieldPath must be a valid path' },
    ]);
  });

  it('refuses a rule whose estimated cost is over the budget', () => {
    const names: JSONSchemaProps = { type: 'array', items: { type: 'string' }, 'x-kubernetes-validations': [{ rule: 'self.all(a, self.exists(b, a == b))' }] };
    const fields = validateStructuralSchema({ type: 'object', properties: { spec: { type: 'object', properties: { names } } } }, prefix).map((c) => `${c.field}: ${c.message}`);
    expect(fields[0]).toBe(
      `${prefix}.properties[spec].properties[names].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`,
    );
    expect(validateStructuralSchema({ type: 'object', properties: { spec: { type: 'object', properties: { names: { ...names, maxItems: 10, items: { type: 'string', maxLength: 10 } } } } } }, prefix)).toEqual([]);
  });
});
