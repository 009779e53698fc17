import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { type MarkedValue, MarkerRegistry, collectMarkers } from '../../src/markers/index.js';
import { writeYamlDocuments } from '../../src/generators/manifests/index.js';
import { defineWebhookMarkers, generateWebhooks } from '../../src/generators/webhook/index.js';
import { conformanceDir as conformance, describeShared, repoRoot } from '../support/shared.js';
const fixtures = path.join(repoRoot, 'test', 'fixtures', 'webhook');

function golden(rel: string): unknown[] {
  return parseAllDocuments(readFileSync(path.join(conformance, rel), 'utf8')).map((d) => d.toJS());
}

function collect(dir: string) {
  const project = new Project({ skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
  const files = project.addSourceFilesAtPaths(path.join(fixtures, dir, '**', '*.ts'));
  expect(files.length).toBeGreaterThan(0);
  const registry = new MarkerRegistry();
  defineWebhookMarkers(registry);
  return collectMarkers(files, registry);
}

function generate(dir: string) {
  const markers = collect(dir);
  const all = markers.packages().flatMap((p) => markers.forPackage(p).all());
  return { markerDiagnostics: markers.diagnostics, ...generateWebhooks(all) };
}

const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

/** controller-tools' webhook test packages whose manifests.yaml the fixtures reproduce. */
const CONTROLLER_GEN_CASES = [
  'top',
  'valid',
  'valid-crosspkg-stable',
  'valid-custom-name',
  'valid-custom-service',
  'valid-namespaceselector',
  'valid-objectselector',
  'valid-ordered',
  'valid-selectors-matchexpressions',
  'valid-url',
];

describe('controller-gen webhook cases', () => {
  describeShared(path.join(conformance, 'controller-gen', 'webhook'), 'against controller-gen output', () => {
    it.each(CONTROLLER_GEN_CASES)('%s reproduces its manifests.yaml', (name) => {
      const result = generate(name);
      expect(result.markerDiagnostics).toEqual([]);
      expect(result.diagnostics).toEqual([]);
      expect(plain(result.configurations)).toEqual(golden(`controller-gen/webhook/${name}/manifests.yaml`));
    });
  });

  const line = (name: string, needle: string) =>
    readFileSync(path.join(fixtures, name, 'webhook.ts'), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(needle)) + 1;

  it('invalid-admissionReviewVersionsRequired: a missing argument is a marker error at its line', () => {
    const { markerDiagnostics } = generate('invalid-admissionReviewVersionsRequired');
    expect(markerDiagnostics).toHaveLength(1);
    expect(markerDiagnostics[0]).toMatchObject({
      severity: 'error',
      file: path.join(fixtures, 'invalid-admissionReviewVersionsRequired', 'webhook.ts'),
      line: line('invalid-admissionReviewVersionsRequired', 'timeoutSeconds=10\n'.trim()),
    });
    expect(markerDiagnostics[0].message).toMatch(/missing argument "admissionReviewVersions"/);
  });

  it.each([
    ['invalid-sideEffects', 'sideEffects=Some', /sideEffects must not be Some or Unknown/],
    ['invalid-timeoutSeconds', 'timeoutSeconds=40', /timeoutSeconds must be between 1 and 30 seconds, got 40/],
    ['invalid-v1beta1NotSupported', 'webhookVersions=v1beta1', /unsupported webhook version: v1beta1/],
    ['invalid-path-and-url', 'url=', /`url` or `path` is required, and only one of them may be given/],
    ['invalid-multiple-webhookconfigurations', 'mutating=true,name=bar', /duplicate mutating \+kubebuilder:webhookconfiguration \(name "bar"\)/],
  ])('%s is rejected at the marker with the rule', (name, needle, rule) => {
    const { diagnostics, markerDiagnostics } = generate(name);
    expect(markerDiagnostics).toEqual([]);
    expect(diagnostics.length).toBeGreaterThanOrEqual(1);
    const d = diagnostics[0];
    expect(d.severity).toBe('error');
    expect(d.file).toBe(path.join(fixtures, name, 'webhook.ts'));
    expect(d.line).toBe(line(name, needle));
    expect(d.message).toMatch(rule);
  });

  it('invalid-timeoutSeconds also rejects a negative timeout', () => {
    const { diagnostics } = generate('invalid-timeoutSeconds');
    expect(diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/got 40/), expect.stringMatching(/got -1/)]);
  });
});

