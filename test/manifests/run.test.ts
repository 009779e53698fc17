import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runManifests } from '../../src/generators/manifests/index.js';
import { eventually } from '../../src/testing/index.js';
import { conformanceDir as conformance, itShared, repoRoot } from '../support/shared.js';

const kubebuilderProjectV4 = path.join(conformance, 'kubebuilder', 'project-v4');
const fixtures = path.join(repoRoot, 'test', 'fixtures');

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'manifests-'));
  temps.push(dir);
  return dir;
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (s: string) => void out.push(s), stderr: (s: string) => void err.push(s) }, out, err, text: () => out.join(''), errors: () => err.join('') };
}

const docs = (file: string) => parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS() as unknown);

/**
 * project-v4 rebuilt in TypeScript: API types, controllers and webhooks. Its PROJECT holds the one
 * field manifests reads from kubebuilder's (the name), so the tests that do not compare with
 * kubebuilder's output run without ../shared.
 */
function projectV4(): string {
  const dir = tempDir();
  cpSync(path.join(fixtures, 'crd', 'project-v4', 'api'), path.join(dir, 'api'), { recursive: true });
  cpSync(path.join(fixtures, 'rbac', 'project-v4'), path.join(dir, 'src', 'controllers'), { recursive: true });
  cpSync(path.join(fixtures, 'webhook', 'kubebuilder', 'project-v4', 'internal', 'webhook', 'v1'), path.join(dir, 'src', 'webhook', 'v1'), { recursive: true });
  writeFileSync(path.join(dir, 'PROJECT'), 'domain: example.com\nlayout: [typescript.scaffolder.dev/v1]\nprojectName: project-v4\nversion: "3"\n');
  return dir;
}

