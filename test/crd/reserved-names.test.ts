/**
 * Field names and map keys that are also names of every JavaScript object (`__proto__`,
 * `constructor`, `hasOwnProperty`, `toString`) are names like any other: the schema has them as
 * properties (`__proto__` once made the field's schema the map's prototype, dropping it, and with a
 * rule ended in "internal error: Invalid value used as weak map key"), defaults keep them as keys,
 * and the generated CRD works in an API server, its rule included.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { generateFrom, type SandboxResult } from './api-sandbox.js';

const TYPES = `import type { ObjectMeta } from 'kubescaffolder/runtime';

// +kubebuilder:validation:XValidation:rule="!has(self.constructor) || self.constructor != 'x'",message="constructor must not be x"
export interface OddSpec {
  // +kubebuilder:validation:MaxLength=5
  // +optional
  __proto__?: string;

  // +optional
  constructor?: string;

  // +kubebuilder:validation:Minimum=0
  // +optional
  hasOwnProperty?: number;

  // +optional
  toString?: boolean;

  // +kubebuilder:default={__proto__: "p", constructor: "c"}
  // +optional
  labels?: Record<string, string>;
}

// +kubebuilder:object:root=true
export interface Odd {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec: OddSpec;
}
`;

let generated: SandboxResult;
let env: TestEnvironment;
let custom: k8s.CustomObjectsApi;

const create = (spec: Record<string, unknown>) =>
  custom.createNamespacedCustomObject({
    group: 'odd.example.com',
    version: 'v1',
    namespace: 'default',
    plural: 'odds',
    body: { apiVersion: 'odd.example.com/v1', kind: 'Odd', metadata: { generateName: 'odd-' }, spec },
  }) as Promise<{ spec: Record<string, unknown> }>;

/** JSON text with an own `__proto__` key (an object literal's `__proto__:` would set the prototype). */
const specWith = (fields: Record<string, unknown>) => JSON.parse(JSON.stringify(fields).replace('"proto"', '"__proto__"')) as Record<string, unknown>;

beforeAll(async () => {
  generated = generateFrom({ 'api/v1/groupversion_info.ts': '// +groupName=odd.example.com\nexport {};\n', 'api/v1/odd_types.ts': TYPES });
  env = await startTestEnvironment({ crds: generated.crds });
  custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
}, 60_000);

afterAll(async () => {
  await env?.stop();
});

describe('fields named like the properties of every JavaScript object', () => {
  const spec = () => generated.crds[0].spec.versions[0].schema!.openAPIV3Schema.properties!.spec;

  it('are properties of the schema, each with its own type and markers', () => {
    expect(generated.errors).toEqual([]);
    const properties = spec().properties!;
    expect(Object.keys(properties).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty', 'labels', 'toString']);
    expect(Object.hasOwn(properties, '__proto__')).toBe(true);
    expect(properties['__proto__']).toEqual({ type: 'string', maxLength: 5 });
    expect(properties['constructor']).toEqual({ type: 'string' });
    // eslint-disable-next-line @typescript-eslint/unbound-method -- schema properties named like Object's methods, not the methods
    expect(properties['hasOwnProperty']).toEqual({ type: 'number', minimum: 0 });
    // eslint-disable-next-line @typescript-eslint/unbound-method -- as above
    expect(properties['toString']).toEqual({ type: 'boolean' });
    expect(spec()['x-kubernetes-validations']).toEqual([{ rule: "!has(self.constructor) || self.constructor != 'x'", message: 'constructor must not be x' }]);
  });

  it('are keys of a default value', () => {
    const labels = spec().properties!['labels'];
    expect(Object.keys(labels.default as object).sort()).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(labels.default)).toBe('{"__proto__":"p","constructor":"c"}');
  });

  // Each object sets every field: the test server's validation reads an absent `hasOwnProperty` as Object.prototype's.
  it('are stored, validated and defaulted by the API server, the rule included', async () => {
    const valid = { proto: 'abc', constructor: 'y', hasOwnProperty: 1, toString: true };
    const created = await create(specWith(valid));
    expect(JSON.stringify(created.spec)).toBe('{"__proto__":"abc","constructor":"y","hasOwnProperty":1,"toString":true,"labels":{"__proto__":"p","constructor":"c"}}');
    await expect(create(specWith({ ...valid, constructor: 'x' }))).rejects.toMatchObject({ code: 422, body: expect.stringContaining('constructor must not be x') });
    await expect(create(specWith({ ...valid, proto: 'too long' }))).rejects.toMatchObject({ code: 422, body: expect.stringContaining('spec.__proto__') });
    await expect(create(specWith({ ...valid, hasOwnProperty: -1 }))).rejects.toMatchObject({ code: 422, body: expect.stringContaining('spec.hasOwnProperty') });
  });
});