/** Fixture folder -> the webhook manifests kubebuilder's project of the same name has. */
const KUBEBUILDER_PROJECTS: [string, string][] = [
  ['kubebuilder/cronjob-tutorial', 'kubebuilder/cronjob-tutorial/manifests.yaml'],
  ['kubebuilder/multiversion-tutorial', 'kubebuilder/multiversion-tutorial/manifests.yaml'],
  ['kubebuilder/project-v4', 'kubebuilder/project-v4/manifests.yaml'],
];

describeShared(KUBEBUILDER_PROJECTS.map(([, rel]) => path.join(conformance, rel)), 'kubebuilder projects', () => {
  it.each(KUBEBUILDER_PROJECTS)('%s reproduces %s, byte for byte', (dir, goldenPath) => {
    const result = generate(dir);
    expect(result.markerDiagnostics).toEqual([]);
    expect(result.diagnostics).toEqual([]);
    expect(plain(result.configurations)).toEqual(golden(goldenPath));
    expect(writeYamlDocuments(result.configurations)).toBe(readFileSync(path.join(conformance, goldenPath), 'utf8'));
  });
});

describe('arguments and normalisation', () => {
  const base = 'path=/p,mutating=true,failurePolicy=fail,sideEffects=None,groups=core,resources=pods,verbs=create;Update;delete;connect;*,versions=v1,name=m.kb.io,admissionReviewVersions=v1';
  const marker = (args: string): MarkedValue => {
    const registry = new MarkerRegistry();
    defineWebhookMarkers(registry);
    const project = new Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true });
    const sf = project.createSourceFile('/w/webhook.ts', `// +kubebuilder:webhook:${args}\nexport {};\n`);
    const c = collectMarkers([sf], registry);
    expect(c.diagnostics).toEqual([]);
    return c.forPackage('/w').all()[0];
  };
  const one = (args: string) => {
    const r = generateWebhooks([marker(args)]);
    expect(r.diagnostics).toEqual([]);
    return r.configurations[0].webhooks[0];
  };

  it('upper-cases verbs, writes core as "", capitalises failurePolicy', () => {
    const w = one(base);
    expect(w.rules).toEqual([{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE', 'DELETE', 'CONNECT', '*'], resources: ['pods'] }]);
    expect(w.failurePolicy).toBe('Fail');
    expect(one(base.replace('failurePolicy=fail', 'failurePolicy=IGNORE')).failurePolicy).toBe('Ignore');
  });

  it('sets service name, namespace and port, matchPolicy, reinvocationPolicy on mutating webhooks only', () => {
    const w = one(`${base},serviceName=svc,serviceNamespace=ns,servicePort=8443,matchPolicy=exact,reinvocationPolicy=ifneeded,timeoutSeconds=5`);
    expect(w.clientConfig).toEqual({ service: { name: 'svc', namespace: 'ns', path: '/p', port: 8443 } });
    expect(w).toMatchObject({ matchPolicy: 'Exact', reinvocationPolicy: 'IfNeeded', timeoutSeconds: 5 });
    const v = one(`${base.replace('mutating=true', 'mutating=false')},reinvocationPolicy=Never`);
    expect(v.reinvocationPolicy).toBeUndefined();
  });

  it('names configurations from +kubebuilder:webhookconfiguration and puts mutating first', () => {
    const registry = new MarkerRegistry();
    defineWebhookMarkers(registry);
    const project = new Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true });
    const sf = project.createSourceFile(
      '/w/webhook.ts',
      `// +kubebuilder:webhook:${base.replace('mutating=true', 'mutating=false').replace('m.kb.io', 'v.kb.io')}\n// +kubebuilder:webhook:${base}\n// +kubebuilder:webhookconfiguration:mutating=true,name=my-mutating\nexport {};\n`,
    );
    const r = generateWebhooks(collectMarkers([sf], registry).forPackage('/w').all());
    expect(r.configurations.map((c) => [c.kind, c.metadata.name])).toEqual([
      ['MutatingWebhookConfiguration', 'my-mutating'],
      ['ValidatingWebhookConfiguration', 'validating-webhook-configuration'],
    ]);
  });

  it('rejects bad values with the rule', () => {
    const errors = (args: string) => generateWebhooks([marker(args)]).diagnostics.map((d) => d.message);
    expect(errors(`${base},matchPolicy=Sometimes`)).toEqual([expect.stringMatching(/unknown value "Sometimes" for matchPolicy/)]);
    expect(errors(base.replace('failurePolicy=fail', 'failurePolicy=retry'))).toEqual([expect.stringMatching(/unknown value "retry" for failurePolicy \(Fail or Ignore\)/)]);
    expect(errors(base.replace('verbs=create;', 'verbs=get;create;'))).toEqual([expect.stringMatching(/unknown verb "get"/)]);
    expect(errors(base.replace('sideEffects=None,', ''))).toEqual([expect.stringMatching(/sideEffects is required/)]);
    expect(errors(base.replace('path=/p,', ''))).toEqual([expect.stringMatching(/`url` or `path` is required/)]);
    expect(errors(`${base},timeoutSeconds=31`)).toEqual([expect.stringMatching(/between 1 and 30/)]);
    expect(errors(`${base},patch=\`{"bogus": 1}\``)).toEqual([expect.stringMatching(/invalid patch: patch sets "bogus"/)]);
    expect(errors(`${base},patch=\`{nope\``)).toEqual([expect.stringMatching(/invalid patch: patch is not valid JSON/)]);
  });

  it('merges a patch into the webhook, replacing lists', () => {
    const w = one(`${base},patch=\`{"objectSelector":{"matchLabels":{"a":"b"}},"admissionReviewVersions":["v1","v1beta1"]}\``);
    expect(w.objectSelector).toEqual({ matchLabels: { a: 'b' } });
    expect(w.admissionReviewVersions).toEqual(['v1', 'v1beta1']);
  });

  it('writes nothing without webhook markers', () => {
    expect(generateWebhooks([])).toEqual({ configurations: [], diagnostics: [] });
  });
});

