import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isJavaScriptGlobal, reservedKinds } from '../../src/project/validation.js';
import { noInstall, noMake, ok, runCli, snapshot, tempProjectDir } from './run-cli.js';

const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

describe('scaffolder create api', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(async () => {
    ({ dir, cleanup } = tempProjectDir('project'));
    await ok(dir, ['init', '--domain', 'testproject.org', ...noInstall]);
  });
  afterEach(() => cleanup());

  it('scaffolds types, controller, samples, roles and config entries, and registers them in main.ts', async () => {
    const run = await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    expect(run.stdout).toContain('created api/v1/captain_types.ts');
    const types = read(dir, 'api/v1/captain_types.ts');
    expect(types).toContain('export interface CaptainSpec {');
    expect(types).toContain("export const Captain = defineKind<Captain>({ ...GroupVersion, kind: 'Captain', plural: 'captains', namespaced: true });");
    expect(types).toContain('// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\n');
    expect(read(dir, 'api/v1/groupversion_info.ts')).toContain("// +groupName=crew.testproject.org\n");
    const index = read(dir, 'api/v1/index.ts');
    expect(index).toContain("import { Captain } from './captain_types.js';");
    expect(index).toContain('  scheme.add(Captain);\n  // +kubebuilder:scaffold:scheme');
    const controller = read(dir, 'src/controllers/captain_controller.ts');
    expect(controller).toContain('// +kubebuilder:rbac:groups=crew.testproject.org,resources=captains,verbs=get;list;watch;create;update;patch;delete');
    expect(controller).toContain('// +kubebuilder:rbac:groups=crew.testproject.org,resources=captains/status,verbs=get;update;patch');
    expect(controller).toContain("return controllerManagedBy(mgr).for(Captain).named('captain').complete(this);");
    expect(controller).toContain("import { Captain } from '../../api/v1/index.js';");
    expect(read(dir, 'test/controllers/captain_controller.test.ts')).toContain("startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], sharedControlPlane: true })");
    const main = read(dir, 'src/main.ts');
    expect(main).toContain("import * as crewv1 from '../api/v1/index.js';\nimport { CaptainReconciler } from './controllers/captain_controller.js';\n// +kubebuilder:scaffold:imports");
    expect(main).toContain('crewv1.addToScheme(scheme);\n// +kubebuilder:scaffold:scheme');
    expect(main).toContain('await new CaptainReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);\n// +kubebuilder:scaffold:builder');

    expect(parse(read(dir, 'config/samples/crew_v1_captain.yaml'))).toMatchObject({ apiVersion: 'crew.testproject.org/v1', kind: 'Captain', metadata: { name: 'captain-sample' } });
    expect(parse(read(dir, 'config/samples/kustomization.yaml'))).toEqual({ resources: ['crew_v1_captain.yaml'] });
    expect(parse(read(dir, 'config/crd/kustomization.yaml'))).toMatchObject({ resources: ['bases/crew.testproject.org_captains.yaml'] });
    expect((parse(read(dir, 'config/rbac/kustomization.yaml')) as { resources: string[] }).resources.slice(-3))
      .toEqual(['captain_admin_role.yaml', 'captain_editor_role.yaml', 'captain_viewer_role.yaml']);
    expect(parse(read(dir, 'config/rbac/captain_viewer_role.yaml'))).toMatchObject({ kind: 'ClusterRole', metadata: { name: 'captain-viewer-role' }, rules: [{ apiGroups: ['crew.testproject.org'], resources: ['captains'], verbs: ['get', 'list', 'watch'] }, { resources: ['captains/status'] }] });
    expect((parse(read(dir, 'config/default/kustomization.yaml')) as { resources: string[] }).resources[0]).toBe('../crd');
    const project = parse(read(dir, 'PROJECT')) as { resources: unknown[] };
    expect(project.resources).toEqual([{ api: { crdVersion: 'v1', namespaced: true }, controller: true, domain: 'testproject.org', group: 'crew', kind: 'Captain', path: 'api/v1', version: 'v1' }]);
  });

  it('--plural, --namespaced=false and --controller=false', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Admiral', '--plural', 'admirales', '--namespaced=false', '--controller=false', ...noMake]);
    const types = read(dir, 'api/v1/admiral_types.ts');
    expect(types).toContain("plural: 'admirales', namespaced: false");
    expect(types).toContain('// +kubebuilder:resource:path=admirales,scope=Cluster');
    expect(snapshot(dir)['src/controllers/admiral_controller.ts']).toBeUndefined();
    const project = parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> };
    expect(project.resources[0]).toEqual({ api: { crdVersion: 'v1' }, domain: 'testproject.org', group: 'crew', kind: 'Admiral', path: 'api/v1', plural: 'admirales', version: 'v1' });
    expect(read(dir, 'config/crd/kustomization.yaml')).toContain('- bases/crew.testproject.org_admirales.yaml');
  });

  it('a controller for a built-in kind with --resource=false (core Pod, apps Deployment)', async () => {
    await ok(dir, ['create', 'api', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--resource=false', '--controller', ...noMake]);
    await ok(dir, ['create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--resource=false', ...noMake]);
    await ok(dir, ['create', 'api', '--group', 'networking', '--version', 'v1', '--kind', 'Ingress', '--resource=false', ...noMake]);
    const pod = read(dir, 'src/controllers/pod_controller.ts');
    expect(pod).toContain('// +kubebuilder:rbac:groups=core,resources=pods,verbs=get;list;watch;create;update;patch;delete');
    expect(pod).toMatch(/import \{[^}]*\bPod,\n\} from 'kubescaffolder\/runtime';/);
    expect(read(dir, 'src/controllers/deployment_controller.ts')).toContain('groups=apps,resources=deployments,');
    const ingress = read(dir, 'src/controllers/ingress_controller.ts');
    expect(ingress).toContain('groups=networking.k8s.io,resources=ingresses,');
    expect(ingress).toContain("group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', plural: 'ingresses', namespaced: true,");
    const project = parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> };
    expect(project.resources).toEqual([
      { controller: true, core: true, group: 'core', kind: 'Pod', version: 'v1' },
      { controller: true, core: true, group: 'apps', kind: 'Deployment', version: 'v1' },
      { controller: true, core: true, domain: 'k8s.io', group: 'networking', kind: 'Ingress', version: 'v1' },
    ]);
    expect(snapshot(dir)['config/crd/kustomization.yaml']).toBeUndefined();
    expect(read(dir, 'src/main.ts')).not.toContain('addToScheme');
  });

  it('the test of a built-in kind\'s controller installs no CRDs while the project has none, and the CRDs once it has', async () => {
    await ok(dir, ['create', 'api', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--resource=false', '--controller', ...noMake]);
    const podTest = read(dir, 'test/controllers/pod_controller.test.ts');
    expect(podTest).toContain('env = await startTestEnvironment({ sharedControlPlane: true });');
    expect(podTest).not.toMatch(/^\s*env = .*crdDirectoryPaths/m);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    expect(read(dir, 'test/controllers/captain_controller.test.ts')).toContain("env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], sharedControlPlane: true });");
    expect(read(dir, 'test/controllers/pod_controller.test.ts')).toBe(podTest);
    await ok(dir, ['create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--resource=false', '--controller', ...noMake]);
    expect(read(dir, 'test/controllers/deployment_controller.test.ts')).toContain("env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], sharedControlPlane: true });");
  });

  it('multigroup puts APIs and controllers under their group', async () => {
    await ok(dir, ['edit', '--multigroup']);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    await ok(dir, ['create', 'api', '--group', 'ship', '--version', 'v1beta1', '--kind', 'Frigate', ...noMake]);
    const files = Object.keys(snapshot(dir));
    expect(files).toEqual(expect.arrayContaining(['api/crew/v1/captain_types.ts', 'api/ship/v1beta1/frigate_types.ts',
      'src/controllers/crew/captain_controller.ts', 'src/controllers/ship/frigate_controller.ts',
      'config/rbac/ship_frigate_admin_role.yaml', 'config/samples/ship_v1beta1_frigate.yaml', 'test/controllers/ship/frigate_controller.test.ts']));
    const main = read(dir, 'src/main.ts');
    expect(main).toContain("import * as shipv1beta1 from '../api/ship/v1beta1/index.js';");
    expect(main).toContain("import { FrigateReconciler as ShipFrigateReconciler } from './controllers/ship/frigate_controller.js';");
    expect(read(dir, 'src/controllers/ship/frigate_controller.ts')).toContain("import { Frigate } from '../../../api/ship/v1beta1/index.js';");
    expect(parse(read(dir, 'config/rbac/ship_frigate_editor_role.yaml'))).toMatchObject({ metadata: { name: 'ship-frigate-editor-role' } });
  });

  it('a kind whose default plural is longer than 63 characters is refused unless --plural is given', async () => {
    const kind = `A${'b'.repeat(61)}y`;
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', kind, ...noMake]);
    expect(run).toMatchObject({ code: 1, stderr: `error: kind "${kind}" gives the plural "a${'b'.repeat(61)}ies" (65 characters), longer than the 63 a resource name may have; pass a shorter --plural or choose a shorter kind\n` });
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', kind, '--plural', 'longs', ...noMake]);
  });

  it.each([['Ship', 'ShipList', 'ShipList'], ['ShipStatus', 'Ship', 'ShipStatus']])('kinds %s then %s clash on %s in one package and are refused', async (first, second, name) => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', first, ...noMake]);
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', second, '--plural', 'others', ...noMake]);
    expect(run).toMatchObject({ code: 1, stderr: `error: kind "${second}" clashes with crew/v1, Kind=${first}: both would declare ${name} in the same API package; choose another kind name\n` });
    expect(snapshot(dir)).toEqual(before);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', second, '--plural', 'others', '--controller=false', ...noMake]);
  });

  it('a plural that another kind of the group already has is refused', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Ship', ...noMake]);
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Vessel', '--plural', 'ships', ...noMake]);
    expect(run).toMatchObject({ code: 1, stderr: 'error: plural "ships" is already the plural of crew/v1, Kind=Ship: two kinds of a group cannot share a resource name (CRD ships.crew.testproject.org); pass another --plural\n' });
    expect(snapshot(dir)).toEqual(before);
  });

  it('a kind that differs from another only in case is refused (same files, same CRD)', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'CronJob', ...noMake]);
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'Cronjob', '--force', ...noMake]);
    expect(run).toMatchObject({ code: 1, stderr: 'error: kind "Cronjob" differs from crew/v1, Kind=CronJob only in case: their files (cronjob_types.ts, ...) and CRD would be the same\n' });
    expect(snapshot(dir)).toEqual(before);
  });

  it('a group whose import name in main.ts would be another group\'s is refused', async () => {
    await ok(dir, ['edit', '--multigroup']);
    await ok(dir, ['create', 'api', '--group', 'foo.policy', '--version', 'v1', '--kind', 'Health', ...noMake]);
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'foopolicy', '--version', 'v1', '--kind', 'Other', ...noMake]);
    expect(run).toMatchObject({ code: 1, stderr: 'error: group "foopolicy" would share the import name foopolicyv1 with group "foo.policy" in src/main.ts; choose another group name\n' });
    expect(snapshot(dir)).toEqual(before);
    await ok(dir, ['create', 'api', '--group', 'foopolicy', '--version', 'v2', '--kind', 'Other', ...noMake]);
  });

  it('a second group without --multigroup is an error naming the groups; nothing is written', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', ...noMake]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: group "ship" would be a second API group (the project has "crew"); multiple groups need a multi-group project: run `scaffolder edit --multigroup` first\n');
    expect(snapshot(dir)).toEqual(before);
  });

  it('an existing kind is an error without --force; with --force the same command gives the same files', async () => {
    const args = ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake];
    await ok(dir, args);
    const first = snapshot(dir);
    const again = await runCli(dir, args);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: API crew/v1, Kind=Captain already exists in PROJECT; pass --force to scaffold it again\n');
    expect(snapshot(dir)).toEqual(first);
    await ok(dir, [...args, '--force']);
    expect(snapshot(dir)).toEqual(first);
    await ok(dir, [...args, '--force']);
    expect(snapshot(dir)).toEqual(first);
  });

  it('--force keeps the storageversion and conversion:hub markers the CLI added to the types file', async () => {
    const v1 = ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'FirstMate', ...noMake];
    await ok(dir, v1);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'FirstMate', '--controller=false', ...noMake]);
    await ok(dir, ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'FirstMate', '--conversion', '--spoke', 'v2', ...noMake]);
    const marked = read(dir, 'api/v1/firstmate_types.ts');
    expect(marked).toContain('// +kubebuilder:storageversion\n// +kubebuilder:conversion:hub\n// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\n');
    await ok(dir, [...v1, '--force']);
    expect(read(dir, 'api/v1/firstmate_types.ts')).toBe(marked);
    // The spoke, rewritten, stays unmarked.
    const spoke = read(dir, 'api/v2/firstmate_types.ts');
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'FirstMate', '--controller=false', '--force', ...noMake]);
    expect(read(dir, 'api/v2/firstmate_types.ts')).toBe(spoke);
    expect(read(dir, 'api/v1/firstmate_types.ts')).toBe(marked);
  });

  it('a user-owned file in the way is refused without --force, and nothing is written', async () => {
    const before = snapshot(dir);
    writeFileSync(join(dir, 'PROJECT.bak'), 'x');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'src/controllers'), { recursive: true });
    writeFileSync(join(dir, 'src/controllers/captain_controller.ts'), '// mine\n');
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: src/controllers/captain_controller.ts already exists; pass --force to overwrite it\n');
    expect(snapshot(dir)).toEqual({ ...before, 'PROJECT.bak': 'x', 'src/controllers/captain_controller.ts': '// mine\n' });
  });

  it('a second version with a controller names the first version\'s controller in the way and suggests --controller=false', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'Captain', ...noMake]);
    expect(run).toMatchObject({ code: 1, stderr: 'error: src/controllers/captain_controller.ts already exists: it is the controller of crew/v1, Kind=Captain; pass --controller=false to scaffold only the API, or --force to overwrite it\n' });
    expect(snapshot(dir)).toEqual(before);
  });

  it('a controller for core Pod when the project has its own Pod names the controller in the way', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Pod', ...noMake]);
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--resource=false', '--controller', ...noMake]);
    expect(run).toMatchObject({ code: 1, stderr: 'error: src/controllers/pod_controller.ts already exists: it is the controller of crew/v1, Kind=Pod; run `scaffolder edit --multigroup` first to give each group its own src/controllers/<group>/\n' });
    expect(snapshot(dir)).toEqual(before);
    await ok(dir, ['edit', '--multigroup']);
    await ok(dir, ['create', 'api', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--resource=false', '--controller', ...noMake]);
    const main = read(dir, 'src/main.ts');
    expect(main).toContain("import { PodReconciler } from './controllers/pod_controller.js';");
    expect(main).toContain("import { PodReconciler as CorePodReconciler } from './controllers/core/pod_controller.js';");
  });

  it('all or nothing: a missing insertion point fails the command before any file is written', async () => {
    const main = read(dir, 'src/main.ts').replace('// +kubebuilder:scaffold:builder\n', '');
    writeFileSync(join(dir, 'src/main.ts'), main);
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: src/main.ts: insertion point "+kubebuilder:scaffold:builder" not found; restore the marker comment to let scaffolder edit this file\n');
    expect(snapshot(dir)).toEqual(before);
  });

  it.each([
    [['--version', 'v1', '--kind', 'Captain', '--group', 'Crew'], 'error: invalid group "Crew": must be empty (the group is then the project domain) or a DNS-1123 subdomain (lower-case letters, digits, \'-\' and \'.\')\n'],
    [['--version', 'one', '--kind', 'Captain', '--group', 'crew'], 'error: invalid version "one": must match ^v\\d+(?:(alpha|beta)\\d+)?$ (e.g. v1, v1alpha1, v2beta3)\n'],
    [['--version', 'v1', '--kind', 'captain', '--group', 'crew'], 'error: invalid kind "captain": must be PascalCase (an upper-case letter followed by letters and digits, e.g. CronJob)\n'],
    [['--version', 'v1', '--kind', 'Captain', '--group', 'crew', '--plural', 'Captains'], 'error: invalid plural "Captains": must be a lower-case DNS-1035 label (a letter, then lower-case letters, digits and \'-\')\n'],
    [['--kind', 'Captain', '--group', 'crew'], 'error: missing required flag: --version\n'],
    [['--group', 'crew'], 'error: missing required flags: --version, --kind\n'],
    [['--version', 'v1', '--kind', 'Captain', '--colour', 'red'], 'error: unknown flag or command: colour (see --help)\n'],
    [['--version', 'v1', '--kind', 'Foo', '--group', 'mystuff', '--resource=false'], 'error: mystuff/v1, Kind=Foo is neither an API of this project nor in a built-in group (core, apps, batch, ...); create it with --resource\n'],
    [['--version', 'v1', '--kind', 'Foo', '--group', 'crew', '--resource=false', '--controller=false'], 'error: nothing to create: --resource=false and --controller=false\n'],
    // A built-in kind is checked against the Kubernetes API data the package ships.
    [['--version', 'v1', '--kind', 'Pods', '--group', 'core', '--resource=false'], 'error: core/v1 has no kind Pods in Kubernetes\' core group (Kubernetes 1.34-1.36): did you mean the built-in Pod?\n'],
    [['--version', 'v1', '--kind', 'Deploymnet', '--group', 'apps', '--resource=false'], 'error: apps/v1 has no kind Deploymnet in Kubernetes\' apps group (Kubernetes 1.34-1.36): did you mean the built-in Deployment?\n'],
    [['--version', 'v1beta1', '--kind', 'Deployment', '--group', 'apps', '--resource=false'], 'error: apps/v1beta1 has no kind Deployment: Kubernetes\' apps group serves Deployment in v1; pass --version v1\n'],
  ])('rejects %j with one line and no change', async (flags, message) => {
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', ...flags, ...noMake]);
    expect(run.stderr).toBe(message);
    expect(run.code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
  });

  it.each(['Manager', 'Client', 'Promise', 'GroupVersion', 'ObjectMeta', 'Object', 'Array', 'Map', 'Set', 'Date', 'Error', 'JSON', 'Math', 'Number', 'String', 'Symbol', 'Boolean', 'Function', 'RegExp', 'Proxy', 'Reflect', 'BigInt', 'Intl', 'URL', 'Buffer'])('refuses kind %s, a name the generated code already uses', async (kind) => {
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', kind, ...noMake]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^error: invalid kind "${kind}": the generated code already uses the name ${kind} \\(.+\\); choose another kind name\n$`));
    expect(snapshot(dir)).toEqual(before);
  });

  // Guards the reserved list: every PascalCase name the files of a kind import must be refused as a kind.
  it('every name imported by the generated files of a kind is a reserved kind name', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'Captain', '--controller=false', ...noMake]);
    await ok(dir, ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--defaulting', '--programmatic-validation', '--conversion', '--spoke', 'v2', ...noMake]);
    // groupversion_info.ts never names the kind, so its imports cannot clash with it; nor do init's
    // end-to-end tests (test/e2e), which import no API package.
    const files = Object.entries(snapshot(dir)).filter(([f]) => /^(api|src\/controllers|test)\/.*\.ts$/.test(f) && !f.endsWith('groupversion_info.ts') && !f.startsWith('test/e2e/'));
    const imported = new Set<string>();
    for (const [, text] of files) {
      for (const m of text.matchAll(/^import (?:type )?\{([^}]*)\} from '([^']+)'/gm)) {
        if (m[2].startsWith('.')) continue;
        for (const part of m[1].split(',')) {
          const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()!;
          if (/^[A-Z]/.test(name)) imported.add(name);
        }
      }
    }
    expect(imported.size).toBeGreaterThan(5);
    for (const name of imported) expect(reservedKinds.has(name), name).toBe(true);
    for (const global of ['Promise']) {
      expect(files.some(([, text]) => text.includes(`${global}`)), global).toBe(true);
      expect(isJavaScriptGlobal(global)).toBe(true);
    }
  });

  it('accepts a built-in kind named like a JavaScript global (core/v1 Event): the project does not declare it', async () => {
    await ok(dir, ['create', 'api', '--group', 'core', '--version', 'v1', '--kind', 'Event', '--resource=false', '--controller', ...noMake]);
    expect(read(dir, 'src/controllers/event_controller.ts')).toContain('export class EventReconciler');
  });

  it('needs a PROJECT file, and refuses a project of another layout', async () => {
    const empty = tempProjectDir('empty');
    try {
      const run = await runCli(empty.dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: .*\/empty\/PROJECT not found: run this command in a project's root directory, or create a project with `scaffolder init`\n$/);
    } finally {
      empty.cleanup();
    }
    writeFileSync(join(dir, 'PROJECT'), read(dir, 'PROJECT').replace('typescript.scaffolder.dev/v1', 'go.kubebuilder.io/v4'));
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: .*PROJECT:\d+: project layout "go.kubebuilder.io\/v4" is not typescript.scaffolder.dev\/v1; this project was not made by scaffolder\n$/);
  });

  it('asks Create Resource / Create Controller when stdin is a terminal and neither flag is given', async () => {
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake], { tty: true, input: 'maybe\ny\nn\n' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Create Resource [y/n]\nplease answer y or n\nCreate Resource [y/n]\nCreate Controller [y/n]\n');
    const files = snapshot(dir);
    expect(files['api/v1/captain_types.ts']).toBeDefined();
    expect(files['src/controllers/captain_controller.ts']).toBeUndefined();
  });

  it('on a terminal asks only for the flag that was not given', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--controller=false', ...noMake]);
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource=false', ...noMake], { tty: true, input: 'n\n' });
    expect(run).toMatchObject({ code: 1, stderr: 'error: nothing to create: --resource=false and --controller=false\n' });
    expect(run.stdout).toBe('Create Controller [y/n]\n');
    const yes = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource=false', ...noMake], { tty: true, input: 'y\n' });
    expect(yes.code).toBe(0);
    expect(snapshot(dir)['src/controllers/captain_controller.ts']).toBeDefined();
  });

  it('does not ask when stdin is not a terminal: both default to true', async () => {
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake], { tty: false });
    expect(run.stdout).not.toContain('[y/n]');
    expect(snapshot(dir)['src/controllers/captain_controller.ts']).toBeDefined();
  });

  it('--dry-run prints created files and the diff of main.ts, and writes nothing', async () => {
    const before = snapshot(dir);
    const run = await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run', ...noMake]);
    expect(run.stdout).toContain('create api/v1/captain_types.ts\n');
    expect(run.stdout).toContain('update src/main.ts\n--- a/src/main.ts\n+++ b/src/main.ts\n');
    expect(run.stdout).toContain("+import * as crewv1 from '../api/v1/index.js';\n");
    expect(run.stdout).toContain('-#- ../crd\n+- ../crd\n');
    expect(snapshot(dir)).toEqual(before);
  });

  it('--dry-run with --make (the default) also shows the CRD and role.yaml the run would regenerate, exactly those it then writes', async () => {
    const before = snapshot(dir);
    const dry = await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run']);
    expect(snapshot(dir)).toEqual(before);
    expect(dry.stdout).toContain('create api/v1/captain_types.ts\n');
    expect(dry.stdout).toContain('then `scaffolder manifests` (--make):\n');
    expect(dry.stdout).toContain('+++ b/config/crd/bases/crew.testproject.org_captains.yaml\n');
    expect(dry.stdout).toContain('+++ b/config/rbac/role.yaml\n');
    const wouldWrite = /^would write: (.*)$/m.exec(dry.stdout)?.[1]?.split(', ');
    expect(wouldWrite).toEqual(['config/crd/bases/crew.testproject.org_captains.yaml', 'config/rbac/role.yaml']);
    const real = await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain']);
    expect([...real.stdout.matchAll(/^wrote (.*)$/gm)].map((m) => m[1])).toEqual(wouldWrite);
    // The diffs shown are the files written.
    const crdDiff = dry.stdout.slice(dry.stdout.indexOf('+++ b/config/crd/bases/crew.testproject.org_captains.yaml'));
    const added = crdDiff.split('\n').slice(2).filter((l) => l.startsWith('+') || l.startsWith(' ')).map((l) => l.slice(1));
    expect(read(dir, 'config/crd/bases/crew.testproject.org_captains.yaml').startsWith(added.slice(0, 20).join('\n'))).toBe(true);
  });

  it('--make (the default) regenerates the manifests after writing', async () => {
    const run = await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain']);
    const crd = parse(read(dir, 'config/crd/bases/crew.testproject.org_captains.yaml')) as { spec: { names: { plural: string }; scope: string } };
    expect(crd.spec).toMatchObject({ names: { plural: 'captains' }, scope: 'Namespaced' });
    expect(read(dir, 'config/rbac/role.yaml')).toContain('- captains');
    expect(run.stdout).toContain('created api/v1/captain_types.ts');
  });

  it('when --make fails on a marker error in the user\'s sources, it says the scaffolding is in place and what to do', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    const types = join(dir, 'api/v1/captain_types.ts');
    writeFileSync(types, read(dir, 'api/v1/captain_types.ts').replace('  foo?: string;', '  // +kubebuilder:validation:MinLength=abc\n  foo?: string;'));
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Sailor']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('created api/v1/sailor_types.ts');
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^api\/v1\/captain_types\.ts:\d+:\d+: error: invalid marker \+kubebuilder:validation:MinLength/);
    expect(lines.at(-1)).toBe('error: the files above were scaffolded, but regenerating the manifests failed: fix what is reported above, then run `make manifests` (running this command again is not needed)');
  });

  it('adds a controller to an API created earlier without one', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--controller=false', ...noMake]);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource=false', '--controller', ...noMake]);
    expect(read(dir, 'src/controllers/captain_controller.ts')).toContain("import { Captain } from '../../api/v1/index.js';");
    expect((parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> }).resources).toEqual([
      { api: { crdVersion: 'v1', namespaced: true }, controller: true, domain: 'testproject.org', group: 'crew', kind: 'Captain', path: 'api/v1', version: 'v1' },
    ]);
  });

  it('an empty group is the project domain itself', async () => {
    await ok(dir, ['create', 'api', '--group', '', '--version', 'v1', '--kind', 'Widget', ...noMake]);
    expect(read(dir, 'api/v1/groupversion_info.ts')).toContain("export const GroupVersion: GV = { group: 'testproject.org', version: 'v1' };");
    expect(read(dir, 'config/crd/kustomization.yaml')).toContain('- bases/testproject.org_widgets.yaml');
    expect(parse(read(dir, 'config/samples/testproject_v1_widget.yaml'))).toMatchObject({ apiVersion: 'testproject.org/v1', kind: 'Widget' });
  });

  it('a second version of a kind makes the first one the storage version', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    const run = await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'Captain', '--controller=false', ...noMake]);
    expect(read(dir, 'api/v1/captain_types.ts')).toContain('// +kubebuilder:storageversion\n// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status');
    expect(read(dir, 'api/v2/captain_types.ts')).not.toContain('storageversion');
    expect(run.stderr).toContain('warning: api/v1/captain_types.ts: marked Captain v1 as the storage version');
    expect(run.stderr).toContain("To store v2 instead: move the marker to api/v2/captain_types.ts, deploy, run scaffolder/runtime's StorageVersionMigrator once");
    expect(read(dir, 'src/main.ts')).toContain('crewv2.addToScheme(scheme);');
  });

  it('a second version takes the plural and scope of the first; a --plural or --namespaced that disagrees is refused', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Admiral', '--plural', 'admirales', '--namespaced=false', ...noMake]);
    const before = snapshot(dir);
    const plural = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'Admiral', '--plural', 'admirals', '--controller=false', ...noMake]);
    expect(plural).toMatchObject({ code: 1, stderr: 'error: --plural admirals differs from "admirales" of crew/v1, Kind=Admiral: the versions of a kind share one CRD and so one plural; leave --plural out\n' });
    const scope = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'Admiral', '--namespaced', '--controller=false', ...noMake]);
    expect(scope).toMatchObject({ code: 1, stderr: 'error: --namespaced=true: crew/v1, Kind=Admiral is cluster-scoped, and the versions of a kind share one CRD and so one scope; leave --namespaced out\n' });
    expect(snapshot(dir)).toEqual(before);

    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'Admiral', '--controller=false', ...noMake]);
    const types = read(dir, 'api/v2/admiral_types.ts');
    expect(types).toContain('// +kubebuilder:resource:path=admirales,scope=Cluster');
    expect(types).toContain("plural: 'admirales', namespaced: false");
    const project = parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> };
    expect(project.resources[1]).toMatchObject({ version: 'v2', plural: 'admirales', api: { crdVersion: 'v1' } });
    expect((project.resources[1].api as Record<string, unknown>).namespaced).toBeUndefined();
    // Scaffolding v1 again keeps its recorded scope and plural.
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Admiral', '--controller=false', '--force', ...noMake]);
    expect(read(dir, 'api/v1/admiral_types.ts')).toContain('// +kubebuilder:resource:path=admirales,scope=Cluster');
  });

  it('writes +kubebuilder:resource:path when controller-gen would pluralize the kind otherwise (BigOx: bigoxes, not bigoxen)', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'BigOx', '--controller=false', ...noMake]);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Hero', '--controller=false', ...noMake]);
    expect(read(dir, 'api/v1/bigox_types.ts')).toContain('// +kubebuilder:subresource:status\n// +kubebuilder:resource:path=bigoxes\n');
    // Where both agree, as for nearly every kind, the types carry no path (as kubebuilder's).
    expect(read(dir, 'api/v1/hero_types.ts')).not.toContain('+kubebuilder:resource');
    expect(read(dir, 'config/crd/kustomization.yaml')).toContain('- bases/crew.testproject.org_bigoxes.yaml\n- bases/crew.testproject.org_heroes.yaml\n');
  });

  it('a controller added to an existing API keeps its plural and scope; a different --plural is refused', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Admiral', '--plural', 'admirales', '--namespaced=false', '--controller=false', ...noMake]);
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Admiral', '--resource=false', '--controller', '--plural', 'admirals', ...noMake]);
    expect(run).toMatchObject({ code: 1, stderr: 'error: --plural admirals: crew/v1, Kind=Admiral is recorded in PROJECT with plural "admirales"; leave --plural out\n' });
    expect(snapshot(dir)).toEqual(before);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Admiral', '--resource=false', '--controller', ...noMake]);
    expect(read(dir, 'src/controllers/admiral_controller.ts')).toContain('resources=admirales,');
    // The controller test creates the kind's sample, which has no namespace (cluster-scoped).
    expect(read(dir, 'test/controllers/admiral_controller.test.ts')).toContain("create(crewv1.Admiral, newAdmiral('test-resource'))");
    expect(read(dir, 'test/samples/v1/admiral.ts')).toContain('    metadata: { name },\n');
  });

  it('config files the user removed are reported, not fatal; src/main.ts stays required', async () => {
    const { rmSync } = await import('node:fs');
    rmSync(join(dir, 'config/default'), { recursive: true });
    rmSync(join(dir, 'config/rbac/kustomization.yaml'));
    const run = await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    expect(run.stderr).toContain('warning: config/default/kustomization.yaml not found: enable "- ../crd" in your kustomize configuration by hand');
    expect(run.stderr).toContain('warning: config/rbac/kustomization.yaml not found');
    rmSync(join(dir, 'src/main.ts'));
    const before = snapshot(dir);
    const fail = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Sailor', ...noMake]);
    expect(fail.code).toBe(1);
    expect(fail.stderr).toMatch(/^error: src\/main.ts: file not found/);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('scaffolder create api in a Kubernetes community group', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => {
    ({ dir, cleanup } = tempProjectDir('community'));
  });
  afterEach(() => cleanup());

  it('writes the api-approved.kubernetes.io annotation marker, so that the CRD the API server requires it on is written', async () => {
    await ok(dir, ['init', '--domain', 'k8s.io', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'samples', '--version', 'v1', '--kind', 'Foo']);
    expect(read(dir, 'api/v1/foo_types.ts')).toContain('// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=unapproved, experimental-only;');
    const crd = parse(read(dir, 'config/crd/bases/samples.k8s.io_foos.yaml')) as { metadata: { annotations: Record<string, string> } };
    expect(crd.metadata.annotations['api-approved.kubernetes.io']).toMatch(/^unapproved, experimental-only; /);
  });

  it('leaves it out for other groups (x-k8s.io is not k8s.io)', async () => {
    await ok(dir, ['init', '--domain', 'x-k8s.io', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'samples', '--version', 'v1', '--kind', 'Foo', ...noMake]);
    expect(read(dir, 'api/v1/foo_types.ts')).not.toContain('api-approved.kubernetes.io');
  });
});
