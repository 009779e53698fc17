/** The package root (src/index.ts): the generators' API for programs that run them without the CLI. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as root from '../../src/index.js';
import {
  CrdGenerator,
  CrdManifestsGenerator,
  type Generator,
  GeneratorRuntime,
  type ManifestsOptions,
  MarkerRegistry,
  RBAC_MARKER,
  WEBHOOK_MARKER,
  collectMarkers,
  createApiProject,
  defineCommonMarkers,
  defineRbacMarkers,
  defineWebhookMarkers,
  generateCrds,
  generateRoles,
  generateWebhooks,
  registerCrdMarkers,
  RbacManifestsGenerator,
  runManifests,
  WebhookManifestsGenerator,
} from '../../src/index.js';

const GROUP_VERSION = `// +groupName=ships.example.com
export const GroupVersion = { group: 'ships.example.com', version: 'v1' };
`;

const TYPES = `import type { ListMeta, ObjectMeta, int32 } from 'kubescaffolder/runtime';

/** FrigateSpec defines the desired state of Frigate. */
export interface FrigateSpec {
  /** Crew is how many sail. */
  // +kubebuilder:validation:Minimum=1
  crew: int32;
  // +optional
  flag?: string;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

/** Frigate is a ship. */
export interface Frigate {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: FrigateSpec;
}

// +kubebuilder:object:root=true
export interface FrigateList {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: Frigate[];
}
`;

const CONTROLLER = `// +kubebuilder:rbac:groups=ships.example.com,resources=frigates,verbs=get;list;watch
// +kubebuilder:webhook:path=/validate-ships-example-com-v1-frigate,mutating=false,failurePolicy=fail,sideEffects=None,groups=ships.example.com,resources=frigates,verbs=create;update,versions=v1,name=vfrigate-v1.kb.io,admissionReviewVersions=v1
export class FrigateReconciler {}
`;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'package-exports-'));
  mkdirSync(path.join(dir, 'api', 'v1'), { recursive: true });
  mkdirSync(path.join(dir, 'src', 'controllers'), { recursive: true });
  writeFileSync(path.join(dir, 'api', 'v1', 'groupversion_info.ts'), GROUP_VERSION);
  writeFileSync(path.join(dir, 'api', 'v1', 'frigate_types.ts'), TYPES);
  writeFileSync(path.join(dir, 'src', 'controllers', 'frigate_controller.ts'), CONTROLLER);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the package root entry', () => {
  it('exports the generators', () => {
    const functions = [
      'runManifests',
      'readProjectSettings',
      'createRegistry',
      'writeYamlDocuments',
      'generateCrds',
      'createApiProject',
      'registerCrdMarkers',
      'collectMarkers',
      'defineCommonMarkers',
      'parseMarker',
      'formatDiagnostic',
      'generateRoles',
      'defineRbacMarkers',
      'generateWebhooks',
      'defineWebhookMarkers',
    ];
    const classes = ['ManifestsPipeline', 'CrdGenerator', 'MarkerRegistry', 'MarkerCollection', 'DiagnosticError'];
    for (const name of [...functions, ...classes]) expect(typeof (root as Record<string, unknown>)[name], name).toBe('function');
    expect(root.RBAC_MARKER).toBe('kubebuilder:rbac');
    expect(root.WEBHOOK_MARKER).toBe('kubebuilder:webhook');
  });

  it('generates a CRD with generateCrds', () => {
    const { crds, diagnostics } = generateCrds({ paths: ['api'], cwd: dir, toolVersion: 'test' });
    expect(diagnostics).toEqual([]);
    expect(crds.map((c) => c.fileName)).toEqual(['ships.example.com_frigates.yaml']);
    const crd = crds[0].crd;
    expect(crd.metadata.name).toBe('frigates.ships.example.com');
    expect(crd.spec.versions.map((v) => [v.name, v.storage, v.subresources])).toEqual([['v1', true, { status: {} }]]);
    const spec = crd.spec.versions[0].schema!.openAPIV3Schema.properties!['spec'];
    expect(spec.required).toEqual(['crew']);
    expect(spec.properties!['crew']).toEqual({ description: 'Crew is how many sail.', format: 'int32', minimum: 1, type: 'integer' });
  });

  it('drives the CRD, RBAC and webhook generators over one marker collection', () => {
    const registry = new MarkerRegistry();
    defineCommonMarkers(registry);
    registerCrdMarkers(registry);
    defineRbacMarkers(registry);
    defineWebhookMarkers(registry);
    const project = createApiProject(['api', 'src'], dir);
    const markers = collectMarkers(project.getSourceFiles(), registry);
    expect(markers.diagnostics).toEqual([]);

    const { crds } = new CrdGenerator({ project, markers, toolVersion: 'test' }).generate();
    expect(crds.map((c) => c.crd.spec.names.kind)).toEqual(['Frigate']);

    const packageMarkers = markers.packages().flatMap((p) => [...markers.forPackage(p).all()]);
    const roles = generateRoles(packageMarkers.filter((m) => m.name === RBAC_MARKER));
    expect(roles).toEqual([
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRole',
        metadata: { name: 'manager-role' },
        rules: [{ apiGroups: ['ships.example.com'], resources: ['frigates'], verbs: ['get', 'list', 'watch'] }],
      },
    ]);
    const webhooks = generateWebhooks(packageMarkers.filter((m) => m.name === WEBHOOK_MARKER));
    expect(webhooks.diagnostics).toEqual([]);
    expect(webhooks.configurations.map((c) => [c.kind, c.webhooks.map((w) => w.name)])).toEqual([['ValidatingWebhookConfiguration', ['vfrigate-v1.kb.io']]]);
  });

  it('runs the generators and one of its own through a GeneratorRuntime, which owns the markers and --strict', () => {
    const out = path.join(dir, 'out');
    // a generator of one's own: a marker it defines, and a file listing the packages that carry it
    const owners: Generator = {
      registerMarkers: (registry) => registry.define({ name: 'kubebuilder:owner', target: 'package', value: { type: 'string' } }),
      generate: (context) => {
        const owner = context.markers.packages().flatMap((p) => context.markers.forPackage(p).getAll('kubebuilder:owner').map((m) => m.value as string));
        return { outputs: [{ file: path.join(context.outputDir, 'owners.yaml'), documents: [{ owners: owner }] }], diagnostics: [] };
      },
    };
    writeFileSync(path.join(dir, 'api', 'v1', 'owner.ts'), '// +kubebuilder:owner=fleet\nexport const owner = 1;\n');
    try {
      const generators = [new CrdManifestsGenerator({ toolVersion: 'test' }), new RbacManifestsGenerator(), new WebhookManifestsGenerator(), owners];
      const runtime = new GeneratorRuntime({ project: createApiProject(['api', 'src'], dir), generators, projectDir: dir, outputDir: out });
      const { outputs, diagnostics } = runtime.run();
      expect(diagnostics).toEqual([]);
      expect(outputs.map((o) => path.relative(out, o.file))).toEqual([
        'crd/bases/ships.example.com_frigates.yaml',
        'rbac/role.yaml',
        'webhook/manifests.yaml',
        'owners.yaml',
      ]);
      expect(outputs[3].documents).toEqual([{ owners: ['fleet'] }]);
      // Without its generator the marker is unknown: a warning, an error under strict.
      const without = (strict: boolean) =>
        new GeneratorRuntime({ project: createApiProject(['api'], dir), generators: generators.slice(0, 3), projectDir: dir, outputDir: out, strict }).run().diagnostics;
      expect(without(false).map((d) => [d.severity, d.message.split(':').slice(0, 2).join(':')])).toEqual([['warning', 'unknown marker +kubebuilder:owner']]);
      expect(without(true).map((d) => d.severity)).toEqual(['error']);
    } finally {
      rmSync(path.join(dir, 'api', 'v1', 'owner.ts'));
    }
  });

  it('writes config/ with runManifests', async () => {
    const options: ManifestsOptions = { projectDir: dir };
    const err: string[] = [];
    expect(await runManifests(options, { stdout: () => {}, stderr: (s) => void err.push(s) })).toBe(0);
    expect(err.join('')).toBe('');
    const crd = parse(readFileSync(path.join(dir, 'config', 'crd', 'bases', 'ships.example.com_frigates.yaml'), 'utf8')) as { spec: { group: string } };
    expect(crd.spec.group).toBe('ships.example.com');
    expect(readFileSync(path.join(dir, 'config', 'rbac', 'role.yaml'), 'utf8')).toMatch(/frigates/);
    expect(readFileSync(path.join(dir, 'config', 'webhook', 'manifests.yaml'), 'utf8')).toMatch(/vfrigate-v1\.kb\.io/);
  });
});
