import { describe, expect, it } from 'vitest';
import { compileSchema, type JSONSchemaProps } from '../../../src/apiextensions/schema/index.js';

const schema: JSONSchemaProps = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      properties: {
        replicas: { type: 'integer', default: 1 },
        mode: { type: 'string', default: 'auto' },
        note: { type: 'string', nullable: true, default: 'n/a' },
        size: { type: 'string' },
        strategy: {
          type: 'object',
          default: {},
          properties: { type: { type: 'string', default: 'RollingUpdate' }, maxSurge: { type: 'integer', default: 1 } },
        },
        optionalBlock: { type: 'object', properties: { inner: { type: 'string', default: 'x' } } },
        containers: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' }, pull: { type: 'string', default: 'IfNotPresent' } } },
        },
        labels: { type: 'object', additionalProperties: { type: 'string', default: 'unset' } },
        raw: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'object', properties: { a: { type: 'string' } } } } },
        template: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          properties: { spec: { type: 'object', properties: { x: { type: 'string' } } } },
        },
      },
    },
  },
};

describe('pruning', () => {
  it('drops unknown fields, keeps preserved and embedded metadata, reports the dropped paths', () => {
    const compiled = compileSchema(schema);
    const obj = {
      apiVersion: 'g/v1',
      kind: 'K',
      metadata: { name: 'n', whatever: 1 },
      extra: true,
      spec: {
        size: 'm',
        bogus: 1,
        containers: [{ name: 'c', image: 'busybox' }],
        raw: { anything: { goes: 1 }, known: { a: 'x', b: 'dropped' } },
        template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { a: 'b' }, bogus: 1 }, spec: { x: 'y', z: 'dropped' }, status: {} },
      },
    };
    const unknown: string[] = [];
    const result = compiled.prune(obj, unknown);
    expect(result).toBe(obj);
    expect(obj).toEqual({
      apiVersion: 'g/v1',
      kind: 'K',
      metadata: { name: 'n', whatever: 1 },
      spec: {
        size: 'm',
        containers: [{ name: 'c' }],
        raw: { anything: { goes: 1 }, known: { a: 'x' } },
        template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { a: 'b' } }, spec: { x: 'y' } },
      },
    });
    expect(unknown).toEqual([
      'extra',
      'spec.bogus',
      'spec.containers[0].image',
      'spec.raw.known.b',
      'spec.template.metadata.bogus',
      'spec.template.spec.z',
      'spec.template.status',
    ]);
  });
});

describe('defaulting', () => {
  it('fills absent fields inside existing objects, and nested defaults of a defaulted object', () => {
    const obj = compileSchema(schema).applyDefaults({ apiVersion: 'g/v1', kind: 'K', spec: { containers: [{ name: 'c' }] } });
    expect(obj.spec).toEqual({
      replicas: 1,
      mode: 'auto',
      note: 'n/a',
      strategy: { type: 'RollingUpdate', maxSurge: 1 },
      containers: [{ name: 'c', pull: 'IfNotPresent' }],
    });
  });

  it('does not create objects that are absent and have no default', () => {
    const obj = compileSchema(schema).applyDefaults({ apiVersion: 'g/v1', kind: 'K' });
    expect(obj).toEqual({ apiVersion: 'g/v1', kind: 'K' });
  });

  it('replaces null for non-nullable fields, keeps null for nullable ones, drops other nulls', () => {
    const obj = compileSchema(schema).applyDefaults({
      spec: { replicas: null, note: null, size: null, labels: { a: null, b: 'set' }, strategy: { type: 'Recreate' } },
    });
    expect(obj.spec).toEqual({
      replicas: 1,
      mode: 'auto',
      note: null,
      labels: { a: 'unset', b: 'set' },
      strategy: { type: 'Recreate', maxSurge: 1 },
    });
  });

  it('keeps values that are set and copies defaults so that objects do not share them', () => {
    const compiled = compileSchema(schema);
    type Defaulted = { spec: { replicas?: number; strategy?: { type: string } } };
    const a = compiled.applyDefaults<Defaulted>({ spec: { replicas: 3 } });
    const b = compiled.applyDefaults<Defaulted>({ spec: {} });
    expect(a.spec.replicas).toBe(3);
    a.spec.strategy!.type = 'changed';
    expect(b.spec.strategy!.type).toBe('RollingUpdate');
  });
});
