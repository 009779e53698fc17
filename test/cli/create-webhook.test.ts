import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { noInstall, noMake, ok, runCli, snapshot, tempProjectDir } from './run-cli.js';

const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');
const api = (kind: string, version = 'v1', extra: string[] = []) => ['create', 'api', '--group', 'crew', '--version', version, '--kind', kind, ...extra, ...noMake];
const webhook = (kind: string, flags: string[], version = 'v1') => ['create', 'webhook', '--group', 'crew', '--version', version, '--kind', kind, ...flags, ...noMake];

describe('scaffolder create webhook', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(async () => {
    ({ dir, cleanup } = tempProjectDir('project'));
    await ok(dir, ['init', '--domain', 'testproject.org', ...noInstall]);
    await ok(dir, api('Captain'));
  });
  afterEach(() => cleanup());

  it('refuses a PROJECT whose resource path leaves the project, writing nothing (PROJECT is read as the flags are)', async () => {
    const project = read(dir, 'PROJECT');
    writeFileSync(join(dir, 'PROJECT'), project.replace('path: api/v1', 'path: ../../outside'));
    const before = snapshot(join(dir, '..'));
    const run = await runCli(dir, webhook('Captain', ['--defaulting']));
    expect(run.code).toBe(1);
    const line = project.split('\n').findIndex((l) => l.includes('path: api/v1')) + 1;
    expect(run.stderr).toContain(`PROJECT:${line}: resources[0].path: invalid API package path "../../outside": must be a folder inside the project`);
    expect(snapshot(join(dir, '..'))).toEqual(before);
  });

  it('--defaulting --programmatic-validation: markers, setup function, test, config and registration', async () => {
    await ok(dir, webhook('Captain', ['--defaulting', '--programmatic-validation']));
    const file = read(dir, 'api/v1/captain_webhook.ts');
    expect(file).toContain('// +kubebuilder:webhook:path=/mutate-crew-testproject-org-v1-captain,mutating=true,failurePolicy=fail,sideEffects=None,groups=crew.testproject.org,resources=captains,verbs=create;update,versions=v1,name=mcaptain-v1.kb.io,admissionReviewVersions=v1');
    expect(file).toContain('// +kubebuilder:webhook:path=/validate-crew-testproject-org-v1-captain,mutating=false,failurePolicy=fail,sideEffects=None,groups=crew.testproject.org,resources=captains,verbs=create;update,versions=v1,name=vcaptain-v1.kb.io,admissionReviewVersions=v1');
    expect(file).toContain('export class CaptainCustomDefaulter implements CustomDefaulter<Captain>');
    expect(file).toContain('async validateDelete(obj: Captain): Promise<Warnings>');
    expect(file).toContain('    .for(Captain)\n    .withDefaulter(new CaptainCustomDefaulter())\n    .withValidator(new CaptainCustomValidator())\n');
    expect(read(dir, 'api/v1/index.ts')).toContain("export * from './captain_webhook.js';");
    expect(read(dir, 'src/main.ts')).toContain("if (process.env.ENABLE_WEBHOOKS !== 'false') {\n  crewv1.setupCaptainWebhookWithManager(mgr);\n  // +kubebuilder:scaffold:webhook\n}");
    const test = read(dir, 'test/webhooks/v1/captain_webhook.test.ts');
    expect(test).toContain("import { afterAll, beforeAll, describe, expect, it } from 'vitest';");
    expect(test).toContain("import { CaptainCustomDefaulter, CaptainCustomValidator, setupCaptainWebhookWithManager } from '../../../api/v1/captain_webhook.js';");
    // The admission block runs the webhooks behind the test API server.
    expect(test).toContain("startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], webhookConfigPaths: ['config/webhook'] })");
    expect(test).toContain('      setupCaptainWebhookWithManager(mgr);\n      // The API server also calls the webhooks of Captain\'s other versions (converting the object):\n      // `create webhook` adds them here.\n      // +kubebuilder:scaffold:webhooksetup\n      running = mgr.start();\n      await mgr.elected();');

    const def = parse(read(dir, 'config/default/kustomization.yaml')) as { resources: string[]; patches: Array<{ path: string }>; replacements: Array<{ source: { kind: string; name: string }; targets: Array<{ select: { kind: string } }> }> };
    expect(def.resources).toEqual(['../crd', '../rbac', '../manager', '../webhook', '../certmanager', 'metrics_service.yaml']);
    expect(def.patches.map((p) => p.path)).toEqual(['manager_metrics_patch.yaml', 'manager_webhook_patch.yaml']);
    expect(def.replacements.map((r) => `${r.source.kind}/${r.source.name}->${r.targets[0].select.kind}`)).toEqual([
      'Service/webhook-service->Certificate', 'Service/webhook-service->Certificate',
      'Certificate/serving-cert->ValidatingWebhookConfiguration', 'Certificate/serving-cert->ValidatingWebhookConfiguration',
      'Certificate/serving-cert->MutatingWebhookConfiguration', 'Certificate/serving-cert->MutatingWebhookConfiguration',
    ]);
    expect(parse(read(dir, 'config/webhook/kustomization.yaml'))).toEqual({ resources: ['manifests.yaml', 'service.yaml'] });
    expect(parse(read(dir, 'config/network-policy/kustomization.yaml'))).toEqual({ resources: ['allow-webhook-traffic.yaml', 'allow-metrics-traffic.yaml'] });
    expect(Object.keys(snapshot(dir))).toEqual(expect.arrayContaining(['config/certmanager/issuer.yaml', 'config/certmanager/certificate-webhook.yaml', 'config/default/manager_webhook_patch.yaml', 'config/webhook/service.yaml']));
    const project = parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> };
    expect(project.resources[0].webhooks).toEqual({ defaulting: true, validation: true, webhookVersion: 'v1' });
  });

  it('a later webhook type merges into the existing file, test and PROJECT entry, keeping user edits', async () => {
    await ok(dir, webhook('Captain', ['--defaulting']));
    const path = join(dir, 'api/v1/captain_webhook.ts');
    writeFileSync(path, read(dir, 'api/v1/captain_webhook.ts').replace('// TODO(user): fill in your defaulting logic.', 'obj.spec = { foo: "bar" };'));
    const defaultingOnly = parse(read(dir, 'config/default/kustomization.yaml')) as { replacements: unknown[] };
    expect(defaultingOnly.replacements).toHaveLength(4);
    await ok(dir, webhook('Captain', ['--programmatic-validation']));
    const file = read(dir, 'api/v1/captain_webhook.ts');
    expect(file).toContain('obj.spec = { foo: "bar" };');
    expect(file.match(/class CaptainCustomDefaulter/g)).toHaveLength(1);
    expect(file).toContain('export class CaptainCustomValidator');
    expect(file).toContain("import { type CustomDefaulter, type Manager, log, webhookManagedBy, type CustomValidator, type Warnings } from 'kubescaffolder/runtime';");
    expect(file).toContain('    .withDefaulter(new CaptainCustomDefaulter())\n    .withValidator(new CaptainCustomValidator())\n    // +kubebuilder:scaffold:webhookbuilder\n');
    // The test file was not changed since it was scaffolded: it is written again for both types.
    const test = read(dir, 'test/webhooks/v1/captain_webhook.test.ts');
    expect(test).toContain("import { CaptainCustomDefaulter, CaptainCustomValidator, setupCaptainWebhookWithManager } from '../../../api/v1/captain_webhook.js';");
    expect(test.match(/describe\('through the API server'/g)).toHaveLength(1);
    expect(test).toContain("it('admits a valid Captain on create, update and delete'");
    expect((parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> }).resources[0].webhooks).toEqual({ defaulting: true, validation: true, webhookVersion: 'v1' });
    expect((parse(read(dir, 'config/default/kustomization.yaml')) as { replacements: unknown[] }).replacements).toHaveLength(6);
    expect(read(dir, 'src/main.ts').match(/setupCaptainWebhookWithManager/g)).toHaveLength(1);
  });

  it('a later webhook type gives the files both types at once give, while they are as scaffolded', async () => {
    await ok(dir, webhook('Captain', ['--defaulting', '--defaulting-path', '/custom-mutate']));
    await ok(dir, webhook('Captain', ['--programmatic-validation']));
    const stepwise = snapshot(dir);
    const other = tempProjectDir('project');
    try {
      await ok(other.dir, ['init', '--domain', 'testproject.org', ...noInstall]);
      await ok(other.dir, api('Captain'));
      await ok(other.dir, webhook('Captain', ['--defaulting', '--defaulting-path', '/custom-mutate', '--programmatic-validation']));
      expect(stepwise).toEqual(snapshot(other.dir));
    } finally {
      other.cleanup();
    }
  });

  it('an existing webhook type is refused without --force; --force twice gives the same files', async () => {
    const args = webhook('Captain', ['--defaulting', '--programmatic-validation']);
    await ok(dir, args);
    const first = snapshot(dir);
    const again = await runCli(dir, webhook('Captain', ['--defaulting']));
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: crew/v1, Kind=Captain already has a defaulting webhook; pass --force to scaffold it again\n');
    expect(snapshot(dir)).toEqual(first);
    await ok(dir, [...args, '--force']);
    expect(snapshot(dir)).toEqual(first);
  });

  it('--conversion --spoke: hub marker, spoke conversion, CRD patch and CA injection', async () => {
    await ok(dir, api('FirstMate'));
    await ok(dir, api('FirstMate', 'v2', ['--controller=false']));
    await ok(dir, webhook('FirstMate', ['--conversion', '--spoke', 'v2']));
    expect(read(dir, 'api/v1/firstmate_types.ts')).toContain('// +kubebuilder:conversion:hub\n// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status');
    const conversion = read(dir, 'api/v2/firstmate_conversion.ts');
    expect(conversion).toContain("import type { FirstMate as HubFirstMate } from '../v1/firstmate_types.js';");
    expect(conversion).toContain('export const firstMateConversion = {');
    expect(read(dir, 'api/v2/index.ts')).toContain("export * from './firstmate_conversion.js';");
    const file = read(dir, 'api/v1/firstmate_webhook.ts');
    expect(file).toContain("import * as crewv2 from '../v2/index.js';");
    expect(file).toContain('.withConversion({ hub: FirstMate, spoke: crewv2.FirstMate, ...crewv2.firstMateConversion })');
    expect(parse(read(dir, 'config/crd/patches/webhook_in_firstmates.yaml'))).toMatchObject({ metadata: { name: 'firstmates.crew.testproject.org' }, spec: { conversion: { strategy: 'Webhook', webhook: { clientConfig: { service: { name: 'webhook-service', path: '/convert' } } } } } });
    const crd = parse(read(dir, 'config/crd/kustomization.yaml')) as Record<string, unknown>;
    expect(crd).toMatchObject({ patches: [{ path: 'patches/webhook_in_firstmates.yaml' }], configurations: ['kustomizeconfig.yaml'] });
    const def = parse(read(dir, 'config/default/kustomization.yaml')) as { replacements: Array<{ targets: Array<{ select: { kind: string; name?: string } }> }> };
    const crdTargets = def.replacements.flatMap((r) => r.targets).filter((t) => t.select.kind === 'CustomResourceDefinition');
    expect(crdTargets.map((t) => t.select.name)).toEqual(['firstmates.crew.testproject.org', 'firstmates.crew.testproject.org']);
    expect((parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> }).resources[1].webhooks).toEqual({ conversion: true, spoke: ['v2'], webhookVersion: 'v1' });
    const test = read(dir, 'test/webhooks/v1/firstmate_webhook.test.ts');
    expect(test).toContain('crewv2.firstMateConversion.convertFrom(hub)');
    // Static imports of the testing kit, the runtime and the hub's API package, as the other tests.
    expect(test).toContain([
      "import * as crewv2 from '../../../api/v2/index.js';",
      "import { newFirstMate as newFirstMateV2 } from '../../samples/v2/firstmate.js';",
      "import { Manager, builtinScheme } from 'kubescaffolder/runtime';",
      "import { startTestEnvironment, fuzzConversion } from 'kubescaffolder/testing';",
      "import * as crewv1 from '../../../api/v1/index.js';",
      '// +kubebuilder:scaffold:imports',
    ].join('\n'));
    expect(test).not.toContain('await import(');
    expect(test).toContain('    crewv1.setupFirstMateWebhookWithManager(mgr);');
    expect(test).toContain('get(crewv1.FirstMate, key)');
  });

  it('the admission test refuses to run without webhook configurations for the kind', async () => {
    await ok(dir, webhook('Captain', ['--defaulting']));
    const test = read(dir, 'test/webhooks/v1/captain_webhook.test.ts');
    expect(test).toContain("const { mutatingWebhooks, validatingWebhooks } = env.webhookInstallOptions;");
    expect(test).toContain("rule.apiGroups?.includes('crew.testproject.org') && rule.resources?.includes('captains')");
    expect(test).toContain("expect(loaded, 'no mutating or validating webhook for captains.crew.testproject.org was loaded from config/webhook: run `make manifests` first').not.toEqual([]);");
  });

  it.each([
    ['conversion first, then admission', [['--conversion', '--spoke', 'v2'], ['--defaulting', '--programmatic-validation']]],
    ['admission first, then conversion', [['--defaulting'], ['--conversion', '--spoke', 'v2']]],
  ])('%s: the test imports each module once', async (_name, runs) => {
    await ok(dir, api('FirstMate'));
    await ok(dir, api('FirstMate', 'v2', ['--controller=false']));
    for (const flags of runs) await ok(dir, webhook('FirstMate', flags));
    const test = read(dir, 'test/webhooks/v1/firstmate_webhook.test.ts');
    const imports = test.split('\n').filter((l) => l.startsWith('import '));
    expect(imports.filter((l) => l.endsWith("from 'kubescaffolder/runtime';"))).toEqual(["import { Manager, builtinScheme } from 'kubescaffolder/runtime';"]);
    const testing = imports.filter((l) => l.endsWith("from 'kubescaffolder/testing';"));
    expect(testing).toHaveLength(1);
    expect(/\{ (.*) \}/.exec(testing[0])![1].split(', ').sort()).toEqual(['fuzzConversion', 'startTestEnvironment', 'type TestEnvironment']);
    expect(imports.filter((l) => l.endsWith("from '../../../api/v1/index.js';"))).toEqual(["import * as crewv1 from '../../../api/v1/index.js';"]);
    expect(imports.filter((l) => l.endsWith("from 'vitest';"))).toHaveLength(1);
    expect(imports.find((l) => l.endsWith("from 'vitest';"))).toMatch(/afterAll.*beforeAll/);
    expect(test.match(/describe\('through the API server'/g)).toHaveLength(1);
    expect(test).toContain("it('serves FirstMate v2 through the API server, which converts with the webhook'");
  });

  it('--conversion in a multigroup project: the test imports the hub from api/<group>/<version>/', async () => {
    const mg = tempProjectDir('multigroup');
    try {
      await ok(mg.dir, ['init', '--domain', 'testproject.org', '--multigroup', ...noInstall]);
      const seaApi = (version: string, extra: string[] = []) => ['create', 'api', '--group', 'sea-creatures', '--version', version, '--kind', 'Kraken', ...extra, ...noMake];
      await ok(mg.dir, seaApi('v1beta1'));
      await ok(mg.dir, seaApi('v1beta2', ['--controller=false']));
      await ok(mg.dir, ['create', 'webhook', '--group', 'sea-creatures', '--version', 'v1beta1', '--kind', 'Kraken', '--conversion', '--spoke', 'v1beta2', ...noMake]);
      const test = read(mg.dir, 'test/webhooks/sea-creatures/v1beta1/kraken_webhook.test.ts');
      expect(test).toContain("import * as seacreaturesv1beta2 from '../../../../api/sea-creatures/v1beta2/index.js';");
      expect(test).toContain("import * as seacreaturesv1beta1 from '../../../../api/sea-creatures/v1beta1/index.js';");
      expect(test).toContain('    seacreaturesv1beta1.setupKrakenWebhookWithManager(mgr);');
      // The CRD is named: its conversion patch carries the group (webhook_in_<group>_<plural>.yaml).
      expect(test).toContain("conversionWebhooks: ['krakens.sea-creatures.testproject.org']");
      expect(test).toContain('as config/crd/patches/webhook_in_sea-creatures_krakens.yaml does when deployed.');
      expect(read(mg.dir, 'config/crd/kustomization.yaml')).toContain('- path: patches/webhook_in_sea-creatures_krakens.yaml');
      expect(test).not.toContain('await import(');
    } finally {
      mg.cleanup();
    }
  });

  it('a webhook for a built-in kind lives under src/webhooks and is registered in main.ts', async () => {
    await ok(dir, ['create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--defaulting', ...noMake]);
    const file = read(dir, 'src/webhooks/core/v1/pod_webhook.ts');
    expect(file).toContain('// +kubebuilder:webhook:path=/mutate--v1-pod,mutating=true,failurePolicy=fail,sideEffects=None,groups="",resources=pods,');
    expect(file).toContain('implements CustomDefaulter<ObjectOf<typeof Pod>>');
    const main = read(dir, 'src/main.ts');
    expect(main).toContain("import * as corev1PodWebhook from './webhooks/core/v1/pod_webhook.js';");
    expect(main).toContain('  corev1PodWebhook.setupPodWebhookWithManager(mgr);');
    expect((parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> }).resources[1]).toEqual({ core: true, group: 'core', kind: 'Pod', version: 'v1', webhooks: { defaulting: true, webhookVersion: 'v1' } });
  });

  it('--defaulting-path and --validation-path set the marker path and the builder', async () => {
    await ok(dir, webhook('Captain', ['--defaulting', '--defaulting-path', '/custom-mutate-captain', '--programmatic-validation', '--validation-path=/custom-validate-captain']));
    const file = read(dir, 'api/v1/captain_webhook.ts');
    expect(file).toContain('+kubebuilder:webhook:path=/custom-mutate-captain,mutating=true');
    expect(file).toContain(".withValidatorCustomPath('/custom-validate-captain')");
    expect((parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> }).resources[0].webhooks).toMatchObject({ defaultingPath: '/custom-mutate-captain', validationPath: '/custom-validate-captain' });
  });

  it.each([
    [['--defaulting'], 'Sailor', 'error: API crew/v1, Kind=Sailor does not exist in this project; create it first with `scaffolder create api --group crew --version v1 --kind Sailor`\n'],
    [[], 'Captain', 'error: create webhook needs at least one of --defaulting, --programmatic-validation, --conversion\n'],
    [['--conversion'], 'Captain', 'error: --conversion needs at least one --spoke version (the versions converted to and from this hub version)\n'],
    [['--defaulting', '--spoke', 'v2'], 'Captain', 'error: --spoke is only valid with --conversion\n'],
    [['--conversion', '--spoke', 'v3'], 'Captain', 'error: --spoke v3: API crew/v3, Kind=Captain does not exist; create it first with `scaffolder create api`\n'],
    [['--conversion', '--spoke', 'v1'], 'Captain', 'error: --spoke v1 is the hub version itself; spokes are the other versions of Captain\n'],
    [['--defaulting', '--validation-path', '/x'], 'Captain', 'error: --validation-path is only valid with --programmatic-validation\n'],
    [['--defaulting', '--defaulting-path', 'no-slash'], 'Captain', 'error: invalid webhook path "no-slash": must start with \'/\' and hold only letters, digits, \'/\', \'_\', \'.\' and \'-\'\n'],
  ])('rejects %j for %s with one line and no change', async (flags, kind, message) => {
    const before = snapshot(dir);
    const run = await runCli(dir, webhook(kind, flags));
    expect(run.stderr).toBe(message);
    expect(run.code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
  });

  it.each([
    ['Nope', 'error: batch/v1 has no kind Nope in Kubernetes\' batch group (Kubernetes 1.34-1.36): the built-in batch/v1 kinds are CronJob, Job\n'],
    ['Cronjob', 'error: batch/v1 has no kind Cronjob in Kubernetes\' batch group (Kubernetes 1.34-1.36): did you mean the built-in CronJob?\n'],
  ])('refuses built-in kind batch/v1 %s, which Kubernetes does not serve, naming the nearest, and writes nothing', async (kind, message) => {
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'webhook', '--group', 'batch', '--version', 'v1', '--kind', kind, '--defaulting', ...noMake]);
    expect(run.stderr).toBe(message);
    expect(run.code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses --conversion for a built-in kind', async () => {
    const run = await runCli(dir, ['create', 'webhook', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--conversion', '--spoke', 'v2', ...noMake]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: --conversion is not possible for built-in kind apps/v1, Kind=Deployment: only the project\'s own APIs can convert\n');
  });

  it('uses the plural recorded in PROJECT and supports --dry-run', async () => {
    await ok(dir, api('Admiral', 'v1', ['--plural', 'admirales']));
    const before = snapshot(dir);
    const dry = await ok(dir, webhook('Admiral', ['--defaulting', '--dry-run']));
    expect(dry.stdout).toContain('create api/v1/admiral_webhook.ts\n');
    expect(dry.stdout).toContain('-#- ../webhook\n+- ../webhook\n');
    expect(snapshot(dir)).toEqual(before);
    await ok(dir, webhook('Admiral', ['--defaulting']));
    expect(read(dir, 'api/v1/admiral_webhook.ts')).toContain('groups=crew.testproject.org,resources=admirales,');
  });

  it('the scaffolded tests take their objects from one sample per kind and version, so a required spec field is filled in once', async () => {
    await ok(dir, api('FirstMate', 'v1'));
    await ok(dir, api('FirstMate', 'v2', ['--controller=false']));
    await ok(dir, webhook('FirstMate', ['--defaulting', '--programmatic-validation', '--conversion', '--spoke', 'v2']));
    const files = Object.entries(snapshot(dir));
    const tests = files.filter(([f]) => f.endsWith('firstmate_controller.test.ts') || f.endsWith('firstmate_webhook.test.ts'));
    expect(tests.map(([f]) => f)).toEqual(['test/controllers/firstmate_controller.test.ts', 'test/webhooks/v1/firstmate_webhook.test.ts']);
    for (const [file, text] of tests) expect(text, file).not.toMatch(/\bspec:/);
    expect(tests[0][1]).toContain("newFirstMate('test-resource')");
    const webhookTest = tests[1][1];
    for (const use of ["newFirstMate('sample')", "newFirstMate('admitted')", "newFirstMateV2('sample')", "newFirstMateV2('converted')"]) expect(webhookTest).toContain(use);
    const samples = files.filter(([f]) => f.startsWith('test/samples/') && f.endsWith('/firstmate.ts'));
    expect(samples.map(([f]) => f)).toEqual(['test/samples/v1/firstmate.ts', 'test/samples/v2/firstmate.ts']);
    expect(samples[0][1]).toContain("import { FirstMate } from '../../../api/v1/index.js';");
    expect(samples[0][1]).toContain('export function newFirstMate(name: string): FirstMate {');
    expect(samples[1][1]).toContain("apiVersion: 'crew.testproject.org/v2',");
  });

  it('a --plural other than the one in PROJECT is refused', async () => {
    await ok(dir, api('Admiral', 'v1', ['--plural', 'admirales']));
    const before = snapshot(dir);
    const run = await runCli(dir, webhook('Admiral', ['--defaulting', '--plural', 'admirals']));
    expect(run).toMatchObject({ code: 1, stderr: 'error: --plural admirals: crew/v1, Kind=Admiral is recorded in PROJECT with plural "admirales"; leave --plural out\n' });
    expect(snapshot(dir)).toEqual(before);
  });

  it('the tests of a cluster-scoped kind\'s webhooks give its objects no namespace', async () => {
    await ok(dir, api('Admiral', 'v1', ['--namespaced=false']));
    await ok(dir, api('Admiral', 'v2', ['--controller=false']));
    await ok(dir, webhook('Admiral', ['--defaulting', '--conversion', '--spoke', 'v2']));
    const test = read(dir, 'test/webhooks/v1/admiral_webhook.test.ts');
    expect(test).toContain("create(crewv1.Admiral, newAdmiral('admitted'))");
    expect(test).toContain("create(crewv2.Admiral, newAdmiralV2('converted'))");
    expect(test).not.toContain("namespace: 'default'");
    // The tests' objects come from the samples of both versions, which have no namespace.
    for (const sample of ['test/samples/v1/admiral.ts', 'test/samples/v2/admiral.ts']) {
      expect(read(dir, sample)).toContain('    metadata: { name },\n');
    }
  });

  it('a later webhook keeps the user\'s changes to the webhook and cert-manager config', async () => {
    await ok(dir, webhook('Captain', ['--defaulting']));
    const edited = ['config/default/manager_webhook_patch.yaml', 'config/certmanager/issuer.yaml', 'config/webhook/service.yaml', 'config/certmanager/certificate-webhook.yaml', 'config/network-policy/allow-webhook-traffic.yaml'];
    for (const f of edited) writeFileSync(join(dir, f), `${read(dir, f)}# my change\n`);
    await ok(dir, api('Sailor'));
    await ok(dir, webhook('Sailor', ['--programmatic-validation']));
    await ok(dir, webhook('Captain', ['--programmatic-validation', '--force']));
    for (const f of edited) expect(read(dir, f), f).toMatch(/# my change\n$/);
  });

  // The API server calls every version's admission webhooks (converting the object), so each
  // version's API server test must serve the other versions' webhooks too, or it fails with 404s.
  it('webhooks on several versions of a kind: each version\'s API server test registers the others\'', async () => {
    await ok(dir, api('Captain', 'v2', ['--controller=false']));
    await ok(dir, api('Captain', 'v3', ['--controller=false']));
    await ok(dir, webhook('Captain', ['--defaulting']));
    await ok(dir, webhook('Captain', ['--programmatic-validation'], 'v2'));
    await ok(dir, webhook('Captain', ['--conversion', '--spoke', 'v3']));
    await ok(dir, webhook('Captain', ['--defaulting'], 'v3'));
    const registered = (version: string) => {
      const test = read(dir, `test/webhooks/${version}/captain_webhook.test.ts`);
      const block = test.slice(test.indexOf("describe('through the API server'"));
      const setup = block.slice(0, block.indexOf('// +kubebuilder:scaffold:webhooksetup'));
      return { test, calls: [...setup.matchAll(/^ {6}(\w+\.)?setupCaptainWebhookWithManager\(mgr\);$/gm)].map((m) => m[1] ?? '') };
    };
    expect(registered('v1').calls).toEqual(['', 'crewv2.', 'crewv3.']);
    expect(registered('v2').calls).toEqual(['', 'crewv1.', 'crewv3.']);
    expect(registered('v3').calls).toEqual(['', 'crewv1.', 'crewv2.']);
    expect(registered('v2').test).toContain("import * as crewv1 from '../../../api/v1/index.js';");
    expect(registered('v2').test).toContain("import * as crewv3 from '../../../api/v3/index.js';");
    // Exactly one import per package, even where the conversion test imported it first.
    expect(registered('v1').test.match(/^import \* as crewv3 /gm)).toHaveLength(1);
  });

  it('a kind has one conversion hub: --conversion on another version is refused, naming the hub', async () => {
    await ok(dir, api('FirstMate'));
    await ok(dir, api('FirstMate', 'v2', ['--controller=false']));
    await ok(dir, api('FirstMate', 'v3', ['--controller=false']));
    await ok(dir, webhook('FirstMate', ['--conversion', '--spoke', 'v2']));
    const before = snapshot(dir);
    const fromV3 = await runCli(dir, webhook('FirstMate', ['--conversion', '--spoke', 'v1'], 'v3'));
    expect(fromV3).toMatchObject({ code: 1, stderr: 'error: crew/v1, Kind=FirstMate is already the conversion hub of FirstMate (spokes v2); a kind has one hub: add spokes to it: `scaffolder create webhook --group crew --version v1 --kind FirstMate --conversion --spoke v3`\n' });
    const fromV2 = await runCli(dir, webhook('FirstMate', ['--conversion', '--spoke', 'v1'], 'v2'));
    expect(fromV2).toMatchObject({ code: 1, stderr: 'error: crew/v1, Kind=FirstMate is already the conversion hub of FirstMate (spokes v2); a kind has one hub: it converts those versions already\n' });
    expect(snapshot(dir)).toEqual(before);
    await ok(dir, webhook('FirstMate', ['--conversion', '--spoke', 'v3']));
    const v4 = await ok(dir, api('FirstMate', 'v4', ['--controller=false']));
    expect(v4.stderr).toContain('warning: FirstMate converts through its hub v1, which cannot convert v4 yet: run `scaffolder create webhook --group crew --version v1 --kind FirstMate --conversion --spoke v4`\n');
    expect(Object.entries(snapshot(dir)).filter(([f, text]) => f.endsWith('_types.ts') && text.includes('+kubebuilder:conversion:hub')).map(([f]) => f)).toEqual(['api/v1/firstmate_types.ts']);
  });

  it('conversion with --force twice gives the same files', async () => {
    await ok(dir, api('FirstMate'));
    await ok(dir, api('FirstMate', 'v2', ['--controller=false']));
    await ok(dir, api('FirstMate', 'v3', ['--controller=false']));
    const args = webhook('FirstMate', ['--defaulting', '--conversion', '--spoke', 'v2,v3']);
    await ok(dir, args);
    const first = snapshot(dir);
    expect(first['api/v1/firstmate_webhook.ts']).toContain('...crewv3.firstMateConversion })');
    await ok(dir, [...args, '--force']);
    expect(snapshot(dir)).toEqual(first);
    await ok(dir, [...args, '--force']);
    expect(snapshot(dir)).toEqual(first);
  });

  describe('in a project with its own batch group, as the kubebuilder book\'s', () => {
    let tutorial: string;
    let cleanupTutorial: () => void;
    beforeEach(async () => {
      ({ dir: tutorial, cleanup: cleanupTutorial } = tempProjectDir('tutorial'));
      await ok(tutorial, ['init', '--domain', 'tutorial.kubebuilder.io', ...noInstall]);
      await ok(tutorial, ['create', 'api', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob', ...noMake]);
    });
    afterEach(() => cleanupTutorial());
    const own = 'this project\'s group batch.tutorial.kubebuilder.io (kinds: v1 CronJob)';

    it('a built-in kind that is not the project\'s is taken as the built-in one, and the command says so', async () => {
      const run = await ok(tutorial, ['create', 'webhook', '--group', 'batch', '--version', 'v1', '--kind', 'Job', '--defaulting', ...noMake]);
      expect(run.stderr).toContain(`"batch" is both ${own} and Kubernetes' batch group; Job is not one of the project's kinds, so this is for the built-in batch/v1 Job`);
      expect(read(tutorial, 'src/webhooks/batch/v1/job_webhook.ts')).toContain('groups=batch,resources=jobs,');
      // The project's own kind is the project's: no word about the built-in one.
      const ownRun = await ok(tutorial, ['create', 'webhook', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob', '--defaulting', ...noMake]);
      expect(ownRun.stderr).toBe('');
    });

    it.each([
      ['Nope', `error: batch/v1 has no kind Nope in Kubernetes' batch group (Kubernetes 1.34-1.36); "batch" is also ${own}, which has no v1 Nope either: the built-in batch/v1 kinds are CronJob, Job\n`],
      ['Cronjob', `error: batch/v1 has no kind Cronjob in Kubernetes' batch group (Kubernetes 1.34-1.36); "batch" is also ${own}, which has no v1 Cronjob either: did you mean the built-in CronJob, or the project's CronJob?\n`],
    ])('a kind that is neither is refused, naming both groups, and nothing is written (%s)', async (kind, message) => {
      const before = snapshot(tutorial);
      const run = await runCli(tutorial, ['create', 'webhook', '--group', 'batch', '--version', 'v1', '--kind', kind, '--defaulting', ...noMake]);
      expect(run.stderr).toBe(message);
      expect(run.code).toBe(1);
      expect(snapshot(tutorial)).toEqual(before);
    });
  });

  it('a webhook for a built-in kind the runtime has no descriptor for defines one', async () => {
    await ok(dir, ['create', 'webhook', '--group', 'networking', '--version', 'v1', '--kind', 'Ingress', '--programmatic-validation', ...noMake]);
    const file = read(dir, 'src/webhooks/networking/v1/ingress_webhook.ts');
    expect(file).toContain("export const Ingress = defineKind<");
    expect(file).toContain("group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', plural: 'ingresses', namespaced: true,");
    expect(file).toContain('groups=networking.k8s.io,resources=ingresses,');
    expect(file).toContain('implements CustomValidator<ObjectOf<typeof Ingress>>');
    const test = read(dir, 'test/webhooks/networking/v1/ingress_webhook.test.ts');
    expect(test).toContain("import type { Ingress } from '../../../../src/webhooks/networking/v1/ingress_webhook.js';");
    expect((parse(read(dir, 'PROJECT')) as { resources: Array<Record<string, unknown>> }).resources[1]).toEqual({ core: true, domain: 'k8s.io', group: 'networking', kind: 'Ingress', version: 'v1', webhooks: { validation: true, webhookVersion: 'v1' } });
  });
});
