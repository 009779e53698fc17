// The committed golden projects (test/golden/) must equal a fresh run of their CLI sequences, as
// kubebuilder checks its testdata: regenerate with `npx tsx scripts/regenerate-golden.ts`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPatch } from 'diff';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { generateGoldenProject, goldenProjects, readTree } from '../../scripts/golden-sequence.js';
import { parseProjectFile } from '../../src/project/project-file.js';
import { pluralOf, qualifiedGroup, type Resource } from '../../src/project/resource.js';

const goldenRoot = resolve(import.meta.dirname, '..', 'golden');
const work = mkdtempSync(join(tmpdir(), 'scaffolder-golden-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(Object.keys(goldenProjects))('golden project %s', (name) => {
  it('matches a fresh run of its CLI sequence', async () => {
    const fresh = join(work, name);
    await generateGoldenProject(name, fresh);
    const expected = readTree(join(goldenRoot, name));
    const actual = readTree(fresh);
    expect([...actual.keys()], 'file list (regenerate with: npx tsx scripts/regenerate-golden.ts)').toEqual([...expected.keys()]);
    const diffs = [...actual].filter(([path, content]) => expected.get(path) !== content)
      .map(([path, content]) => createPatch(path, expected.get(path) ?? '', content, 'golden', 'fresh run'));
    expect(diffs.join('\n'), 'contents differ (regenerate with: npx tsx scripts/regenerate-golden.ts)').toBe('');
  });
});

// A kind's plural is its resource name everywhere: the CRD `manifests` writes (file and name), PROJECT,
// the kind descriptor, RBAC, the webhook configuration and config/crd/kustomization.yaml.
describe('golden project project-v1-plurals (irregular plurals)', () => {
  const dir = join(goldenRoot, 'project-v1-plurals');
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const cfg = parseProjectFile(read('PROJECT'), 'PROJECT');
  const apis = cfg.resources.filter((r) => r.api);
  const crdFile = (r: Resource) => `${qualifiedGroup(r)}_${pluralOf(r)}.yaml`;

  it('records the flect plurals in PROJECT', () => {
    expect(apis.map((r) => `${r.kind}:${pluralOf(r)}`)).toEqual(
      ['Hero:heroes', 'Wolf:wolves', 'Shelf:shelves', 'Thief:thieves', 'Cactus:cacti', 'Echo:echoes', 'BigOx:bigoxes'],
    );
  });

  it('has one CRD per kind, in the file and under the name of its recorded plural', () => {
    expect(readdirSync(join(dir, 'config/crd/bases')).sort()).toEqual(apis.map(crdFile).sort());
    for (const r of apis) {
      const crd = parse(read(`config/crd/bases/${crdFile(r)}`)) as { metadata: { name: string }; spec: { names: { kind: string; plural: string } } };
      expect(crd.metadata.name).toBe(`${pluralOf(r)}.${qualifiedGroup(r)}`);
      expect(crd.spec.names).toMatchObject({ kind: r.kind, plural: pluralOf(r) });
      expect(read(`api/v1/${r.kind.toLowerCase()}_types.ts`)).toContain(`kind: '${r.kind}', plural: '${pluralOf(r)}'`);
    }
  });

  it('lists existing CRD files in config/crd/kustomization.yaml, which kubectl kustomize builds', () => {
    const { resources } = parse(read('config/crd/kustomization.yaml')) as { resources: string[] };
    expect(resources).toEqual(apis.map((r) => `bases/${crdFile(r)}`));
    for (const file of resources) expect(existsSync(join(dir, 'config/crd', file)), file).toBe(true);
    const built = execFileSync('kubectl', ['kustomize', 'config/crd'], { cwd: dir, encoding: 'utf8' });
    const names = parseAllDocuments(built).map((d) => (d.toJS() as { metadata: { name: string } }).metadata.name);
    expect(names.sort()).toEqual(apis.map((r) => `${pluralOf(r)}.${qualifiedGroup(r)}`).sort());
  });

  it('grants the controllers RBAC on, and serves webhooks for, the same resources', () => {
    const role = parse(read('config/rbac/role.yaml')) as { rules: Array<{ apiGroups: string[]; resources: string[] }> };
    const granted = role.rules.filter((rule) => rule.apiGroups.includes('zoo.example.org')).flatMap((rule) => rule.resources);
    for (const r of apis.filter((r) => r.controller)) {
      expect(granted).toEqual(expect.arrayContaining([pluralOf(r), `${pluralOf(r)}/status`, `${pluralOf(r)}/finalizers`]));
    }
    const webhooks = parseAllDocuments(read('config/webhook/manifests.yaml'))
      .flatMap((d) => (d.toJS() as { webhooks: Array<{ rules: Array<{ resources: string[] }> }> }).webhooks)
      .flatMap((w) => w.rules.flatMap((rule) => rule.resources));
    expect(webhooks).toEqual(['cacti', 'cacti']);
  });
});