describe('runManifests', () => {
  itShared(kubebuilderProjectV4, 'writes CRDs, role.yaml and webhook manifests for project-v4', async () => {
    const dir = projectV4();
    const c = capture();
    expect(await runManifests({ projectDir: dir }, c.io)).toBe(0);
    expect(c.errors()).toBe('');
    expect(docs(path.join(dir, 'config', 'rbac', 'role.yaml'))).toEqual(docs(path.join(kubebuilderProjectV4, 'role.yaml')));
    expect(docs(path.join(dir, 'config', 'webhook', 'manifests.yaml'))).toEqual(docs(path.join(kubebuilderProjectV4, 'manifests.yaml')));
    const goldenCrds = readdirSync(kubebuilderProjectV4).filter((f) => f.startsWith('crew.'));
    expect(readdirSync(path.join(dir, 'config', 'crd', 'bases')).sort()).toEqual(goldenCrds.sort());
    expect(c.text()).toMatch(/wrote config\/rbac\/role.yaml/);

    // a second run changes nothing
    const again = capture();
    expect(await runManifests({ projectDir: dir }, again.io)).toBe(0);
    expect(again.text()).toMatch(/0 written, 7 unchanged/);
  });

  itShared(path.join(conformance, 'controller-gen', 'crd'), 'writes gen/bar.example.com_foos.yaml byte for byte as controller-gen does (but for the tool annotation)', async () => {
    const out = tempDir();
    const c = capture();
    expect(await runManifests({ projectDir: path.join(fixtures, 'crd', 'gen'), paths: ['foo'], outputDir: out }, c.io)).toBe(0);
    const written = readFileSync(path.join(out, 'crd', 'bases', 'bar.example.com_foos.yaml'), 'utf8');
    const golden = readFileSync(path.join(conformance, 'controller-gen', 'crd', 'gen_bar.example.com_foos.yaml'), 'utf8');
    expect(written).toMatch(/^ {4}scaffolder\.dev\/version: \S+$/m);
    expect(written.replace(/^ {4}scaffolder\.dev\/version: \S+$/m, '    controller-gen.kubebuilder.io/version: (devel)')).toBe(golden);
  });

  it('drops descriptions with maxDescLen 0', async () => {
    const out = tempDir();
    expect(await runManifests({ projectDir: path.join(fixtures, 'crd', 'gen'), paths: ['foo'], outputDir: out, maxDescLen: 0 }, capture().io)).toBe(0);
    expect(readFileSync(path.join(out, 'crd', 'bases', 'bar.example.com_foos.yaml'), 'utf8')).not.toMatch(/description:/);
  });

  it('--check reports a diff and exit 1 when a file is out of date, and writes nothing', async () => {
    const dir = projectV4();
    expect(await runManifests({ projectDir: dir }, capture().io)).toBe(0);
    const ok = capture();
    expect(await runManifests({ projectDir: dir, check: true }, ok.io)).toBe(0);
    expect(ok.text()).toMatch(/7 files up to date/);

    const role = path.join(dir, 'config', 'rbac', 'role.yaml');
    const edited = readFileSync(role, 'utf8').replace('  - certificates/finalizers\n', '  - certificates/other\n');
    writeFileSync(role, edited);
    rmSync(path.join(dir, 'config', 'webhook', 'manifests.yaml'));
    const bad = capture();
    expect(await runManifests({ projectDir: dir, check: true }, bad.io)).toBe(1);
    expect(bad.text()).toContain('--- a/config/rbac/role.yaml');
    expect(bad.text()).toContain('-  - certificates/other');
    expect(bad.text()).toContain('+  - certificates/finalizers');
    expect(bad.text()).toContain('--- /dev/null');
    expect(bad.errors()).toMatch(/out of date: config\/rbac\/role.yaml, config\/webhook\/manifests.yaml/);
    expect(readFileSync(role, 'utf8')).toBe(edited);
    expect(existsSync(path.join(dir, 'config', 'webhook', 'manifests.yaml'))).toBe(false);
  });

  it('reports a malformed marker with file:line:column and writes nothing', async () => {
    const dir = projectV4();
    const ctrl = path.join(dir, 'src', 'controllers', 'admiral_controller.ts');
    writeFileSync(ctrl, readFileSync(ctrl, 'utf8').replace('resources=admirales,verbs=get;', 'resources=admirales,verbz=get;'));
    const c = capture();
    expect(await runManifests({ projectDir: dir }, c.io)).toBe(1);
    const line = readFileSync(ctrl, 'utf8').split('\n').findIndex((l) => l.includes('verbz')) + 1;
    expect(c.errors()).toMatch(new RegExp(`src/controllers/admiral_controller\\.ts:${line}:\\d+: error: invalid marker \\+kubebuilder:rbac: unknown argument "verbz" \\(did you mean "verbs"\\?\\)`));
    expect(c.errors()).toMatch(/nothing written/);
    expect(existsSync(path.join(dir, 'config'))).toBe(false);
  });

  it('warns about unknown markers, and fails on them under strict', async () => {
    const dir = projectV4();
    const types = path.join(dir, 'api', 'v1', 'admiral_types.ts');
    writeFileSync(types, readFileSync(types, 'utf8').replace(/^(export interface AdmiralSpec)/m, '// +kubebuilder:validation:MaxProperites=3\n$1'));
    const warn = capture();
    expect(await runManifests({ projectDir: dir }, warn.io)).toBe(0);
    expect(warn.errors()).toMatch(/api\/v1\/admiral_types\.ts:\d+:4: warning: unknown marker \+kubebuilder:validation:MaxProperites: did you mean \+kubebuilder:validation:MaxProperties\?/);
    const strict = capture();
    expect(await runManifests({ projectDir: dir, strict: true, outputDir: 'strict-out' }, strict.io)).toBe(1);
    expect(strict.errors()).toMatch(/error: unknown marker/);
    expect(existsSync(path.join(dir, 'strict-out'))).toBe(false);
  });

  it('makes the manager role a Role in the operator namespace for namespaced projects', async () => {
    const dir = projectV4();
    writeFileSync(path.join(dir, 'PROJECT'), `${readFileSync(path.join(dir, 'PROJECT'), 'utf8')}namespaced: true\n`);
    expect(await runManifests({ projectDir: dir }, capture().io)).toBe(0);
    const roles = docs(path.join(dir, 'config', 'rbac', 'role.yaml')) as { kind: string; metadata: { name: string; namespace?: string } }[];
    expect(roles.map((r) => [r.kind, r.metadata.name, r.metadata.namespace])).toEqual([['Role', 'manager-role', 'project-v4-system']]);
  });

  it('refuses modes that cannot go together before it reads anything', async () => {
    const dir = tempDir();
    for (const [options, message] of [
      [{ check: true, watch: true }, '--check and --watch cannot be used together'],
      [{ dryRun: true, watch: true }, '--dry-run and --watch cannot be used together'],
      [{ planned: new Map([['PROJECT', 'projectName: x\n']]) }, 'planned files are only read with dryRun'],
    ] as const) {
      const c = capture();
      // The missing source path is not what is reported: the modes are checked first.
      expect(await runManifests({ projectDir: dir, paths: ['missing'], ...options }, c.io)).toBe(1);
      expect(c.errors()).toBe(`manifests: ${message}\n`);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails clearly on a missing source path', async () => {
    const c = capture();
    expect(await runManifests({ projectDir: tempDir(), paths: ['nope'] }, c.io)).toBe(1);
    expect(c.errors()).toMatch(/source path nope does not exist/);
  });

  it('regenerates on save in watch mode', async () => {
    const dir = projectV4();
    const c = capture();
    const controller = new AbortController();
    const done = runManifests({ projectDir: dir, watch: true, signal: controller.signal }, c.io);
    await eventually(() => c.text().includes('manifests: watching'));
    const role = path.join(dir, 'config', 'rbac', 'role.yaml');
    expect(readFileSync(role, 'utf8')).not.toContain('leases');
    const ctrl = path.join(dir, 'src', 'controllers', 'sailor_controller.ts');
    writeFileSync(ctrl, readFileSync(ctrl, 'utf8').replace('export class', '// +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=get\n\nexport class'));
    await eventually(() => existsSync(role) && readFileSync(role, 'utf8').includes('leases'));
    // a new file is picked up too
    mkdirSync(path.join(dir, 'src', 'extra'));
    writeFileSync(path.join(dir, 'src', 'extra', 'events.ts'), '// +kubebuilder:rbac:groups=events.k8s.io,resources=events,verbs=create\nexport {};\n');
    await eventually(() => readFileSync(role, 'utf8').includes('events.k8s.io'));
    // and a deleted one drops its rules
    rmSync(path.join(dir, 'src', 'extra', 'events.ts'));
    await eventually(() => !readFileSync(role, 'utf8').includes('events.k8s.io'));
    // a half-written file is reported and changes nothing; the next save regenerates
    const before = readFileSync(role, 'utf8');
    writeFileSync(ctrl, readFileSync(ctrl, 'utf8').replace('resources=leases,verbs=get', 'resources=leases,verbs=get;watch').replace('export class', 'export clas'));
    await eventually(() => c.errors().includes('sailor_controller.ts'));
    expect(readFileSync(role, 'utf8')).toBe(before);
    writeFileSync(ctrl, readFileSync(ctrl, 'utf8').replace('export clas ', 'export class '));
    await eventually(() => readFileSync(role, 'utf8') !== before);
    expect(readFileSync(role, 'utf8')).toMatch(/- leases\n {2}verbs:\n {2}- get\n {2}- watch\n/);
    controller.abort();
    expect(await done).toBe(0);
  });
});

describe('syntax errors', () => {
  it('reports a TypeScript syntax error with its location and writes nothing', async () => {
    const dir = projectV4();
    const types = path.join(dir, 'api', 'v1', 'sailor_types.ts');
    writeFileSync(types, readFileSync(types, 'utf8').replace(/(export interface SailorSpec \{)/, '$1\n  broken: ;'));
    const c = capture();
    expect(await runManifests({ projectDir: dir }, c.io)).toBe(1);
    expect(c.errors()).toMatch(/api\/v1\/sailor_types\.ts:\d+:\d+: error: TypeScript syntax error: Type expected/);
    expect(existsSync(path.join(dir, 'config'))).toBe(false);
  });

  it.each([['  broken: ;', 'Type expected'], ['  broken: string[', "']' expected"], ['  broken: Map<string,', "'>' expected"]])(
    'reports only the syntax error of a file that does not parse (%s), not what the generators make of the recovered tree',
    async (field, syntax) => {
      const dir = projectV4();
      const types = path.join(dir, 'api', 'v1', 'sailor_types.ts');
      writeFileSync(types, readFileSync(types, 'utf8').replace(/(export interface SailorSpec \{)/, `$1\n${field}`));
      const c = capture();
      expect(await runManifests({ projectDir: dir }, c.io)).toBe(1);
      const lines = c.errors().trim().split('\n');
      expect(lines[0]).toMatch(new RegExp(`^api/v1/sailor_types\\.ts:\\d+:\\d+: error: TypeScript syntax error: ${syntax.replace(/[[\]]/g, '\\$&')}\\.$`));
      for (const line of lines.slice(0, -1)) expect(line).toMatch(/^api\/v1\/sailor_types\.ts:\d+:\d+: error: TypeScript syntax error: /);
      expect(lines.at(-1)).toMatch(/^manifests: \d+ errors?; nothing written$/);
    },
  );
});

describe('CEL rules', () => {
  it('reports a syntax error in an XValidation rule at its marker', async () => {
    const dir = projectV4();
    const types = path.join(dir, 'api', 'v1', 'sailor_types.ts');
    writeFileSync(types, readFileSync(types, 'utf8').replace(/^(export interface SailorSpec)/m, '// +kubebuilder:validation:XValidation:rule="self.foo == ",message="broken"\n$1'));
    const line = readFileSync(types, 'utf8').split('\n').findIndex((l) => l.includes('XValidation')) + 1;
    const c = capture();
    expect(await runManifests({ projectDir: dir }, c.io)).toBe(1);
    expect(c.errors()).toMatch(new RegExp(`api/v1/sailor_types\\.ts:${line}:\\d+: error: invalid CEL rule "self\\.foo == "`));
  });
  it('refuses a rule naming a field the schema does not have, at its marker, and writes nothing', async () => {
    const dir = projectV4();
    const types = path.join(dir, 'api', 'v1', 'sailor_types.ts');
    const marker = '// +kubebuilder:validation:XValidation:rule="self.configMapNam == \'\'",message="needs a name"';
    writeFileSync(types, readFileSync(types, 'utf8').replace(/^(export interface SailorSpec)/m, `${marker}\n$1`));
    const lines = readFileSync(types, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('configMapNam')) + 1;
    const column = lines[line - 1].indexOf('self.') + 1;
    const c = capture();
    expect(await runManifests({ projectDir: dir }, c.io)).toBe(1);
    expect(c.errors()).toContain(
      `api/v1/sailor_types.ts:${line}:${column}: error: CustomResourceDefinition "sailors.crew.testproject.org" is invalid: ` +
        'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: ' +
        '{"Rule":"self.configMapNam == \'\'","Message":"needs a name","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}: ' +
        "compilation failed: ERROR: <input>:1:5: undefined field 'configMapNam'\n | self.configMapNam == ''\n | ....^\n",
    );
    expect(existsSync(path.join(dir, 'config'))).toBe(false);
  });

  it('refuses a rule over the cost budget with the estimate, the budget and the API server\'s hint; maxItems and maxLength bring it under', async () => {
    const dir = projectV4();
    const types = path.join(dir, 'api', 'v1', 'sailor_types.ts');
    const original = readFileSync(types, 'utf8');
    const withField = (bounds: string) =>
      original.replace(/^(\s*foo\?: string;)/m, `$1\n  // +kubebuilder:validation:XValidation:rule="self.all(a, self.exists_one(b, a == b))",message="unique"\n${bounds}  tags?: string[];`);
    writeFileSync(types, withField(''));
    const c = capture();
    expect(await runManifests({ projectDir: dir }, c.io)).toBe(1);
    const line = readFileSync(types, 'utf8').split('\n').findIndex((l) => l.includes('exists_one')) + 1;
    expect(c.errors()).toMatch(
      new RegExp(
        `api/v1/sailor_types\\.ts:${line}:\\d+: error: CustomResourceDefinition "sailors\\.crew\\.testproject\\.org" is invalid: ` +
          'spec\\.validation\\.openAPIV3Schema\\.properties\\[spec\\]\\.properties\\[tags\\]\\.x-kubernetes-validations\\[0\\]\\.rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x ' +
          '\\(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared\\) \\[estimated cost \\d+, budget 10000000\\]',
      ),
    );
    expect(existsSync(path.join(dir, 'config'))).toBe(false);

    writeFileSync(types, withField('  // +kubebuilder:validation:MaxItems=20\n  // +kubebuilder:validation:items:MaxLength=64\n'));
    const bounded = capture();
    expect(await runManifests({ projectDir: dir }, bounded.io)).toBe(0);
    expect(bounded.errors()).toBe('');
  });
});

describe('writing', () => {
  it('changes nothing when one output cannot be written', async () => {
    const dir = projectV4();
    const out = path.join(dir, 'out');
    mkdirSync(out);
    // a file where the webhook folder has to be: that output fails, the others must not be written either
    writeFileSync(path.join(out, 'webhook'), 'in the way');
    const c = capture();
    expect(await runManifests({ projectDir: dir, outputDir: 'out' }, c.io)).toBe(1);
    expect(c.errors()).toMatch(/cannot write the output, nothing changed/);
    expect(readdirSync(out)).toEqual(['webhook']);
  });

  it('refuses to write through a symbolic link that leaves the project, writing nothing', async () => {
    const dir = projectV4();
    const outside = realpathSync(tempDir());
    mkdirSync(path.join(dir, 'config'));
    symlinkSync(outside, path.join(dir, 'config', 'crd'));
    const c = capture();
    expect(await runManifests({ projectDir: dir }, c.io)).toBe(1);
    expect(c.errors()).toMatch(/cannot write the output, nothing changed: config\/crd\/bases\/\S+\.yaml: resolves to \S+ through a symbolic link, outside the project root/);
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(path.join(dir, 'config'))).toEqual(['crd']);
  });

  it('writes to an --output-dir outside the project that the user chose', async () => {
    const dir = projectV4();
    const out = path.join(tempDir(), 'out');
    const c = capture();
    expect(await runManifests({ projectDir: dir, outputDir: out }, c.io)).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['crd', 'rbac', 'webhook']);
  });

  it('an enum and a default holding U+2028/U+2029 read back from the CRD unchanged', async () => {
    const dir = projectV4();
    const types = path.join(dir, 'api', 'v1', 'admiral_types.ts');
    writeFileSync(types, readFileSync(types, 'utf8').replace('  // +optional\n  foo?: string;', '  // +optional\n  // +kubebuilder:validation:Enum="a\\u2028b";"c\\u2029d"\n  // +kubebuilder:default="a\\u2028b"\n  foo?: string;'));
    const c = capture();
    expect(await runManifests({ projectDir: dir }, c.io)).toBe(0);
    const text = readFileSync(path.join(dir, 'config', 'crd', 'bases', 'crew.testproject.org_admirales.yaml'), 'utf8');
    expect(text).not.toMatch(/[\u2028\u2029]/);
    const crd = docs(path.join(dir, 'config', 'crd', 'bases', 'crew.testproject.org_admirales.yaml'))[0] as { spec: { versions: Array<{ schema: { openAPIV3Schema: { properties: { spec: { properties: { foo: unknown } } } } } }> } };
    expect(crd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.foo).toMatchObject({ type: 'string', default: 'a\u2028b', enum: ['a\u2028b', 'c\u2029d'] });
  });
});