describe('webhook marker errors', () => {
  const base = 'path=/p,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=m.kb.io,admissionReviewVersions=v1';
  const diagnosticsFor = (args: string) => {
    const registry = new MarkerRegistry();
    defineWebhookMarkers(registry);
    const project = new Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true });
    const sf = project.createSourceFile('/w/webhook.ts', `// first line\n// +kubebuilder:webhook:${args}\nexport {};\n`);
    const c = collectMarkers([sf], registry);
    return [...c.diagnostics, ...generateWebhooks(c.forPackage('/w').all()).diagnostics];
  };

  it('rejects an unknown reinvocationPolicy and a non-integer servicePort at the marker line', () => {
    const [r] = diagnosticsFor(`${base},reinvocationPolicy=Sometimes`);
    expect(r).toMatchObject({ severity: 'error', file: '/w/webhook.ts', line: 2 });
    expect(r.message).toMatch(/unknown value "Sometimes" for reinvocationPolicy/);
    const [p] = diagnosticsFor(`${base},servicePort=http`);
    expect(p.message).toMatch(/invalid marker \+kubebuilder:webhook: expected integer, got "http"/);
  });

  it.each(['mutating', 'failurePolicy', 'groups', 'resources', 'verbs', 'versions', 'name', 'admissionReviewVersions'])('requires %s', (arg) => {
    const without = base
      .split(',')
      .filter((a) => !a.startsWith(`${arg}=`))
      .join(',');
    const [d] = diagnosticsFor(without);
    expect(d.message).toContain(`missing argument "${arg}"`);
  });

  it('accepts webhookVersions=v1 and the url form', () => {
    expect(diagnosticsFor(`${base},webhookVersions=v1`)).toEqual([]);
    expect(diagnosticsFor(base.replace('path=/p', 'url="https://example.com:9443/p"'))).toEqual([]);
  });
});
