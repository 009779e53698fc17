/**
 * The test API server as kube-apiserver on CRDs and their objects: patterns and CEL regex
 * functions are Go's RE2 (linear time, Go syntax), CRD updates are validated as creates are,
 * kubectl apply gets the 422, and request bodies above 3 MiB get 413.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../../src/testing/index.js';
import { credentials } from '../../testing/support.js';

const run = promisify(execFile);

function crd(plural: string, kind: string, spec: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.regex.example.com` },
    spec: {
      group: 'regex.example.com',
      scope: 'Namespaced',
      names: { plural, kind },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: spec } } } }, ...extra }],
    },
  };
}

const CATASTROPHIC = crd('floods', 'Flood', { text: { type: 'string', pattern: '^(a+)+$' } });
const NAMED_GROUP = crd('names', 'Name', { text: { type: 'string', pattern: '^(?P<word>[a-z]+)$' } });
const CEL_REGEX = crd('finds', 'Find', {
  text: {
    type: 'string',
    maxLength: 20000,
    'x-kubernetes-validations': [
      { rule: "self.find('[0-9]+') == '' || self.find('[0-9]+') == '12'", message: 'first number must be 12' },
      { rule: "self.findAll('[0-9]+').size() <= 2", message: 'at most two numbers' },
      { rule: "!self.matches('^(a+)+$')", message: 'must not be only a' },
    ],
  },
});

let env: TestEnvironment;
let dir: string;

async function request(method: string, urlPath: string, body?: unknown): Promise<{ code: number; body: Record<string, unknown> }> {
  const res = await fetch(`${env.server.url}${urlPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...credentials(env.server) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { code: res.status, body: (await res.json()) as Record<string, unknown> };
}

const create = (plural: string, kind: string, name: string, spec: unknown) =>
  request('POST', `/apis/regex.example.com/v1/namespaces/default/${plural}`, { apiVersion: 'regex.example.com/v1', kind, metadata: { name }, spec });

beforeAll(async () => {
  env = await startTestEnvironment({ crds: [CATASTROPHIC, NAMED_GROUP, CEL_REGEX] });
  dir = await mkdtemp(path.join(tmpdir(), 'crd-validation-'));
});
afterAll(async () => {
  await env.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('patterns are Go regular expressions', () => {
  it('^(a+)+$ against 10,000 a and a "!" is refused (and answered: RE2 does not backtrack); 10,000 a are accepted', async () => {
    const long = 'a'.repeat(10_000);
    const bad = await create('floods', 'Flood', 'bad', { text: `${long}!` });
    expect(bad.code).toBe(422);
    const causes = (bad.body.details as { causes: { field: string; message: string }[] }).causes;
    expect(causes).toEqual([expect.objectContaining({ field: 'spec.text', message: expect.stringMatching(/spec\.text in body should match '\^\(a\+\)\+\$'$/) })]);
    const good = await create('floods', 'Flood', 'good', { text: long });
    expect(good.code).toBe(201);
  });

  it('a CRD with a named group in Go syntax (?P<name>) is served and its pattern enforced', async () => {
    expect((await create('names', 'Name', 'ok', { text: 'abc' })).code).toBe(201);
    expect((await create('names', 'Name', 'no', { text: 'ABC' })).code).toBe(422);
  });

  it('a pattern Go refuses (lookbehind) refuses the CRD', async () => {
    const res = await request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd('behinds', 'Behind', { text: { type: 'string', pattern: '(?<=a)b' } }));
    expect(res.code).toBe(422);
    expect(res.body.message).toBe(
      'CustomResourceDefinition.apiextensions.k8s.io "behinds.regex.example.com" is invalid: spec.validation.openAPIV3Schema.properties[spec].properties[text].pattern: Invalid value: "(?<=a)b": must be a valid regular expression, but isn\'t: error parsing regexp: invalid named capture: `(?<=a)b`',
    );
  });

  it("CEL's find, findAll and matches are RE2: leftmost match, all matches, and no backtracking on a long input", async () => {
    expect((await create('finds', 'Find', 'a', { text: 'x12y345' })).code).toBe(201);
    const first = await create('finds', 'Find', 'b', { text: 'x7y12' });
    expect(first.code).toBe(422);
    expect(String(first.body.message)).toContain('first number must be 12');
    const many = await create('finds', 'Find', 'c', { text: '12 3 4' });
    expect(String(many.body.message)).toContain('at most two numbers');
    const flood = await create('finds', 'Find', 'd', { text: 'a'.repeat(10_000) });
    expect(String(flood.body.message)).toContain('must not be only a');
    expect((await create('finds', 'Find', 'e', { text: `${'a'.repeat(10_000)}!` })).code).toBe(201);
  });
});

describe('CRD writes', () => {
  it('an update that breaks a CRD is refused with 422, and the stored CRD is unchanged', async () => {
    const name = 'floods.regex.example.com';
    const current = await request('GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`);
    const next = structuredClone(current.body) as { spec: { versions: Record<string, unknown>[] } };
    next.spec.versions[0].additionalPrinterColumns = [{ name: 'Text', type: 'int', jsonPath: '.spec.text' }];
    const res = await request('PUT', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`, next);
    expect(res.code).toBe(422);
    expect(res.body.message).toBe(
      `CustomResourceDefinition.apiextensions.k8s.io "${name}" is invalid: spec.additionalPrinterColumns[0].type: Invalid value: "int": must be one of boolean,date,integer,number,string`,
    );
    const after = await request('GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`);
    expect((after.body.spec as { versions: Record<string, unknown>[] }).versions[0].additionalPrinterColumns).toBeUndefined();
  });

  it('a conversion webhook URL that is not https is refused with 422 (rules no marker writes)', async () => {
    const body = crd('hooks', 'Hook', { text: { type: 'string' } });
    const v2 = { ...structuredClone(body.spec.versions[0]), name: 'v2', storage: false };
    Object.assign(body.spec, {
      versions: [...body.spec.versions, v2],
      conversion: { strategy: 'Webhook', webhook: { clientConfig: { url: 'http://127.0.0.1:9443/convert' }, conversionReviewVersions: ['v1'] } },
    });
    const res = await request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', body);
    expect(res.code).toBe(422);
    expect(res.body.message).toBe(
      `CustomResourceDefinition.apiextensions.k8s.io "hooks.regex.example.com" is invalid: spec.conversion.webhookClientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme; desired format: https://host[/path]`,
    );
  });

  it('an update may not change the plural, the kind of an established CRD, nor drop a stored version', async () => {
    const name = 'names.regex.example.com';
    const current = (await request('GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`)).body as {
      spec: { names: Record<string, unknown>; versions: Record<string, unknown>[] };
    };
    const renamed = structuredClone(current);
    renamed.spec.names.kind = 'Label';
    renamed.spec.names.listKind = 'LabelList';
    const res = await request('PUT', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`, renamed);
    expect(res.code).toBe(422);
    expect(res.body.message).toBe(`CustomResourceDefinition.apiextensions.k8s.io "${name}" is invalid: spec.names.kind: Invalid value: "Label": field is immutable`);
    const moved = structuredClone(current);
    moved.spec.versions[0].name = 'v2';
    const dropped = await request('PUT', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`, moved);
    expect(dropped.code).toBe(422);
    expect(dropped.body.message).toBe(
      `CustomResourceDefinition.apiextensions.k8s.io "${name}" is invalid: status.storedVersions[0]: Invalid value: "v1": missing from spec.versions; v1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1 and removes v1 from status.storedVersions`,
    );
  });

  it('kubectl apply of a CRD kube-apiserver refuses fails with its message', async () => {
    const kubeconfig = path.join(dir, 'kubeconfig');
    await env.writeKubeconfig(kubeconfig);
    const file = path.join(dir, 'bad-crd.json');
    await writeFile(file, JSON.stringify(crd('sizes', 'Size', { size: { type: 'integer', maximum: 10, default: 100 } })));
    const result = await run('kubectl', ['apply', '-f', file], { env: { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: path.join(dir, 'cache') } }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The CustomResourceDefinition "sizes.regex.example.com" is invalid: ');
    expect(result.stderr).toContain('spec.validation.openAPIV3Schema.properties[spec].properties[size].default: Invalid value: 100:  in body should be less than or equal to 10');
  });

  it('a request body above 3 MiB gets 413 RequestEntityTooLarge, one below is read', async () => {
    const filler = (bytes: number) => ({ ...CATASTROPHIC, metadata: { name: 'big.regex.example.com', annotations: { filler: 'x'.repeat(bytes) } } });
    const big = await request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', filler(3 * 1024 * 1024));
    expect(big.code).toBe(413);
    expect(big.body).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'RequestEntityTooLarge', message: 'Request entity too large: limit is 3145728', code: 413 });
    const small = await request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', filler(1024 * 1024));
    expect(small.code).not.toBe(413);
  });
});
