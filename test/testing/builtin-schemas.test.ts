/**
 * Built-in kinds decoded as kube-apiserver decodes them into Go types (data/kubernetes-api): wrong
 * types are refused with the decoder's message, unknown fields follow fieldValidation, and
 * /openapi/v3 describes them so `kubectl explain` works.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { goDecode } from '../../src/kube/go-json-decode.js';
import { loadKubernetesApi } from '../../src/kube/kubernetes-api.js';
import { credentials } from './support.js';

const run = promisify(execFile);
let env: TestEnvironment;
let dir: string;

beforeAll(async () => {
  env = await startTestEnvironment();
  dir = await mkdtemp(path.join(tmpdir(), 'scaffolder-builtin-schemas-'));
  await env.writeKubeconfig(path.join(dir, 'kubeconfig'));
});
afterAll(async () => {
  await env.stop();
  await rm(dir, { recursive: true, force: true });
});

async function kubectl(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run('kubectl', args, { env: { ...process.env, KUBECONFIG: path.join(dir, 'kubeconfig'), KUBECACHEDIR: path.join(dir, 'cache') } });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

/** A raw request to the test server; JSON body in, status and JSON (and warnings) out. */
async function request(method: string, urlPath: string, body: unknown, contentType = 'application/json'): Promise<{ status: number; body: Record<string, unknown>; warnings: string | null }> {
  const res = await fetch(`${env.server.url}${urlPath}`, { method, body: JSON.stringify(body), headers: { 'content-type': contentType, accept: 'application/json', ...credentials(env.server) } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, warnings: res.headers.get('warning') };
}

const deployment = (name: string, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
  spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }, ...spec },
});
const pod = (name: string, container: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'busybox', ...container }] } });

