// create api --controller-name (several controllers for one kind) and --external-api-path/--external-api-domain
// (a controller for another project's kind), as kubebuilder v4 records them in PROJECT. Each generated
// project is then compiled with tsc and runs its generated controller tests.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { noInstall, noMake, ok, runCli, snapshot, tempProjectDir } from './run-cli.js';

const exec = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '..', '..');
const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');
const resources = (dir: string) => (parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> }).resources;

/**
 * node_modules as `npm install` would leave it: scaffolder is this checkout, every other package a
 * link to the checkout's own (nothing is downloaded).
 */
function linkModules(dir: string): void {
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(repoRoot, 'node_modules'))) {
    if (name === '.bin' || name.startsWith('.')) continue;
    symlinkSync(join(repoRoot, 'node_modules', name), join(modules, name));
  }
  symlinkSync(repoRoot, join(modules, 'kubescaffolder'));
}

/** tsc over the project, then its generated controller tests; returns vitest's output. */
async function buildAndTest(dir: string, tests: string[]): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
  const run = async (args: string[]) => {
    try {
      const { stdout, stderr } = await exec(process.execPath, args, { cwd: dir, env: { ...env, CI: 'true', NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 });
      return stdout + stderr;
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`${args.join(' ')} failed\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: err });
    }
  };
  await run([join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit']);
  return run([join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...tests]);
}

describe('create api --controller-name', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(async () => {
    ({ dir, cleanup } = tempProjectDir('project'));
    await ok(dir, ['init', '--domain', 'testproject.org', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
  });
  afterEach(() => cleanup());

  it('adds a second controller for a kind: its own file, class, runtime name, test and registration; PROJECT lists both', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource=false', '--controller-name', 'captain-backup', ...noMake]);
    const controller = read(dir, 'src/controllers/captain_backup_controller.ts');
    expect(controller).toContain('export class CaptainBackupReconciler implements Reconciler {');
    expect(controller).toContain("return controllerManagedBy(mgr).for(Captain).named('captain-backup').complete(this);");
    expect(controller).toContain('// +kubebuilder:rbac:groups=crew.testproject.org,resources=captains,verbs=get;list;watch;create;update;patch;delete');
    expect(read(dir, 'test/controllers/captain_backup_controller.test.ts')).toContain("import { CaptainBackupReconciler } from '../../src/controllers/captain_backup_controller.js';");
    expect(read(dir, 'src/controllers/captain_controller.ts')).toContain('export class CaptainReconciler implements Reconciler {');
    const main = read(dir, 'src/main.ts');
    expect(main).toContain("import { CaptainBackupReconciler } from './controllers/captain_backup_controller.js';");
    expect(main).toContain('await new CaptainReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);\nawait new CaptainBackupReconciler(mgr.getClient(), mgr.getScheme()).setupWithManager(mgr);');
    // As kubebuilder: the unnamed controller becomes the one named after the kind.
    expect(resources(dir)[0]).toMatchObject({ kind: 'Captain', controllers: [{ name: 'captain' }, { name: 'captain-backup' }] });
    expect(resources(dir)[0]).not.toHaveProperty('controller');

    await ok(dir, ['manifests']);
    linkModules(dir);
    const out = await buildAndTest(dir, ['test/controllers']);
    expect(out).toMatch(/Test Files {2}2 passed \(2\)/);
  }, 240_000);

  it.each([
    [['--controller-name', 'captain-backup', '--controller=false'], 'error: --controller-name names a controller to create: it cannot go with --controller=false\n'],
    [['--controller-name', 'Captain_Backup'], 'error: invalid controller name "Captain_Backup": must be a DNS-1035 label (a lower-case letter, then lower-case letters, digits and \'-\', at most 63 characters), e.g. captain-backup\n'],
    [['--controller-name', 'captain'], 'error: a controller named "captain" already exists for crew/v1, Kind=Captain; pass --force to scaffold it again\n'],
  ])('refuses %j, writing nothing', async (flags, message) => {
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource=false', ...flags, ...noMake]);
    expect(run.stderr).toBe(message);
    expect(run.code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a name giving the same class as another, and an unnamed controller beside named ones', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource=false', '--controller-name', 'captain-backup', ...noMake]);
    const before = snapshot(dir);
    const clash = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource=false', '--controller-name', 'captainbackup', ...noMake]);
    expect(clash.stderr).toBe('error: controller name "captainbackup" conflicts with the controller "captain-backup" of crew/v1, Kind=Captain: both would be CaptainbackupReconciler\n');
    const unnamed = await runCli(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource=false', '--controller', ...noMake]);
    expect(unnamed.stderr).toBe('error: crew/v1, Kind=Captain already has named controllers (captain, captain-backup); pass --controller-name to add another one, or --controller=false\n');
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('create api --external-api-path, --external-api-domain', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(async () => {
    ({ dir, cleanup } = tempProjectDir('project'));
    await ok(dir, ['init', '--domain', 'testproject.org', ...noInstall]);
  });
  afterEach(() => cleanup());

  const certificateType = `import type { V1ObjectMeta } from '@kubernetes/client-node';

export interface Certificate {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: { secretName: string; dnsNames?: string[] };
}
`;
  const externalFlags = ['--group', 'cert-manager', '--version', 'v1', '--kind', 'Certificate', '--resource=false', '--controller', '--external-api-domain', 'io'];

  it.each([
    ['a module of the project', './external/certmanager/v1', "import type { Certificate as CertificateObject } from '../../external/certmanager/v1/index.js';"],
    ['an npm module', '@example/cert-manager-types/v1', "import type { Certificate as CertificateObject } from '@example/cert-manager-types/v1';"],
  ])('scaffolds a controller for a kind whose type %s exports; PROJECT records it as external', async (_what, path, importLine) => {
    if (path.startsWith('./')) {
      mkdirSync(join(dir, 'external/certmanager/v1'), { recursive: true });
      writeFileSync(join(dir, 'external/certmanager/v1/index.ts'), certificateType);
    }
    await ok(dir, ['create', 'api', ...externalFlags, '--external-api-path', path, ...noMake]);
    const controller = read(dir, 'src/controllers/certificate_controller.ts');
    expect(controller).toContain(importLine);
    expect(controller).toContain('const Certificate = defineKind<CertificateObject>({');
    expect(controller).toContain("group: 'cert-manager.io', version: 'v1', kind: 'Certificate', plural: 'certificates', namespaced: true,");
    expect(controller).toContain('// +kubebuilder:rbac:groups=cert-manager.io,resources=certificates,verbs=get;list;watch;create;update;patch;delete');
    expect(resources(dir)).toEqual([{ controller: true, domain: 'io', external: true, group: 'cert-manager', kind: 'Certificate', path, version: 'v1' }]);

    await ok(dir, ['manifests']);
    expect(read(dir, 'config/rbac/role.yaml')).toContain('- cert-manager.io');
    linkModules(dir);
    if (!path.startsWith('./')) {
      // The npm module: a package exporting the type at the subpath.
      const pkg = join(dir, 'node_modules', '@example', 'cert-manager-types');
      mkdirSync(join(pkg, 'v1'), { recursive: true });
      writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@example/cert-manager-types', type: 'module', exports: { './v1': { types: './v1/index.d.ts', default: './v1/index.js' } } }));
      writeFileSync(join(pkg, 'v1', 'index.d.ts'), certificateType);
      writeFileSync(join(pkg, 'v1', 'index.js'), 'export {};\n');
    }
    const out = await buildAndTest(dir, ['test/controllers']);
    expect(out).toMatch(/Test Files {2}1 passed \(1\)/);
  }, 240_000);

  it.each([
    [['--group', 'cert-manager', '--version', 'v1', '--kind', 'Certificate', '--external-api-path', '@example/x/v1'], 'error: --external-api-path and --external-api-domain name a kind of another project: they go with --resource=false, not with an API of this project\n'],
    [[...externalFlags.filter((f) => f !== '--external-api-domain' && f !== 'io'), '--external-api-domain', 'io'], "error: --external-api-domain needs --external-api-path (the module that exports the kind's type)\n"],
    [[...externalFlags, '--external-api-path', './missing/v1'], "error: --external-api-path ./missing/v1: no missing/v1.ts or missing/v1/index.ts in the project; it must export the kind's object type\n"],
    [[...externalFlags, '--external-api-path', 'github.com/Cert Manager/v1'], 'error: invalid --external-api-path "github.com/Cert Manager/v1": must be an npm module specifier (e.g. @example/cert-manager-types/v1) or a module of the project starting with ./ (e.g. ./external/certmanager/v1)\n'],
  ])('refuses %j, writing nothing', async (flags, message) => {
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', ...flags, ...noMake]);
    expect(run.stderr).toBe(message);
    expect(run.code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
  });
});
