// create api --external-api-path <CRD YAML>: another project's CRD imported as TypeScript types with
// their markers (src/external/<group>/<version>/), registered in PROJECT as an external API; the
// controller scaffolded for it compiles, watches the kind, and its typed client calls reach a server
// that validates and defaults with the imported schema. Bad input is refused at its file and line.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { linkNodeModules, typecheckAndTest } from '../support/scaffolded-project.js';
import { noInstall, noMake, ok, runCli, snapshot, tempProjectDir } from './run-cli.js';

const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

/** A Certificate-like CRD written for this test (two versions, defaults, validation, printer columns). */
function certificateCrd(): Record<string, unknown> {
  const schema = (served: string) => ({
    type: 'object',
    description: `Certificate ${served}.`,
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      spec: {
        type: 'object',
        required: ['issuerRef', 'secretName'],
        properties: {
          secretName: { type: 'string', description: 'The Secret to write.', pattern: '^[a-z0-9-]+$', maxLength: 253 },
          dnsNames: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
          duration: { type: 'string', default: '2160h' },
          usages: { type: 'array', items: { type: 'string', enum: ['server auth', 'client auth'] } },
          issuerRef: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, kind: { type: 'string', enum: ['Issuer', 'ClusterIssuer'] } } },
        },
      },
      status: {
        type: 'object',
        properties: {
          conditions: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['type'],
            items: { type: 'object', required: ['status', 'type'], properties: { type: { type: 'string' }, status: { type: 'string', enum: ['True', 'False', 'Unknown'] } } },
          },
        },
      },
    },
  });
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'certificates.cert-manager.io' },
    spec: {
      group: 'cert-manager.io',
      names: { kind: 'Certificate', listKind: 'CertificateList', plural: 'certificates', singular: 'certificate', shortNames: ['cert', 'certs'], categories: ['cert-manager'] },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: schema('v1') },
          subresources: { status: {} },
          additionalPrinterColumns: [{ name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' }],
        },
        { name: 'v1beta1', served: true, storage: false, deprecated: true, schema: { openAPIV3Schema: schema('v1beta1') } },
      ],
    },
  };
}

const issuerCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'issuers.cert-manager.io' },
  spec: {
    group: 'cert-manager.io',
    names: { kind: 'Issuer', listKind: 'IssuerList', plural: 'issuers', singular: 'issuer' },
    scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } } } }],
  },
};

/** A project test that uses the imported kind through the typed client and sees the controller's watch. */
const clientTest = `import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Manager, builtinScheme } from 'kubescaffolder/runtime';
import { eventually, startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import * as certmanagerv1 from '../../src/external/cert-manager.io/v1/index.js';
import { CertificateReconciler } from '../../src/controllers/certificate_controller.js';

let env: TestEnvironment;
let mgr: Manager;
let running: Promise<void>;
let reconciler: CertificateReconciler;

beforeAll(async () => {
  env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'] });
  const scheme = builtinScheme();
  certmanagerv1.addToScheme(scheme);
  mgr = await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false });
  reconciler = new CertificateReconciler(mgr.getClient(), mgr.getScheme());
  vi.spyOn(reconciler, 'reconcile');
  await reconciler.setupWithManager(mgr);
  running = mgr.start();
  await mgr.elected();
});

afterAll(async () => {
  mgr?.stop();
  await running;
  await env?.stop();
});

it('creates a Certificate through the typed client; the server defaults and validates it with the imported schema; the controller sees it', async () => {
  const spec: certmanagerv1.CertificateSpec = { secretName: 'web-tls', dnsNames: ['example.com'], usages: ['server auth'], issuerRef: { name: 'ca', kind: 'Issuer' } };
  const created = await mgr.getClient().create(certmanagerv1.Certificate, { apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name: 'web', namespace: 'default' }, spec });
  const duration: string | undefined = created.spec?.duration;
  expect(duration).toBe('2160h');
  await expect(
    mgr.getClient().create(certmanagerv1.Certificate, { apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name: 'bad', namespace: 'default' }, spec: { secretName: 'Not_A_Name', issuerRef: { name: 'ca' } } }),
  ).rejects.toThrow(/spec.secretName/);
  await eventually(() => vi.mocked(reconciler.reconcile).mock.calls.some(([req]) => req.name === 'web'), 'a reconcile of web');
});
`;