describe('decoding built-in kinds into their Go types', () => {
  it('refuses a value of the wrong type with the JSON decoder message (400)', async () => {
    const res = await request('POST', '/apis/apps/v1/namespaces/default/deployments', deployment('typed', { replicas: 'three' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400,
      message: 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32' });
  });

  it('names the innermost struct and the path without indexes, as Go does', async () => {
    const res = await request('POST', '/api/v1/namespaces/default/pods', pod('ports', { ports: [{ containerPort: '80' }] }));
    expect(res.body.message).toBe('Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32');
    const list = await request('POST', '/api/v1/namespaces/default/pods', { ...pod('list', {}), spec: { containers: { name: 'c' } } });
    expect(list.body.message).toBe('Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal object into Go struct field PodSpec.spec.containers of type []v1.Container');
    const fraction = await request('POST', '/apis/apps/v1/namespaces/default/deployments', deployment('fraction', { replicas: 1.5 }));
    expect(fraction.body.message).toBe('Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32');
  });

  it('takes resource quantities as numbers or strings and refuses what does not parse', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const ok = await request('POST', '/api/v1/namespaces/default/pods', pod('quantities', { resources: { limits: { cpu: 1, memory: '64Mi' }, requests: { cpu: '500m' } } }));
    expect(ok.status).toBe(201);
    // A Pod's unset requests take its limits (SetDefaults_Pod): memory's here.
    expect((await core.readNamespacedPod({ namespace: 'default', name: 'quantities' })).spec?.containers[0].resources?.requests).toEqual({ cpu: '500m', memory: '64Mi' });
    const bad = await request('POST', '/api/v1/namespaces/default/pods', pod('lots', { resources: { limits: { cpu: 'lots' } } }));
    expect([bad.status, bad.body.message]).toEqual([400, "Pod in version \"v1\" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"]);
  });

  it('refuses secret data that is not base64', async () => {
    const res = await request('POST', '/api/v1/namespaces/default/secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'plain' }, data: { key: 'not base64!' } });
    expect(res.body.message).toBe('Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 3');
  });

  it('answers a patch that makes a wrong type with 422 on the patched object', async () => {
    await request('POST', '/apis/apps/v1/namespaces/default/deployments', deployment('patched'));
    const res = await request('PATCH', '/apis/apps/v1/namespaces/default/deployments/patched', { spec: { replicas: 'many' } }, 'application/merge-patch+json');
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('Invalid');
    expect(res.body.message).toMatch(/^ "" is invalid: patch: Invalid value: ".*": json: cannot unmarshal string into Go struct field DeploymentSpec\.spec\.replicas of type int32$/);
  });

  it('drops, warns about or refuses unknown fields as fieldValidation says (default Warn)', async () => {
    const body = (name: string) => ({ ...deployment(name), spec: { ...deployment(name).spec, bogus: 1, template: { ...deployment(name).spec.template, spec: { containers: [{ name: 'c', image: 'nginx', colour: 'red' }] } } } });
    const strict = await request('POST', '/apis/apps/v1/namespaces/default/deployments?fieldValidation=Strict', body('strict'));
    // Go's decoder names them in the order it meets them (template comes before bogus in this body).
    expect([strict.status, strict.body.message]).toEqual([400,
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.containers[0].colour", unknown field "spec.bogus"']);
    const warned = await request('POST', '/apis/apps/v1/namespaces/default/deployments', body('warned'));
    expect(warned.status).toBe(201);
    expect(warned.warnings).toContain('unknown field \\"spec.bogus\\"');
    const ignored = await request('POST', '/apis/apps/v1/namespaces/default/deployments?fieldValidation=Ignore', body('ignored'));
    expect([ignored.status, ignored.warnings]).toEqual([201, null]);
    const apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
    const stored = await apps.readNamespacedDeployment({ namespace: 'default', name: 'warned' });
    expect(stored.spec).not.toHaveProperty('bogus');
    expect(stored.spec?.template.spec?.containers[0]).not.toHaveProperty('colour');
  });

  it('kubectl refuses unknown fields of a built-in by default and warns with --validate=warn', async () => {
    const file = path.join(dir, 'unknown.yaml');
    await writeFile(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: typo}\ndatta: {a: b}\n');
    const strict = await kubectl('apply', '-f', file);
    expect(strict.code).not.toBe(0);
    expect(strict.stderr).toContain('strict decoding error: unknown field "datta"');
    const warned = await kubectl('apply', '--validate=warn', '-f', file);
    expect(warned.stderr.trim()).toBe('Warning: unknown field "datta"');
  });
});

describe('Go decoding (unit)', () => {
  const api = loadKubernetesApi();
  const component = 'io.k8s.api.core.v1.Pod';
  const goDecodeError = (a: typeof api, c: string, obj: unknown) => goDecode(a, c, obj).error;
  it.each([
    [{ spec: { containers: [{ name: 'a', resources: { limits: { cpu: '1Gb' } } }] } }, "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
    [{ spec: { containers: [{ name: 'a', resources: { limits: { cpu: '1iG' } } }] } }, "unable to parse quantity's suffix"],
    [{ spec: { nodeSelector: { disk: 1 } } }, 'json: cannot unmarshal number into Go struct field PodSpec.spec.nodeSelector of type string'],
    [{ spec: { containers: [{ name: 'a', ports: [{ containerPort: 80, protocol: true }] }] } }, 'json: cannot unmarshal bool into Go struct field ContainerPort.spec.containers.ports.protocol of type string'],
    [{ spec: { containers: [{ name: 'a', livenessProbe: { httpGet: { port: true } } }] } }, 'json: cannot unmarshal bool into Go value of type int32'],
    [{ metadata: { labels: ['a'] } }, 'json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string'],
    [{ spec: 'x' }, 'json: cannot unmarshal string into Go struct field Pod.spec of type v1.PodSpec'],
    [{ spec: { activeDeadlineSeconds: 2 ** 40, containers: [{ name: 'a', image: 1 }] } }, 'json: cannot unmarshal number into Go struct field Container.spec.containers.image of type string'],
    [{ spec: { containers: [{ name: 'a', resources: { limits: { cpu: 0.5, memory: '1e3' } } }], priority: null } }, undefined],
  ])('%j', (obj, message) => {
    expect(goDecodeError(api, component, obj)).toBe(message);
  });

  it('lists and drops unknown fields in document order, metadata included', () => {
    const pod = { metadata: { name: 'p', labelz: { a: 'b' } }, spec: { containers: [{ name: 'a', colour: 'red' }, { name: 'b', ports: [{ containerPort: 1, portName: 'x' }] }], bogus: true }, extra: 1 };
    expect(goDecode(api, component, pod)).toEqual({ error: undefined, unknownFields: ['metadata.labelz', 'spec.containers[0].colour', 'spec.containers[1].ports[0].portName', 'spec.bogus', 'extra'] });
    expect(pod).toEqual({ metadata: { name: 'p' }, spec: { containers: [{ name: 'a' }, { name: 'b', ports: [{ containerPort: 1 }] }] } });
  });

  it('takes raw JSON types as they are (managedFields fieldsV1, a ControllerRevision\'s data)', () => {
    const meta = { name: 'r', managedFields: [{ manager: 'm', operation: 'Apply', fieldsV1: { 'f:spec': { 'f:replicas': {} } } }] };
    expect(goDecode(api, 'io.k8s.api.apps.v1.ControllerRevision', { metadata: meta, revision: 1, data: { spec: { anything: [1] } } })).toEqual({ error: undefined, unknownFields: [] });
  });

  it('reports the first type mismatch, but a self-decoding type error wins', () => {
    expect(goDecodeError(api, component, { spec: { hostname: 1, subdomain: 2 } })).toBe('json: cannot unmarshal number into Go struct field PodSpec.spec.hostname of type string');
    expect(goDecodeError(api, component, { spec: { hostname: 1, containers: [{ resources: { limits: { cpu: 'x' } } }] } })).toMatch(/^quantities must match/);
    // Bad base64 is noted like a type mismatch: the first of them in document order is reported.
    const secret = 'io.k8s.api.core.v1.Secret';
    expect(goDecodeError(api, secret, { type: 5, data: { a: '!!' } })).toBe('json: cannot unmarshal number into Go struct field Secret.type of type string');
    expect(goDecodeError(api, secret, { data: { a: '!!' }, type: 5 })).toBe('illegal base64 data at input byte 0');
  });
});

describe('OpenAPI v3 of built-in kinds', () => {
  it('serves each kind and the types it uses as components', async () => {
    const res = await fetch(`${env.server.url}/openapi/v3/apis/apps/v1`, { headers: credentials(env.server) });
    const doc = (await res.json()) as { components: { schemas: Record<string, Record<string, unknown>> } };
    const schemas = doc.components.schemas;
    expect(schemas['io.k8s.api.apps.v1.Deployment']['x-kubernetes-group-version-kind']).toEqual([{ group: 'apps', version: 'v1', kind: 'Deployment' }]);
    expect((schemas['io.k8s.api.apps.v1.Deployment'].properties as Record<string, unknown>).spec).toEqual({ $ref: '#/components/schemas/io.k8s.api.apps.v1.DeploymentSpec' });
    expect((schemas['io.k8s.api.core.v1.PodSpec'].properties as Record<string, unknown>).containers).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/io.k8s.api.core.v1.Container' }, 'x-kubernetes-list-type': 'map' });
    expect(schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']).toBeDefined();
  });

  it('lets kubectl explain built-in fields', async () => {
    const explained = await kubectl('explain', 'deployment.spec.template.spec.containers');
    expect(explained.stderr).toBe('');
    expect(explained.stdout).toMatch(/^GROUP:\s+apps\nKIND:\s+Deployment\nVERSION:\s+v1\n/);
    expect(explained.stdout).toMatch(/FIELD: containers <\[\]Container>/);
    expect(explained.stdout).toMatch(/^ {2}image\t<string>$/m);
    expect(explained.stdout).toMatch(/^ {2}name\t<string> -required-$/m);
  });
});
