// fuzzConversion: random objects valid under each version's schema, round-tripped through a project's conversion functions.
import { describe, expect, it } from 'vitest';
import type { CustomResourceDefinition } from '../../src/kube/custom-resource-definition.js';
import type { JSONSchemaProps } from '../../src/kube/json-schema-props.js';
import { compileSchema, fuzzConversion, type SpokeConversion } from '../../src/testing/index.js';
import { Random } from '../../src/testing/fuzz-conversion/random.js';
import { ValueGenerator } from '../../src/testing/fuzz-conversion/generate-value.js';

type Obj = { apiVersion: string; kind: string; metadata: Record<string, unknown>; spec: Record<string, unknown>; status?: unknown };

// v1 has `replicas` and `mode`; v2 calls them `size` and `strategy`, and has `paused`, which v1 keeps in an annotation.
const v1Spec: JSONSchemaProps = {
  type: 'object',
  required: ['replicas'],
  properties: {
    replicas: { type: 'integer', format: 'int32', minimum: 1, maximum: 9 },
    mode: { type: 'string', enum: ['Fast', 'Slow'] },
    name: { type: 'string', minLength: 2, maxLength: 6, pattern: '^[a-c]+$' },
    tags: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 4 }, 'x-kubernetes-list-type': 'set' },
    ports: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 }, port: { type: 'integer', minimum: 1, maximum: 65535 } } }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'] },
    limits: { type: 'object', additionalProperties: { 'x-kubernetes-int-or-string': true }, maxProperties: 2 },
    started: { type: 'string', format: 'date-time' },
  },
};
const v2Spec: JSONSchemaProps = {
  type: 'object',
  required: ['size'],
  properties: {
    size: { type: 'integer', format: 'int32', minimum: 1, maximum: 9 },
    strategy: { type: 'string', enum: ['Fast', 'Slow'] },
    name: { type: 'string', minLength: 2, maxLength: 6, pattern: '^[a-c]+$' },
    tags: v1Spec.properties!.tags,
    ports: v1Spec.properties!.ports,
    limits: v1Spec.properties!.limits,
    started: v1Spec.properties!.started,
    paused: { type: 'boolean' },
  },
};
const status: JSONSchemaProps = { type: 'object', properties: { ready: { type: 'integer', minimum: 0 } } };
const root = (spec: JSONSchemaProps): JSONSchemaProps => ({ type: 'object', properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' }, spec, status } });
const crd: CustomResourceDefinition = {
  metadata: { name: 'engines.fuzz.example.com' },
  spec: {
    group: 'fuzz.example.com', scope: 'Namespaced', names: { kind: 'Engine', plural: 'engines' },
    versions: [
      { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: root(v1Spec) } },
      { name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: root(v2Spec) } },
    ],
  },
};
const PAUSED = 'fuzz.example.com/paused';

const lossless: SpokeConversion = {
  convertTo(spoke: Obj): Obj {
    const { size, strategy, paused, ...rest } = spoke.spec;
    const annotations = { ...(spoke.metadata.annotations as Record<string, string> | undefined) };
    if (paused !== undefined) annotations[PAUSED] = JSON.stringify(paused); // a boolean, per v2's schema
    const metadata: Record<string, unknown> = { ...spoke.metadata, annotations };
    if (Object.keys(annotations).length === 0) delete metadata.annotations;
    return { ...spoke, apiVersion: 'fuzz.example.com/v1', metadata, spec: { ...rest, replicas: size, ...(strategy !== undefined ? { mode: strategy } : {}) } };
  },
  convertFrom(hub: Obj): Obj {
    const { replicas, mode, ...rest } = hub.spec;
    const annotations = { ...(hub.metadata.annotations as Record<string, string> | undefined) };
    const paused = annotations[PAUSED];
    delete annotations[PAUSED];
    const metadata: Record<string, unknown> = { ...hub.metadata, annotations };
    if (Object.keys(annotations).length === 0) delete metadata.annotations;
    return { ...hub, apiVersion: 'fuzz.example.com/v2', metadata, spec: { ...rest, size: replicas, ...(mode !== undefined ? { strategy: mode } : {}), ...(paused !== undefined ? { paused: paused === 'true' } : {}) } };
  },
};

describe('fuzzConversion', () => {
  it('generates objects valid under each version\'s schema: types, formats, enums, bounds, lengths, patterns, list types, required', () => {
    for (const [version, schema] of [['v1', root(v1Spec)], ['v2', root(v2Spec)]] as const) {
      const validator = compileSchema(schema);
      const gen = new ValueGenerator(new Random(7));
      for (let i = 0; i < 300; i++) {
        const object = { apiVersion: `fuzz.example.com/${version}`, kind: 'Engine', metadata: { name: 'x' }, spec: gen.value(schema.properties!.spec, '.spec', 1) };
        expect(validator.validate(object), JSON.stringify(object)).toEqual([]);
      }
    }
  });

  it('passes a lossless conversion, both ways, with the same objects for the same seed', async () => {
    const result = await fuzzConversion({ crd, hub: 'v1', spokes: { v2: lossless }, seed: 3, count: 200 });
    expect(result).toEqual({ checked: 400 });
  });

  it('reports the first field a lossy conversion drops, with the object that shows it', async () => {
    // Planted: convertFrom forgets the annotation that carries v2's `paused` through v1.
    const lossy: SpokeConversion = {
      convertTo: lossless.convertTo.bind(lossless),
      convertFrom: (hub: Obj) => {
        const spoke = lossless.convertFrom(hub) as Obj;
        delete spoke.spec.paused;
        return spoke;
      },
    };
    const { loss } = await fuzzConversion({ crd, hub: 'v1', spokes: { v2: lossy }, seed: 3, count: 200 });
    expect(loss).toMatchObject({ roundTrip: 'v2 → v1 → v2', path: '.spec.paused', actual: undefined });
    expect(typeof loss!.expected).toBe('boolean');
    expect((loss!.object as Obj).spec.paused).toBe(loss!.expected);
    expect(loss!.message).toMatch(/^v2 → v1 → v2 changed \.spec\.paused: (true|false) came back as \(absent\); the object: \{"apiVersion":"fuzz\.example\.com\/v2"/);
  });

  it('names a CRD it cannot find and a version the CRD does not have', async () => {
    await expect(fuzzConversion({ crd: 'nothing.example.com', crdDirectoryPaths: ['test/fixtures'], hub: 'v1', spokes: {} })).rejects.toThrow(/no CRD named nothing\.example\.com/);
    await expect(fuzzConversion({ crd, hub: 'v1', spokes: { v9: lossless } })).rejects.toThrow(/has no schema for version v9 \(versions: v1, v2\)/);
  });
});
