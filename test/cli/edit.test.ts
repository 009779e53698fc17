import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { noInstall, noMake, ok, runCli, snapshot, tempProjectDir } from './run-cli.js';

const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

describe('scaffolder edit', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(async () => {
    ({ dir, cleanup } = tempProjectDir('project'));
    await ok(dir, ['init', ...noInstall]);
  });
  afterEach(() => cleanup());

  it('--multigroup allows a second group', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    await ok(dir, ['edit', '--multigroup']);
    expect((parse(read(dir, 'PROJECT')) as Record<string, unknown>).multigroup).toBe(true);
    await ok(dir, ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', ...noMake]);
    expect(snapshot(dir)['api/ship/v1/frigate_types.ts']).toBeDefined();
    const back = await runCli(dir, ['edit', '--multigroup=false']);
    expect(back.code).toBe(1);
    expect(back.stderr).toBe('error: --multigroup=false: the project has APIs in 2 groups (crew, ship); a single-group project can hold only one\n');
  });

  it('after --multigroup, APIs created before keep their api/<version>/ package for webhooks, new versions and conversion', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    await ok(dir, ['edit', '--multigroup']);
    await ok(dir, ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--defaulting', ...noMake]);
    expect(read(dir, 'api/v1/captain_webhook.ts')).toContain('export class CaptainCustomDefaulter');
    expect(read(dir, 'api/v1/index.ts')).toContain("export * from './captain_webhook.js';");
    expect(read(dir, 'src/main.ts')).toContain('  crewv1.setupCaptainWebhookWithManager(mgr);');
    expect(snapshot(dir)['api/crew/v1/index.ts']).toBeUndefined();

    const v2 = await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'Captain', '--controller=false', ...noMake]);
    expect(v2.stderr).toContain('api/v1/captain_types.ts: marked Captain v1 as the storage version');
    expect(read(dir, 'api/v1/captain_types.ts')).toContain('// +kubebuilder:storageversion\n// +kubebuilder:object:root=true');
    expect(snapshot(dir)['api/crew/v2/captain_types.ts']).toBeDefined();

    await ok(dir, ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--conversion', '--spoke', 'v2', ...noMake]);
    expect(read(dir, 'api/v1/captain_webhook.ts')).toContain("import * as crewv2 from '../crew/v2/index.js';");
    expect(read(dir, 'api/crew/v2/captain_conversion.ts')).toContain("from '../../v1/captain_types.js';");
    expect(read(dir, 'api/crew/v2/index.ts')).toContain("export * from './captain_conversion.js';");
    expect(read(dir, 'api/v1/captain_types.ts')).toContain('// +kubebuilder:conversion:hub');
    // One test file for the v1 webhooks, beside the one the defaulting webhook started.
    expect(read(dir, 'test/webhooks/v1/captain_webhook.test.ts')).toContain("it('serves Captain v2 through the API server");
    expect(Object.keys(snapshot(dir)).filter((f) => f.startsWith('test/webhooks/'))).toEqual(['test/webhooks/v1/captain_webhook.test.ts']);
  });

  it('--multigroup=false is refused only when an API lives under api/<group>/', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    await ok(dir, ['edit', '--multigroup']);
    await ok(dir, ['edit', '--multigroup=false']);
    expect((parse(read(dir, 'PROJECT')) as Record<string, unknown>).multigroup).toBeUndefined();
    await ok(dir, ['edit', '--multigroup']);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'Captain', '--controller=false', ...noMake]);
    const before = snapshot(dir);
    const back = await runCli(dir, ['edit', '--multigroup=false']);
    expect(back).toMatchObject({ code: 1, stderr: 'error: --multigroup=false: the project has APIs under api/<group>/ (api/crew/v2); move them by hand first\n' });
    expect(snapshot(dir)).toEqual(before);
  });

  it('--namespaced switches the manager role to a Role and adds WATCH_NAMESPACE; and back', async () => {
    const before = snapshot(dir);
    const run = await ok(dir, ['edit', '--namespaced']);
    expect(run.stderr).toBe('');
    // The manager watches only its namespace, as init --namespaced writes it.
    const main = read(dir, 'src/main.ts');
    expect(main).toContain('  namespaces: [watchNamespace],\n}).catch(');
    expect(main).toContain("if (!watchNamespace) {\n  console.error('WATCH_NAMESPACE must be set");
    const other = tempProjectDir('project');
    try {
      await ok(other.dir, ['init', '--namespaced', ...noInstall]);
      expect(main).toBe(read(other.dir, 'src/main.ts'));
    } finally {
      other.cleanup();
    }
    expect((parse(read(dir, 'config/rbac/role.yaml')) as { kind: string }).kind).toBe('Role');
    expect(read(dir, 'config/manager/manager.yaml')).toContain('- name: WATCH_NAMESPACE');
    expect((parse(read(dir, 'PROJECT')) as Record<string, unknown>).namespaced).toBe(true);
    await ok(dir, ['edit', '--namespaced=false']);
    expect(snapshot(dir)).toEqual(before);
  });

  it('--namespaced regenerates the manager role from the RBAC markers in the new scope', async () => {
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain']);
    await ok(dir, ['edit', '--namespaced']);
    const role = parse(read(dir, 'config/rbac/role.yaml')) as { kind: string; rules: Array<{ resources: string[] }> };
    expect(role.kind).toBe('Role');
    expect(role.rules.flatMap((r) => r.resources)).toContain('captains');
    await ok(dir, ['edit', '--namespaced=false']);
    expect((parse(read(dir, 'config/rbac/role.yaml')) as { kind: string }).kind).toBe('ClusterRole');
    expect(read(dir, 'config/rbac/role.yaml')).toContain('- captains');
  });

  it('--namespaced leaves a Manager.create the user changed alone and says what to change', async () => {
    const file = join(dir, 'src/main.ts');
    const changed = read(dir, 'src/main.ts').replace('const mgr = await Manager.create({ scheme, ...flags,', 'const mgr = await Manager.create({ scheme, ...flags, gracefulShutdownTimeoutMs: 5000,');
    writeFileSync(file, changed);
    const run = await ok(dir, ['edit', '--namespaced']);
    expect(run.stderr).toContain('warning: src/main.ts: pass `namespaces: [process.env.WATCH_NAMESPACE]` to Manager.create');
    expect(read(dir, 'src/main.ts')).toBe(changed);
  });

  it('--license and --owner rewrite the boilerplate and PROJECT', async () => {
    await ok(dir, ['edit', '--owner', 'Jane Doe']);
    expect(read(dir, 'hack/boilerplate.ts.txt')).toMatch(/Copyright \d{4} Jane Doe\./);
    await ok(dir, ['edit', '--license', 'none']);
    expect(read(dir, 'hack/boilerplate.ts.txt').trim()).toBe('');
    expect(parse(read(dir, 'PROJECT'))).toMatchObject({ owner: 'Jane Doe', license: 'none' });
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', ...noMake]);
    expect(read(dir, 'api/v1/captain_types.ts')).toMatch(/^import type/);
  });

  it('refuses an --owner that would end the license comment, and changes nothing', async () => {
    const before = snapshot(dir);
    const run = await runCli(dir, ['edit', '--owner', 'x */ console.log("INJECTED"); /* y']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('invalid owner "x */ console.log(\\"INJECTED\\"); /* y": must not contain "*/"');
    expect(snapshot(dir)).toEqual(before);
  });

  it('an empty --owner goes back to the default owner', async () => {
    await ok(dir, ['edit', '--owner', 'Jane Doe']);
    await ok(dir, ['edit', '--owner', '']);
    expect(read(dir, 'hack/boilerplate.ts.txt')).toMatch(/Copyright \d{4} The project Authors\./);
    expect((parse(read(dir, 'PROJECT')) as Record<string, unknown>).owner).toBeUndefined();
  });

  it('needs at least one flag', async () => {
    const run = await runCli(dir, ['edit']);
    expect(run).toMatchObject({ code: 1, stderr: 'error: edit needs at least one of --multigroup, --namespaced, --owner, --license, --kubernetes-version, --plugins\n' });
  });

  it('--dry-run shows the diff and writes nothing', async () => {
    const before = snapshot(dir);
    const run = await ok(dir, ['edit', '--namespaced', '--dry-run']);
    expect(run.stdout).toContain('update config/rbac/role.yaml\n');
    expect(run.stdout).toContain('-kind: ClusterRole\n+kind: Role\n');
    expect(snapshot(dir)).toEqual(before);
  });
});
