/**
 * Request bodies nested too deep: refused with 400 and Go's decoder message (`exceeded max depth`),
 * as kube-apiserver refuses them, never a 500 `Maximum call stack size exceeded`; bodies as deep as
 * the limit are served. JSON patches that nest the object past the limit are refused with 422.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { MAX_JSON_NESTING_DEPTH } from '../../src/kube/json-nesting.js';
import { credentials, patchAs, statusOf } from './support.js';

const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'trees.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'trees', singular: 'tree', kind: 'Tree' },
    versions: [{
      name: 'v1',
      served: true,
      storage: true,
      schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } } } } },
    }],
  },
};

let env: TestEnvironment;
let custom: k8s.CustomObjectsApi;

beforeAll(async () => {
  env = await startTestEnvironment({ crds: [CRD] });
  custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
});
afterAll(() => env.stop());

const where = { group: 'example.com', version: 'v1', namespace: 'default', plural: 'trees' };

/** `levels` objects, each holding the next under `a`. */
function chain(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

/** A Tree whose body nests `depth` levels: the Tree, its spec, then spec.free's chain. */
const tree = (name: string, depth: number) => ({ apiVersion: 'example.com/v1', kind: 'Tree', metadata: { name }, spec: { free: chain(depth - 2) } });

/** Sends raw text: client-node's JSON.stringify itself runs out of stack on the deepest bodies. */
async function send(method: string, path: string, body: string, contentType = 'application/json'): Promise<{ code: number; body: Record<string, unknown> }> {
  const res = await fetch(`${env.server.url}${path}`, { method, body, headers: { 'content-type': contentType, ...credentials(env.server) } });
  return { code: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('request bodies nested too deep', () => {
  it('are refused with 400 and Go\'s message at 10,000 levels, JSON or YAML', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const created = await send('POST', '/api/v1/namespaces/default/configmaps', `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"data":{"x":${deep}}}`);
    expect(created).toEqual({ code: 400, body: expect.objectContaining({ reason: 'BadRequest', message: "the body of the request could not be decoded: invalid character '[' exceeded max depth" }) });

    await custom.createNamespacedCustomObject({ ...where, body: tree('patched', 3) });
    const merge = await send('PATCH', '/apis/example.com/v1/namespaces/default/trees/patched', `{"spec":{"free":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}}`, 'application/merge-patch+json');
    expect(merge.code).toBe(400);
    expect(merge.body.message).toBe("the body of the request could not be decoded: invalid character '{' exceeded max depth");

    const apply = await send('PATCH', '/apis/example.com/v1/namespaces/default/trees/applied?fieldManager=test', `apiVersion: example.com/v1\nkind: Tree\nmetadata: {name: applied}\nspec: {free: {a: ${'['.repeat(5000)}${']'.repeat(5000)}}}\n`, 'application/apply-patch+yaml');
    expect(apply.code).toBe(400);
    expect(apply.body.message).toMatch(/exceeded max depth$/);
  });

  it('are served up to the limit and refused one level deeper', async () => {
    const atLimit = await custom.createNamespacedCustomObject({ ...where, body: tree('at-limit', MAX_JSON_NESTING_DEPTH) });
    expect(JSON.stringify(atLimit)).toBe(JSON.stringify({ ...atLimit, spec: { free: chain(MAX_JSON_NESTING_DEPTH - 2) } }));
    const { code, body } = await statusOf(custom.createNamespacedCustomObject({ ...where, body: tree('past-limit', MAX_JSON_NESTING_DEPTH + 1) }));
    expect(code).toBe(400);
    expect(body.message).toBe("the body of the request could not be decoded: invalid character '{' exceeded max depth");
  });

  it('are refused with 422 when a JSON patch copies the object deeper than the limit', async () => {
    await custom.createNamespacedCustomObject({ ...where, body: tree('grown', 600) });
    // spec.free nests 598 levels: a copy of it into its innermost object nests about 1,200.
    const innermost = `/spec/free${'/a'.repeat(597)}`;
    const { code, body } = await statusOf(
      custom.patchNamespacedCustomObject({ ...where, name: 'grown', body: [{ op: 'copy', from: '/spec/free', path: `${innermost}/b` }] }, patchAs(k8s.PatchStrategy.JsonPatch)),
    );
    expect(code).toBe(422);
    expect((body.details as { causes: { message: string }[] }).causes[0].message).toBe("invalid character '{' exceeded max depth");
  });
});

describe('CRDs whose validation rules nest past CEL\'s parser limits', () => {
  // A rule past cel-go's recursion limit (250) or code-point limit is a field error at the rule, as
  // kube-apiserver reports it (422), never a 500 from a stack overflow in the parser.
  const crdWithRule = (name: string, rule: string) => ({
    ...CRD,
    metadata: { name: `${name}.example.com` },
    spec: {
      ...CRD.spec,
      names: { plural: name, singular: name.slice(0, -1), kind: `${name[0].toUpperCase()}${name.slice(1, -1)}` },
      versions: [{
        ...CRD.spec.versions[0],
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { x: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule }] } } } },
      }],
    },
  });

  it.each([
    ['2,000 + terms', 'deepsums', `self.x${' + 1'.repeat(2000)} > 0`],
    ['1,000 nested parentheses', 'deepparens', `${'('.repeat(1000)}self.x${')'.repeat(1000)} > 0`],
    ['a member chain of 5,000', 'deepmembers', `self${'.x'.repeat(5000)} > 0`],
  ])('%s: 422 at the rule', async (_what, name, rule) => {
    // Raw JSON: client-node's model would drop x-kubernetes-validations on the way.
    const { code, body } = await send('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(crdWithRule(name, rule)));
    expect(code, JSON.stringify(body).slice(0, 500)).toBe(422);
    const causes = (body.details as { causes: { field: string }[] }).causes;
    expect(causes.map((c) => c.field)).toContain('spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule');
  });
});
