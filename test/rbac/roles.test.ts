import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { MarkerRegistry, collectMarkers } from '../../src/markers/index.js';
import { writeYamlDocuments } from '../../src/generators/manifests/index.js';
import { defineRbacMarkers, generateRoles, normalizeRules } from '../../src/generators/rbac/index.js';
import { conformanceDir as conformance, describeShared, repoRoot } from '../support/shared.js';
const fixtures = path.join(repoRoot, 'test', 'fixtures', 'rbac');

function golden(rel: string): unknown[] {
  return parseAllDocuments(readFileSync(path.join(conformance, rel), 'utf8')).map((d) => d.toJS());
}

function rolesFrom(dir: string) {
  const project = new Project({ skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
  const files = project.addSourceFilesAtPaths(path.join(fixtures, dir, '*.ts'));
  const registry = new MarkerRegistry();
  defineRbacMarkers(registry);
  const markers = collectMarkers(files, registry);
  expect(markers.diagnostics).toEqual([]);
  const all = markers.packages().flatMap((p) => markers.forPackage(p).getAll('kubebuilder:rbac'));
  return generateRoles(all);
}

/** Fixture folder -> the role.yaml controller-gen wrote for the Go package it was written after. */
const GOLDEN_ROLES: [string, string][] = [
  ['controller-gen', 'controller-gen/rbac/role.yaml'],
  ['cronjob-tutorial', 'kubebuilder/cronjob-tutorial/role.yaml'],
  ['multiversion-tutorial', 'kubebuilder/multiversion-tutorial/role.yaml'],
  ['project-v4', 'kubebuilder/project-v4/role.yaml'],
];

describeShared(GOLDEN_ROLES.map(([, rel]) => path.join(conformance, rel)), 'role.yaml from +kubebuilder:rbac markers', () => {
  it.each(GOLDEN_ROLES)('%s reproduces %s, byte for byte', (dir, goldenPath) => {
    const roles = rolesFrom(dir);
    expect(JSON.parse(JSON.stringify(roles))).toEqual(golden(goldenPath));
    expect(writeYamlDocuments(roles)).toBe(readFileSync(path.join(conformance, goldenPath), 'utf8'));
  });
});

describe('normalisation', () => {
  const rule = (r: Partial<{ groups: string[]; resources: string[]; resourceNames: string[]; verbs: string[]; urls: string[] }>) => ({
    groups: [],
    resources: [],
    resourceNames: [],
    verbs: [],
    urls: [],
    ...r,
  });

  it('unions verbs of the same resource and sorts them', () => {
    expect(normalizeRules([rule({ groups: ['a'], resources: ['x'], verbs: ['watch', 'get'] }), rule({ groups: ['a'], resources: ['x'], verbs: ['get', 'create'] })])).toEqual([
      { apiGroups: ['a'], resources: ['x'], verbs: ['create', 'get', 'watch'] },
    ]);
  });

  it('writes core as "" and merges it with ""', () => {
    expect(normalizeRules([rule({ groups: ['core'], resources: ['pods'], verbs: ['get'] }), rule({ groups: [''], resources: ['pods'], verbs: ['get'] })])).toEqual([
      { apiGroups: [''], resources: ['pods'], verbs: ['get'] },
    ]);
  });

  it('merges resources, then groups, then urls for equal remainders', () => {
    expect(
      normalizeRules([
        rule({ groups: ['a'], resources: ['x'], verbs: ['get'] }),
        rule({ groups: ['a'], resources: ['y'], verbs: ['get'] }),
        rule({ groups: ['b'], resources: ['x'], verbs: ['get'] }),
        rule({ groups: ['b'], resources: ['y'], verbs: ['get'] }),
        rule({ urls: ['/b'], verbs: ['get'] }),
        rule({ urls: ['/a'], verbs: ['get'] }),
      ]),
    ).toEqual([
      { nonResourceURLs: ['/a', '/b'], verbs: ['get'] },
      { apiGroups: ['a', 'b'], resources: ['x', 'y'], verbs: ['get'] },
    ]);
  });

  it('lets * absorb the other verbs', () => {
    expect(normalizeRules([rule({ groups: ['a'], resources: ['x'], verbs: ['get', 'update'] }), rule({ groups: ['a'], resources: ['x'], verbs: ['*'] })])).toEqual([
      { apiGroups: ['a'], resources: ['x'], verbs: ['*'] },
    ]);
  });
});

describe('roles', () => {
  const marker = (value: Record<string, string | string[]>) => ({
    name: 'kubebuilder:rbac',
    value,
    target: 'package' as const,
    location: { file: '/x.ts', line: 1, column: 4 },
    text: '',
  });

  it('uses a custom default role name and puts namespaced rules into Roles sorted by namespace', () => {
    const roles = generateRoles(
      [
        marker({ groups: ['a'], resources: ['x'], verbs: ['get'], namespace: 'zeta' }),
        marker({ groups: ['a'], resources: ['x'], verbs: ['get'], namespace: 'alpha' }),
        marker({ groups: ['a'], resources: ['x'], verbs: ['get'] }),
      ],
      { roleName: 'my-role' },
    );
    expect(roles.map((r) => [r.kind, r.metadata.namespace, r.metadata.name])).toEqual([
      ['ClusterRole', undefined, 'my-role'],
      ['Role', 'alpha', 'my-role'],
      ['Role', 'zeta', 'my-role'],
    ]);
  });

  it('makes the manager role a Role in the operator namespace for namespaced projects', () => {
    const roles = generateRoles([marker({ groups: ['a'], resources: ['x'], verbs: ['get'] })], { defaultNamespace: 'demo-system' });
    expect(roles).toEqual([
      { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'manager-role', namespace: 'demo-system' }, rules: [{ apiGroups: ['a'], resources: ['x'], verbs: ['get'] }] },
    ]);
  });

  it('produces nothing without markers', () => {
    expect(generateRoles([])).toEqual([]);
  });
});

describe('the +kubebuilder:rbac marker', () => {
  const parse = (text: string) => {
    const registry = new MarkerRegistry();
    defineRbacMarkers(registry);
    const project = new Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true });
    const sf = project.createSourceFile('/c/controller.ts', `${text}\nexport {};\n`);
    return collectMarkers([sf], registry);
  };

  it('requires verbs', () => {
    const [d] = parse('// +kubebuilder:rbac:groups=apps,resources=deployments').diagnostics;
    expect(d).toMatchObject({ severity: 'error', file: '/c/controller.ts', line: 1 });
    expect(d.message).toMatch(/missing argument "verbs"/);
  });

  it('reads every argument', () => {
    const c = parse('// +kubebuilder:rbac:groups=apps;"",resources=deployments,resourceNames=a;b,verbs=get,urls=/healthz,namespace=ns,roleName=r');
    expect(c.diagnostics).toEqual([]);
    expect(c.forPackage('/c').get('kubebuilder:rbac')?.value).toEqual({
      groups: ['apps', ''],
      resources: ['deployments'],
      resourceNames: ['a', 'b'],
      verbs: ['get'],
      urls: ['/healthz'],
      namespace: 'ns',
      roleName: 'r',
    });
  });

  it('rejects unknown arguments with the nearest name', () => {
    expect(parse('// +kubebuilder:rbac:group=apps,resources=x,verbs=get').diagnostics[0].message).toMatch(/unknown argument "group" \(did you mean "groups"\?\)/);
  });
});
