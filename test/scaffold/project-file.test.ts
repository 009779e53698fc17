import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { UsageError } from '../../src/project/usage-error.js';
import {
  newProjectConfig, parseProjectFile, scaffolderLayout, serializeProjectFile, type ProjectConfig,
} from '../../src/project/project-file.js';
import { conformanceDir, itShared } from '../support/shared.js';

const kubebuilderProject = resolve(conformanceDir, 'kubebuilder', 'project-v4', 'PROJECT');

describe('PROJECT file', () => {
  it('round-trips a project with resources of every shape, keeping kubebuilder field names', () => {
    const cfg: ProjectConfig = {
      ...newProjectConfig({ domain: 'testproject.org', projectName: 'project-v4', multigroup: true, namespaced: false, license: 'apache2' }),
      resources: [
        { group: 'crew', version: 'v1', kind: 'Admiral', plural: 'admirales', domain: 'testproject.org', path: 'api/crew/v1', api: { crdVersion: 'v1', namespaced: false }, controller: true, webhooks: { defaulting: true, validation: true, validationPath: '/custom-validate-admiral', webhookVersion: 'v1' } },
        { group: 'crew', version: 'v1', kind: 'FirstMate', domain: 'testproject.org', path: 'api/crew/v1', api: { crdVersion: 'v1', namespaced: true }, webhooks: { conversion: true, spoke: ['v2'], webhookVersion: 'v1' } },
        { group: 'core', version: 'v1', kind: 'Pod', core: true, domain: '', controller: true },
      ],
    };
    const text = serializeProjectFile(cfg);
    const raw = parse(text) as Record<string, unknown>;
    expect(raw).toMatchObject({ domain: 'testproject.org', layout: [scaffolderLayout], multigroup: true, projectName: 'project-v4', version: '3' });
    const resources = raw.resources as Array<Record<string, unknown>>;
    // Kubebuilder's shapes: false flags and empty domains are left out, the rest kept.
    expect(resources[0]).toEqual({ api: { crdVersion: 'v1' }, controller: true, domain: 'testproject.org', group: 'crew', kind: 'Admiral', path: 'api/crew/v1', plural: 'admirales', version: 'v1', webhooks: { defaulting: true, validation: true, validationPath: '/custom-validate-admiral', webhookVersion: 'v1' } });
    expect(resources[2]).toEqual({ controller: true, core: true, group: 'core', kind: 'Pod', version: 'v1' });
    const back = parseProjectFile(text, 'PROJECT');
    expect(serializeProjectFile(back)).toBe(text);
  });

  itShared(kubebuilderProject, 'reads the webhook and resource fields of kubebuilder\'s own PROJECT but refuses its layout', () => {
    const text = readFileSync(kubebuilderProject, 'utf8');
    expect(() => parseProjectFile(text, '/p/PROJECT')).toThrow(UsageError);
    expect(() => parseProjectFile(text, '/p/PROJECT')).toThrow(/^\/p\/PROJECT:\d+: project layout "go.kubebuilder.io\/v4" is not typescript.scaffolder.dev\/v1/);
    // kubebuilder's development builds record cliVersion "(devel)"; scaffolder records its package version.
    const ourLayout = text.replace('go.kubebuilder.io/v4', scaffolderLayout);
    expect(() => parseProjectFile(ourLayout, 'PROJECT')).toThrow(/^PROJECT:\d+: invalid cliVersion "\(devel\)": must be a scaffolder release version/);
    const ours = ourLayout.replace(/^cliVersion: .*\n/m, 'cliVersion: 4.10.0\n');
    const cfg = parseProjectFile(ours, 'PROJECT');
    expect(cfg.cliVersion).toBe('4.10.0');
    expect(cfg.resources.map((r) => `${r.group}/${r.version}/${r.kind}`)).toContain('crew/v1/FirstMate');
    const firstMate = cfg.resources.find((r) => r.kind === 'FirstMate' && r.version === 'v1');
    expect(firstMate?.webhooks).toMatchObject({ conversion: true, spoke: ['v2'] });
    expect(cfg.resources.find((r) => r.kind === 'Admiral')?.plural).toBe('admirales');
  });

  it('names the file and line of invalid YAML', () => {
    expect(() => parseProjectFile('domain: x\nlayout: [a\n', 'dir/PROJECT')).toThrow(/^dir\/PROJECT:\d+: not valid YAML/);
  });

  it('names the line of a bad resource or field', () => {
    const head = `domain: a\nlayout: [${scaffolderLayout}]\nprojectName: a\n`;
    expect(() => parseProjectFile(`${head}resources:\n  - group: crew\n    version: v1\n    kind: A\n  - group: crew\n    kind: B\nversion: "3"\n`, 'PROJECT'))
      .toThrow(new UsageError('PROJECT:8: resources[1]: missing field "version"'));
    expect(() => parseProjectFile(`${head}multigroup: yes please\nversion: "3"\n`, 'PROJECT')).toThrow(new UsageError('PROJECT:4: field "multigroup" must be true or false'));
    expect(() => parseProjectFile(`${head}version: "2"\n`, 'PROJECT')).toThrow(new UsageError('PROJECT:4: unsupported PROJECT version "2" (expected "3")'));
  });

  it('validates every value as its flag is validated, naming file, line and field', () => {
    const project = (resource: string, top = 'domain: example.com\nprojectName: demo\n') => `${top}layout: [${scaffolderLayout}]\nresources:\n- group: crew\n  version: v1\n  kind: Captain\n${resource}version: "3"\n`;
    const cases: Array<[string, string]> = [
      [project('  path: ../../outside\n'), 'PROJECT:8: resources[0].path: invalid API package path "../../outside": must be a folder inside the project'],
      [project('  path: /etc\n'), 'PROJECT:8: resources[0].path: invalid API package path "/etc"'],
      [project(`  domain: "x'; process.exit(1); '"\n`), `PROJECT:8: resources[0].domain: invalid domain "x'; process.exit(1); '": must be a DNS-1123 subdomain`],
      [project('', `domain: "my.domain'"\nprojectName: demo\n`), `PROJECT:1: invalid domain "my.domain'"`],
      [project('', 'domain: example.com\nprojectName: "a b"\n'), 'PROJECT:2: invalid project name "a b": must be a DNS-1123 label'],
      [project('', 'domain: example.com\nprojectName: demo\nowner: "x */ evil() /* y"\n'), 'PROJECT:3: invalid owner "x */ evil() /* y": must not contain "*/"'],
      [project('  plural: "Cap tains"\n'), 'PROJECT:8: resources[0].plural: invalid plural "Cap tains"'],
      [project('  external: true\n  path: ./../x\n'), 'PROJECT:9: resources[0].path: invalid --external-api-path "./../x": a module of the project must lie inside it'],
      [project('  controllers:\n  - name: "x\\"y"\n'), 'PROJECT:9: resources[0].controllers.0: invalid controller name "x"y"'],
      [project('  webhooks:\n    defaultingPath: "/m\\"x"\n'), 'PROJECT:9: resources[0].webhooks.defaultingPath: invalid webhook path "/m"x"'],
      [project('  webhooks:\n    spoke: [v2, "v3\\n"]\n'), 'PROJECT:9: resources[0].webhooks.spoke.1: invalid version "v3\n"'],
    ];
    for (const [text, message] of cases) {
      expect(() => parseProjectFile(text, 'PROJECT'), text).toThrow(UsageError);
      expect(() => parseProjectFile(text, 'PROJECT'), text).toThrow(message);
    }
    const kind = project('').replace('kind: Captain', 'kind: "Cap\'tain"');
    expect(() => parseProjectFile(kind, 'PROJECT')).toThrow('PROJECT:7: resources[0].kind: invalid kind "Cap\'tain"');
    // What the flags accept is still read.
    expect(parseProjectFile(project('  path: api/crew/v1\n  domain: example.com\n'), 'PROJECT').resources[0].path).toBe('api/crew/v1');
  });

  it('names a missing field and a wrong version', () => {
    expect(() => parseProjectFile(`layout: [${scaffolderLayout}]\nprojectName: a\nversion: "3"\n`, 'PROJECT')).toThrow('PROJECT: missing field "domain"');
    expect(() => parseProjectFile(`domain: a\nlayout: [${scaffolderLayout}]\nprojectName: a\nversion: "2"\n`, 'PROJECT')).toThrow('unsupported PROJECT version "2"');
  });
});