describe('create api --external-api-path <CRD YAML>', () => {
  let dir: string;
  let cleanup: () => void;
  let crdFile: string;
  beforeEach(async () => {
    ({ dir, cleanup } = tempProjectDir('project'));
    await ok(dir, ['init', '--domain', 'testproject.org', ...noInstall]);
    crdFile = join(dirname(dir), 'cert-manager.crds.yaml');
    writeFileSync(crdFile, `${stringify(certificateCrd())}---\n${stringify(issuerCrd)}`);
  });
  afterEach(() => cleanup());

  const flags = ['--group', 'cert-manager', '--version', 'v1', '--kind', 'Certificate', '--resource=false', '--controller'];

  it('writes the types of every version, registers the kind as external, and its controller compiles, watches it and its test runs', async () => {
    await ok(dir, ['create', 'api', ...flags, '--external-api-path', '../cert-manager.crds.yaml', ...noMake]);
    const types = read(dir, 'src/external/cert-manager.io/v1/certificate_types.ts');
    expect(types).toContain('export interface CertificateSpec {');
    expect(types).toContain('  issuerRef: CertificateSpecIssuerRef;');
    expect(types).toContain('  usages?: Array<"server auth" | "client auth">;');
    expect(types).toContain('// +kubebuilder:resource:path=certificates,singular=certificate,scope=Namespaced,shortName="cert";"certs",categories="cert-manager"');
    expect(types).toContain('// +kubebuilder:storageversion');
    expect(types).toContain('  // +kubebuilder:validation:Pattern=`^[a-z0-9-]+$`');
    expect(types).toContain("export const Certificate = defineKind<Certificate>({ ...GroupVersion, kind: 'Certificate', plural: 'certificates', namespaced: true });");
    expect(read(dir, 'src/external/cert-manager.io/v1beta1/certificate_types.ts')).toContain('// +kubebuilder:deprecatedversion');
    expect(read(dir, 'src/external/cert-manager.io/v1/index.ts')).toContain("export * from './certificate_types.js';");
    const controller = read(dir, 'src/controllers/certificate_controller.ts');
    expect(controller).toContain("import { Certificate } from '../external/cert-manager.io/v1/index.js';");
    expect(controller).not.toContain('defineKind');
    expect(controller).toContain('// +kubebuilder:rbac:groups=cert-manager.io,resources=certificates,verbs=get;list;watch;create;update;patch;delete');
    expect(read(dir, 'src/main.ts')).toContain('certmanagerv1.addToScheme(scheme);');
    const project = parse(read(dir, 'PROJECT')) as { resources: unknown[] };
    expect(project.resources).toEqual([{ controller: true, domain: 'io', external: true, group: 'cert-manager', kind: 'Certificate', path: './src/external/cert-manager.io/v1', version: 'v1' }]);

    // manifests generates the imported CRD back from the types (descriptions aside), beside the project's RBAC.
    await ok(dir, ['manifests']);
    const generated = parse(read(dir, 'config/crd/bases/cert-manager.io_certificates.yaml')) as Record<string, unknown>;
    const withoutDescriptions = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (k, x: unknown) => (k === 'description' ? undefined : x)));
    const { metadata: _generatedMeta, ...generatedRest } = generated;
    const { metadata: _importedMeta, ...importedRest } = certificateCrd();
    expect(withoutDescriptions(generatedRest)).toEqual(withoutDescriptions(importedRest));
    expect(read(dir, 'config/rbac/role.yaml')).toContain('- cert-manager.io');

    writeFileSync(join(dir, 'test/controllers/certificate_client.test.ts'), clientTest);
    linkNodeModules(dir);
    const out = await typecheckAndTest(dir, ['test/controllers']);
    expect(out).toMatch(/Test Files {2}2 passed \(2\)/);
  }, 300_000);

  it('takes a folder of CRD files and the domain from the CRD; a second kind joins the package; --controller=false --force takes a new release', async () => {
    await ok(dir, ['create', 'api', '--group', 'cert-manager', '--version', 'v1', '--kind', 'Issuer', '--resource=false', '--controller', '--external-api-path', '..', ...noMake]);
    expect(read(dir, 'src/external/cert-manager.io/v1/issuer_types.ts')).toContain('export interface Issuer {');
    await ok(dir, ['create', 'api', ...flags, '--external-api-path', '../cert-manager.crds.yaml', ...noMake]);
    const index = read(dir, 'src/external/cert-manager.io/v1/index.ts');
    expect(index).toContain("export * from './issuer_types.js';\nexport * from './certificate_types.js';");
    expect(index).toContain('scheme.add(Issuer);\n  scheme.add(Certificate);');

    // A new release of the CRD: --controller=false --force writes the types again and leaves the controller alone.
    const controller = read(dir, 'src/controllers/certificate_controller.ts');
    writeFileSync(join(dir, 'src/controllers/certificate_controller.ts'), `${controller}// edited\n`);
    const release = certificateCrd() as { spec: { versions: Array<{ schema: { openAPIV3Schema: { properties: { spec: { properties: Record<string, unknown> } } } } }> } };
    release.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.renewBefore = { type: 'string' };
    writeFileSync(crdFile, stringify(release));
    const again = ['create', 'api', ...flags.filter((f) => f !== '--controller'), '--controller=false', '--external-api-path', '../cert-manager.crds.yaml', ...noMake];
    expect((await runCli(dir, again)).stderr).toBe('error: src/external/cert-manager.io/v1/certificate_types.ts already exists; pass --force to overwrite it\n');
    await ok(dir, [...again, '--force']);
    expect(read(dir, 'src/external/cert-manager.io/v1/certificate_types.ts')).toContain('  renewBefore?: string;');
    expect(read(dir, 'src/controllers/certificate_controller.ts')).toBe(`${controller}// edited\n`);
  });

  it('alpha generate scaffolds the project again with the imported types, which it carries over', async () => {
    await ok(dir, ['create', 'api', ...flags, '--external-api-path', '../cert-manager.crds.yaml', ...noMake]);
    const out = join(dirname(dir), 'again');
    await ok(dir, ['alpha', 'generate', '--output-dir', out, '--install=false', '--make=false']);
    for (const file of ['src/external/cert-manager.io/v1/certificate_types.ts', 'src/external/cert-manager.io/v1beta1/certificate_types.ts', 'src/controllers/certificate_controller.ts', 'src/main.ts', 'PROJECT']) {
      expect(read(out, file), file).toBe(read(dir, file));
    }
  });

  it.each([
    ['a document that is not a CRD', `${stringify(certificateCrd())}---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n`, /^error: [^\n]*bad\.yaml:\d+: kind "Deployment" is not a CustomResourceDefinition\n$/],
    ['a schema the markers cannot express', stringify(withSpecField({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] })), /^error: [^\n]*bad\.yaml:(\d+): CRD certificates\.cert-manager\.io: oneOf has no TypeScript type or marker: the types cannot express it\n$/],
    ['a CRD kube-apiserver refuses', stringify(withSpecField({ type: 'array' })), /^error: [^\n]*bad\.yaml:\d+: spec\.versions\[0\]\.schema\.openAPIV3Schema\.properties\[spec\]\.properties\[extra\]\.items: Required value: must be specified\n/],
    ['metadata with a schema of its own', stringify(withMetadata({ type: 'object', properties: { name: { type: 'string', maxLength: 20 } } })), /^error: [^\n]*bad\.yaml:\d+: CRD certificates\.cert-manager\.io: metadata's schema beyond \{type: object\} \(properties\) has no marker: the types declare metadata as ObjectMeta\n$/],
    ['invalid YAML', 'apiVersion: [\n', /^error: [^\n]*bad\.yaml:\d+: /],
  ])('refuses %s at its file and line, writing nothing', async (_what, text, message) => {
    writeFileSync(join(dirname(dir), 'bad.yaml'), text);
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', ...flags, '--external-api-path', '../bad.yaml', ...noMake]);
    expect(run.stderr).toMatch(message);
    expect(run.code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
  });

  it('names the line of the schema node it cannot express', async () => {
    const text = stringify(withSpecField({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] }));
    writeFileSync(join(dirname(dir), 'bad.yaml'), text);
    const run = await runCli(dir, ['create', 'api', ...flags, '--external-api-path', '../bad.yaml', ...noMake]);
    const line = Number(/bad\.yaml:(\d+):/.exec(run.stderr)?.[1]);
    expect(text.split('\n')[line - 1]).toMatch(/^\s+oneOf:$/);
    // The same line as the YAML library places the node at.
    const doc = parseAllDocuments(text)[0];
    expect(doc.getIn(['spec', 'versions', 0, 'schema', 'openAPIV3Schema', 'properties', 'spec', 'properties', 'extra', 'oneOf'], true)).toBeDefined();
  });

  it.each([
    [['--external-api-path', 'http://example.com/crds.yaml'], 'error: --external-api-path http://example.com/crds.yaml: only https:// URLs are fetched\n'],
    [['--external-api-path', '../missing.yaml'], 'error: --external-api-path ../missing.yaml: no such file or folder\n'],
    [['--external-api-path', '../cert-manager.crds.yaml', '--external-api-domain', 'example.com'], 'error: --external-api-path ../cert-manager.crds.yaml: no CRD of kind Certificate in group cert-manager.example.com; it holds Certificate (cert-manager.io), Issuer (cert-manager.io)\n'],
  ])('refuses %j, writing nothing', async (extra, message) => {
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', ...flags, ...extra, ...noMake]);
    expect(run.stderr).toBe(message);
    expect(run.code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a version the CRD does not serve', async () => {
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', ...flags.map((f) => (f === 'v1' ? 'v2' : f)), '--external-api-path', '../cert-manager.crds.yaml', ...noMake]);
    expect(run.stderr).toMatch(/^error: [^\n]*cert-manager\.crds\.yaml:\d+: Certificate has no served version v2; it serves v1, v1beta1\n$/);
    expect(snapshot(dir)).toEqual(before);
  });
});

/** The Certificate CRD with one more field `extra` in v1's spec. */
function withSpecField(extra: Record<string, unknown>): Record<string, unknown> {
  const crd = certificateCrd() as { spec: { versions: Array<{ schema: { openAPIV3Schema: { properties: { spec: { properties: Record<string, unknown> } } } } }> } };
  crd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.extra = extra;
  return crd;
}

/** The Certificate CRD with v1's metadata schema replaced. */
function withMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const crd = certificateCrd() as { spec: { versions: Array<{ schema: { openAPIV3Schema: { properties: Record<string, unknown> } } }> } };
  crd.spec.versions[0].schema.openAPIV3Schema.properties.metadata = metadata;
  return crd;
}
