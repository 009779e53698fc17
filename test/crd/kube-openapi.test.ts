/**
 * Kubernetes' OpenAPI documents as the source of built-in schemas (`manifests --kube-openapi`):
 * a hand-written fixture in the documents' shape (test/fixtures/kube-openapi/project/k8s: a v3
 * batch document and a v2 discovery document) and a small API using client-node types.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type BuiltinSchemaSource, clientNodeModels, type JSONSchemaProps, KubeOpenApiSource, kubeOpenApiSource, kubernetesApiSource } from '../../src/generators/crd/index.js';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import { QUANTITY_PATTERN } from '../../src/kube/quantity.js';
import { ComponentNames, modelNamesOf } from '../../src/kube/kubernetes-api-names.js';
import { readKubeOpenApiDocuments } from '../../src/generators/crd/schema/kube-openapi-documents.js';
import { main } from '../../src/cli/main.js';
import { runManifests } from '../../src/generators/manifests/index.js';
import { eventually } from '../../src/testing/index.js';
import { repoRoot } from './conformance-harness.js';

const project = path.join(repoRoot, 'test', 'fixtures', 'kube-openapi', 'project');

function generate(source: BuiltinSchemaSource) {
  const r = generateCrds({ paths: [path.join(project, 'api')], toolVersion: 'test', builtinSchemas: source });
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.crds[0].crd.spec.versions[0].schema!.openAPIV3Schema;
}

/** The schema at a path of property names (`[]` for array items, `{}` for map values). */
function at(schema: JSONSchemaProps, ...steps: string[]): JSONSchemaProps {
  let node: JSONSchemaProps | undefined = schema;
  for (const step of steps) {
    if (step === '[]') node = node?.items;
    else if (step === '{}') node = node?.additionalProperties as JSONSchemaProps | undefined;
    else node = node?.properties?.[step];
    if (!node) throw new Error(`no schema at ${steps.join('.')} (stopped at ${step})`);
  }
  return node;
}

const withDocs = generate(kubeOpenApiSource(['k8s'], project));
const withoutDocs = generate(clientNodeModels);
// What `manifests --kube-openapi` uses: the documents in front of the shipped Kubernetes API data.
const withDocsOverData = generate(kubeOpenApiSource(['k8s'], project, kubernetesApiSource()));
const podSpec = (root: JSONSchemaProps) => at(root, 'spec', 'jobTemplate', 'spec', 'template', 'spec');
const container = (root: JSONSchemaProps) => at(podSpec(root), 'containers', '[]');

describe('component names <-> client-node model names', () => {
  const names = new ComponentNames([
    'io.k8s.api.core.v1.Container',
    'io.k8s.api.core.v1.EndpointPort',
    'io.k8s.api.discovery.v1.EndpointPort',
    'io.k8s.api.batch.v1.JobTemplateSpec',
    'io.k8s.api.resource.v1beta1.DeviceClass',
    'io.k8s.apimachinery.pkg.apis.meta.v1.Condition',
    'io.k8s.apimachinery.pkg.api.resource.Quantity',
  ]);

  it('maps <Version><Kind> when one component has that version and kind', () => {
    expect(names.componentOf('V1Container')).toBe('io.k8s.api.core.v1.Container');
    expect(names.componentOf('V1JobTemplateSpec')).toBe('io.k8s.api.batch.v1.JobTemplateSpec');
    expect(names.componentOf('V1Condition')).toBe('io.k8s.apimachinery.pkg.apis.meta.v1.Condition');
    expect(names.componentOf('V1beta1DeviceClass')).toBe('io.k8s.api.resource.v1beta1.DeviceClass');
    expect(names.componentOf('V1DeviceClass')).toBeUndefined();
  });

  it('maps <Group><Version><Kind> to that group, and leaves an ambiguous unprefixed name unmapped', () => {
    expect(names.componentOf('CoreV1EndpointPort')).toBe('io.k8s.api.core.v1.EndpointPort');
    expect(names.componentOf('DiscoveryV1EndpointPort')).toBe('io.k8s.api.discovery.v1.EndpointPort');
    expect(names.componentOf('V1EndpointPort')).toBeUndefined();
    expect(names.componentOf('StorageV1EndpointPort')).toBeUndefined();
    expect(names.componentOf('IntOrString')).toBeUndefined();
  });

  it('names the client-node models a component may be, group-prefixed first', () => {
    expect(modelNamesOf('io.k8s.api.admissionregistration.v1.ServiceReference')).toEqual([
      'AdmissionregistrationV1ServiceReference',
      'V1ServiceReference',
    ]);
    expect(modelNamesOf('io.k8s.apimachinery.pkg.api.resource.Quantity')).toEqual([]);
  });
});

describe('schemas from Kubernetes OpenAPI documents', () => {
  it('carry list-type, list-map-keys, the explicit protocol default and no enum (ports, the v3 document)', () => {
    expect(at(container(withDocs), 'ports')).toEqual({
      description:
        'List of ports to expose from the container. Not specifying a port here DOES NOT prevent that port from being exposed.\n\nModifying this array with strategic merge patch may corrupt the data.',
      type: 'array',
      items: {
        description: 'ContainerPort represents a network port in a single container.',
        type: 'object',
        properties: {
          containerPort: {
            description: "Number of port to expose on the pod's IP address. This must be a valid port number, 0 < x < 65536.",
            type: 'integer',
            format: 'int32',
          },
          name: { description: 'If specified, this must be an IANA_SVC_NAME and unique within the pod.', type: 'string' },
          protocol: { default: 'TCP', description: 'Protocol for port. Must be UDP, TCP, or SCTP. Defaults to "TCP".', type: 'string' },
        },
        required: ['containerPort'],
      },
      'x-kubernetes-list-map-keys': ['containerPort', 'protocol'],
      'x-kubernetes-list-type': 'map',
    });
    // client-node's models have none of it
    const plain = at(container(withoutDocs), 'ports');
    expect(plain['x-kubernetes-list-type']).toBeUndefined();
    expect(plain.items!.properties!.protocol.default).toBeUndefined();
  });

  it('type resource.Quantity as int-or-string with its pattern (client-node: a string)', () => {
    const quantity = { anyOf: [{ type: 'integer' }, { type: 'string' }], pattern: QUANTITY_PATTERN, 'x-kubernetes-int-or-string': true };
    expect(at(container(withDocs), 'resources', 'limits')).toEqual({
      description: 'Limits describes the maximum amount of compute resources allowed.',
      type: 'object',
      additionalProperties: quantity,
    });
    expect(at(container(withDocs), 'resources', 'requests', '{}')).toEqual(quantity);
    expect(at(container(withoutDocs), 'resources', 'limits', '{}')).toEqual({ type: 'string' });
  });

  it('keep explicit and optional defaults, drop zero values of required fields, items, map values and {} of references', () => {
    const c = container(withDocs);
    expect(at(podSpec(withDocs), 'imagePullSecrets', '[]', 'name').default).toBe('');
    expect(at(c, 'livenessProbe', 'grpc', 'service').default).toBe('');
    for (const dropped of [
      at(c, 'name'),
      at(c, 'ports', '[]', 'containerPort'),
      at(c, 'livenessProbe', 'grpc', 'port'),
      at(c, 'env', '[]'),
      at(c, 'env', '[]', 'name'),
      at(c, 'command', '[]'),
      at(c, 'resources'),
      at(c, 'resources', 'limits', '{}'),
      at(podSpec(withDocs), 'nodeSelector', '{}'),
      at(withDocs, 'spec', 'jobTemplate', 'spec'),
      at(withDocs, 'spec', 'jobTemplate', 'spec', 'template'),
      at(withDocs, 'spec', 'endpoint', 'conditions'),
      at(withDocs, 'spec', 'endpoint', 'addresses', '[]'),
    ]) {
      expect(dropped).not.toHaveProperty('default');
    }
  });

  it("use the field's own description over the referenced type's (allOf in v3, $ref siblings in v2)", () => {
    expect(at(container(withDocs), 'lifecycle').description).toBe(
      'Actions that the management system should take in response to container lifecycle events. Cannot be updated.',
    );
    expect(at(container(withoutDocs), 'lifecycle').description).toMatch(/^Lifecycle describes actions/);
    expect(at(withDocs, 'spec', 'endpoint', 'conditions').description).toBe('conditions contains information about the current status of the endpoint.');
    expect(at(withDocs, 'spec', 'endpoint', 'targetRef').description).toBe(
      'targetRef is a reference to a Kubernetes object that represents this endpoint.',
    );
    // array items and map values have no field doc: the type's description shows, as in controller-gen
    expect(at(container(withDocs), 'env', '[]').description).toBe('EnvVar represents an environment variable present in a Container.');
  });

  it('drop enum with its "Possible enum values" paragraph, and keep paragraphs as the document has them', () => {
    expect(at(container(withDocs), 'imagePullPolicy')).toEqual({
      description:
        'Image pull policy. One of Always, Never, IfNotPresent. Defaults to Always if :latest tag is specified, or IfNotPresent otherwise. Cannot be updated.',
      type: 'string',
    });
    expect(at(withDocs, 'spec', 'jobTemplate', 'spec', 'completionMode')).toEqual({
      description: 'completionMode specifies how Pod completions are tracked. It can be `NonIndexed` (default) or `Indexed`.\n\nMore completion modes can be added in the future.',
      type: 'string',
    });
    const leftovers: string[] = [];
    const walk = (s: JSONSchemaProps, where: string) => {
      for (const key of Object.keys(s)) if (key.startsWith('x-kubernetes-patch') || key === 'oneOf' || key === '$ref') leftovers.push(`${where}: ${key}`);
      if (s.enum && !where.endsWith('conditions.[].status')) leftovers.push(`${where}: enum`);
      if (s.description?.includes('Possible enum values')) leftovers.push(`${where}: enum paragraph`);
      for (const [k, p] of Object.entries(s.properties ?? {})) walk(p, `${where}.${k}`);
      if (s.items) walk(s.items, `${where}.[]`);
      if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${where}.{}`);
    };
    walk(withDocs, '');
    expect(leftovers).toEqual([]);
  });

  it('carry x-kubernetes-map-type (atomic ObjectReference, atomic nodeSelector) and known apimachinery types', () => {
    expect(at(withDocs, 'status', 'active', '[]')['x-kubernetes-map-type']).toBe('atomic');
    expect(at(podSpec(withDocs), 'nodeSelector')).toEqual({
      description: 'NodeSelector is a selector which must be true for the pod to fit on a node.',
      type: 'object',
      additionalProperties: { type: 'string' },
      'x-kubernetes-map-type': 'atomic',
    });
    // ObjectMeta is {type: object} whatever the document says; IntOrString the int-or-string schema
    expect(at(withDocs, 'spec', 'jobTemplate', 'metadata')).toEqual({
      description:
        "Standard object's metadata of the jobs created from this template. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
      type: 'object',
    });
    expect(at(container(withDocs), 'livenessProbe', 'httpGet', 'port')).toEqual({
      description: 'Name or number of the port to access on the container. Number must be in the range 1 to 65535. Name must be an IANA_SVC_NAME.',
      anyOf: [{ type: 'integer' }, { type: 'string' }],
      'x-kubernetes-int-or-string': true,
    });
  });

  it("still apply metav1.Condition's validation overlay, and the field's +listType markers", () => {
    const conditions = at(withDocs, 'status', 'conditions');
    expect(conditions['x-kubernetes-list-type']).toBe('map');
    expect(conditions['x-kubernetes-list-map-keys']).toEqual(['type']);
    const p = conditions.items!.properties!;
    expect(p.status).toEqual({ description: 'status of the condition, one of True, False, Unknown.', type: 'string', enum: ['True', 'False', 'Unknown'] });
    expect(p.reason).toMatchObject({ maxLength: 1024, minLength: 1, pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$' });
    expect(p.message.maxLength).toBe(32768);
    expect(p.observedGeneration.minimum).toBe(0);
    expect(p.type.maxLength).toBe(316);
    expect(p.lastTransitionTime).toEqual({
      description:
        'lastTransitionTime is the last time the condition transitioned from one status to another. This should be when the underlying condition changed.  If that is not known, then using the time when the API field changed is acceptable.',
      type: 'string',
      format: 'date-time',
    });
    expect(conditions.items!.required).toEqual(['lastTransitionTime', 'message', 'reason', 'status', 'type']);
    // the zero defaults of Condition's required fields are gone
    for (const f of ['message', 'reason', 'status', 'type']) expect(p[f]).not.toHaveProperty('default');
  });

  it('fall back to client-node for models and references the documents lack', () => {
    // V1SecretReference is in no document: the same schema as without documents
    expect(at(withDocs, 'spec', 'credentials')).toEqual(at(withoutDocs, 'spec', 'credentials'));
    // Container.lifecycle refers to core.v1.Lifecycle, which the fixture lacks: client-node's V1Lifecycle
    const { description: _d, ...lifecycle } = at(container(withDocs), 'lifecycle');
    const { description: _e, ...clientNodeLifecycle } = at(container(withoutDocs), 'lifecycle');
    expect(lifecycle).toEqual(clientNodeLifecycle);
    expect(lifecycle.properties).toHaveProperty('postStart');
  });

  it('map group-prefixed client-node names to their group (CoreV1EndpointPort, DiscoveryV1EndpointPort; the v2 document)', () => {
    expect(at(withDocs, 'spec', 'corePorts', '[]')).toEqual({
      description: 'EndpointPort is a tuple that describes a single port. Deprecated: This API is deprecated in v1.33+.',
      type: 'object',
      properties: {
        name: { description: "The name of this port.  This must match the 'name' field in the corresponding ServicePort.", type: 'string' },
        port: { description: 'The port number of the endpoint.', type: 'integer', format: 'int32' },
      },
      required: ['port'],
      'x-kubernetes-map-type': 'atomic',
    });
    const discovery = at(withDocs, 'spec', 'discoveryPorts', '[]');
    expect(discovery.description).toBe('EndpointPort represents a Port used by an EndpointSlice');
    expect(discovery.properties!.protocol).toEqual({
      description: 'protocol represents the IP protocol for this port. Must be UDP, TCP, or SCTP. Default is TCP.',
      type: 'string',
    });
    expect(discovery['x-kubernetes-map-type']).toBe('atomic');
    // a v2 reference resolves to a component of the v3 document (components are pooled)
    expect(at(withDocs, 'spec', 'endpoint', 'targetRef')['x-kubernetes-map-type']).toBe('atomic');
    expect(at(withDocs, 'spec', 'endpoint', 'addresses')['x-kubernetes-list-type']).toBe('set');
  });

  it('read a directory as its files, in name order', () => {
    const files = generate(kubeOpenApiSource(['k8s/batch-v1.json', 'k8s/discovery-v1.json'], project));
    expect(files).toEqual(withDocs);
  });

  it('report a reference that neither the documents nor client-node resolve', () => {
    const source = new KubeOpenApiSource(
      readKubeOpenApiDocuments(['k8s'], project).set('io.k8s.api.core.v1.Probe', {
        type: 'object',
        properties: { exec: { allOf: [{ $ref: '#/components/schemas/io.k8s.api.core.v1.NoSuchAction' }] } },
      }),
    );
    const r = generateCrds({ paths: [path.join(project, 'api')], toolVersion: 'test', builtinSchemas: source });
    expect(r.diagnostics.map((d) => d.message)).toContain('unable to locate schema for type kube-openapi:io.k8s.api.core.v1.NoSuchAction');
  });
});

describe('scaffolder manifests --kube-openapi', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'kube-openapi-cli-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  const projectCopy = () => {
    const dir = path.join(root, `p${++n}`);
    cpSync(project, dir, { recursive: true });
    return dir;
  };
  const run = async (cwd: string, args: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await main(['manifests', ...args], { cwd, stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) });
    return { code, stdout, stderr };
  };
  const crdFile = (dir: string) => path.join(dir, 'config', 'crd', 'bases', 'reports.example.com_reports.yaml');

  it('generates from the documents of a directory (relative to the project)', async () => {
    const dir = projectCopy();
    const r = await run(dir, ['--kube-openapi', 'k8s']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const crd = parse(readFileSync(crdFile(dir), 'utf8')) as { spec: { versions: { schema: { openAPIV3Schema: JSONSchemaProps } }[] } };
    expect(crd.spec.versions[0].schema.openAPIV3Schema).toEqual(withDocsOverData);
  });

  it('accepts repeated files; without the flag the shipped Kubernetes API data is used', async () => {
    const dir = projectCopy();
    expect((await run(dir, ['--kube-openapi', 'k8s/batch-v1.json', '--kube-openapi', 'k8s/discovery-v1.json'])).code).toBe(0);
    const portKeys = /x-kubernetes-list-map-keys:\n\s*- containerPort\n\s*- protocol\n/;
    expect(readFileSync(crdFile(dir), 'utf8')).toMatch(portKeys);
    const plain = projectCopy();
    expect((await run(plain, [])).code).toBe(0);
    const crd = parse(readFileSync(crdFile(plain), 'utf8')) as { spec: { versions: { schema: { openAPIV3Schema: JSONSchemaProps } }[] } };
    expect(crd.spec.versions[0].schema.openAPIV3Schema).toEqual(generate(kubernetesApiSource()));
  });

  it('reads the documents once in watch mode: regenerating after a save works with them gone', async () => {
    const dir = projectCopy();
    let out = '';
    let err = '';
    const io = { stdout: (s: string) => void (out += s), stderr: (s: string) => void (err += s) };
    const controller = new AbortController();
    const done = runManifests({ projectDir: dir, kubeOpenApi: ['k8s'], watch: true, signal: controller.signal }, io);
    await eventually(() => out.includes('manifests: watching'));
    rmSync(path.join(dir, 'k8s'), { recursive: true });
    const types = path.join(dir, 'api', 'v1', 'report_types.ts');
    writeFileSync(types, readFileSync(types, 'utf8').replace('  endpoint?: V1Endpoint;', '  endpoint?: V1Endpoint;\n\n  // +optional\n  title?: string;'));
    await eventually(() => readFileSync(crdFile(dir), 'utf8').includes('title:'));
    expect(readFileSync(crdFile(dir), 'utf8')).toMatch(/x-kubernetes-list-map-keys:\n\s*- containerPort\n\s*- protocol\n/);
    controller.abort();
    expect(await done).toBe(0);
    expect(err).toBe('');
  });

  it.each([
    ['a missing path', (_dir: string) => 'k8s/nope.json', /manifests: --kube-openapi k8s\/nope\.json: no such file or directory/],
    [
      'invalid JSON',
      (dir: string) => {
        writeFileSync(path.join(dir, 'k8s', 'broken.json'), '{"components": {');
        return 'k8s';
      },
      /manifests: --kube-openapi k8s\/broken\.json: invalid JSON: /,
    ],
    [
      'a document without schemas',
      (dir: string) => {
        writeFileSync(path.join(dir, 'paths-only.json'), JSON.stringify({ openapi: '3.0.0', paths: {}, components: { schemas: {} } }));
        return 'paths-only.json';
      },
      /manifests: --kube-openapi paths-only\.json: not a Kubernetes OpenAPI document: it has no schemas/,
    ],
    [
      'a directory without .json files',
      (dir: string) => {
        mkdirSync(path.join(dir, 'empty'));
        return 'empty';
      },
      /manifests: --kube-openapi empty: the directory has no \.json files/,
    ],
  ])('fails on %s, naming the file, and writes nothing', async (_what, prepare, message) => {
    const dir = projectCopy();
    const r = await run(dir, ['--kube-openapi', prepare(dir)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(existsSync(path.join(dir, 'config'))).toBe(false);
  });
});
