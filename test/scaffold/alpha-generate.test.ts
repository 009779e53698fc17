// `scaffolder alpha generate` makes every golden project again from its PROJECT file alone, file for
// file: what the user changed by hand (the GoldenEdit steps) is the only difference, as with
// kubebuilder's alpha generate, which replays the commands PROJECT records.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPatch } from 'diff';
import { afterAll, describe, expect, it } from 'vitest';
import { generateGoldenProject, goldenEditedFiles, goldenProjects, readTree, scaffolderPathPlaceholder } from '../../scripts/golden-sequence.js';
import { runCli, snapshot } from '../cli/run-cli.js';

const goldenRoot = join(import.meta.dirname, '..', 'golden');
const work = mkdtempSync(join(tmpdir(), 'scaffolder-alpha-generate-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The tree with package.json's machine-dependent `file:` path of scaffolder replaced, as the goldens have it. */
function normalizedTree(dir: string): Map<string, string> {
  const tree = readTree(dir);
  tree.set('package.json', tree.get('package.json')!.replace(/"file:[^"]*"/, `"${scaffolderPathPlaceholder}"`));
  // The kubescaffolder tarball init vendors from this checkout, which the golden projects leave out.
  for (const path of [...tree.keys()]) if (path.startsWith('vendor/')) tree.delete(path);
  return tree;
}

function differences(expected: Map<string, string>, actual: Map<string, string>): string[] {
  return [...new Set([...expected.keys(), ...actual.keys()])].sort().filter((f) => expected.get(f) !== actual.get(f));
}

function patches(expected: Map<string, string>, actual: Map<string, string>, files: string[]): string {
  return files.map((f) => createPatch(f, expected.get(f) ?? '', actual.get(f) ?? '', 'expected', 'alpha generate')).join('\n');
}

describe.each(Object.keys(goldenProjects))('alpha generate of golden project %s', (name) => {
  const ranManifests = goldenProjects[name].some((step) => Array.isArray(step) && step[0] === 'manifests');
  const edited = goldenEditedFiles(name);

  it('scaffolds it again file for file from its PROJECT file (the hand edits aside)', async () => {
    const input = join(work, 'input', name);
    cpSync(join(goldenRoot, name), input, { recursive: true });
    const output = join(work, 'output', name);
    // No SOURCE_DATE_EPOCH: the license headers keep the year of the project's hack/boilerplate.ts.txt.
    const run = await runCli(work, ['alpha', 'generate', '--input-dir', input, '--output-dir', output, '--install=false', `--make=${ranManifests}`]);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toMatch(/^\$ scaffolder init --domain \S+ --project-name \S+ /m);
    const actual = normalizedTree(output);
    // The input is left as it was.
    expect(normalizedTree(input)).toEqual(readTree(join(goldenRoot, name)));

    const golden = readTree(join(goldenRoot, name));
    if (edited.length === 0) {
      const diff = differences(golden, actual);
      expect(diff, patches(golden, actual, diff)).toEqual([]);
      return;
    }
    // The project as its sequence scaffolds it without the hand edits ...
    const scaffolded = join(work, 'scaffolded', name);
    await generateGoldenProject(name, scaffolded, { userEdits: false });
    const expected = readTree(scaffolded);
    const diff = differences(expected, actual);
    expect(diff, patches(expected, actual, diff)).toEqual([]);
    // ... differs from the golden project only in the edited files and the manifests generated from them.
    // (grafana's custom-metrics dashboard is written from the edited custom-metrics config.yaml.)
    const derived = (f: string) => f.startsWith('config/crd/bases/') || f === 'config/rbac/role.yaml' || f === 'grafana/custom-metrics/custom-metrics-dashboard.json';
    const fromEdits = differences(golden, actual).filter((f) => !edited.includes(f) && !derived(f));
    expect(fromEdits).toEqual([]);
    expect(differences(golden, actual)).toEqual(expect.arrayContaining(edited));
  }, 120_000);
});

// What the golden projects do not record: named controllers, a kind of another project, an API created
// before `edit --multigroup` (it keeps api/<version>/) and another Kubernetes release for the CRDs. The
// sequence is in the order the replay takes (PROJECT records no other): a kind's named controllers right
// after it, or right after `edit --multigroup` for a kind from before it.
it('replays named controllers, external kinds, APIs from before edit --multigroup and kubernetesVersion', async () => {
  const made = join(work, 'replay', 'fleet');
  mkdirSync(made, { recursive: true });
  const noMake = '--make=false';
  for (const args of [
    ['init', '--domain', 'example.com', '--install=false'],
    ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', noMake],
    ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--defaulting', noMake],
    ['edit', '--multigroup'],
    ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource=false', '--controller-name', 'captain-backup', noMake],
    ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', '--namespaced=false', noMake],
    ['create', 'api', '--group', 'cert-manager', '--version', 'v1', '--kind', 'Certificate', '--resource=false', '--controller', '--external-api-path', '@example/cert-manager-types/v1', '--external-api-domain', 'io', noMake],
    ['edit', '--kubernetes-version', '1.35'],
  ]) {
    const run = await runCli(made, args);
    expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
  }
  const output = join(work, 'replay', 'again');
  const run = await runCli(work, ['alpha', 'generate', '--input-dir', made, '--output-dir', output, '--install=false', '--make=false']);
  expect(run.code, run.stderr + run.stdout).toBe(0);
  expect(run.stdout).toContain('$ scaffolder edit --multigroup\n');
  expect(run.stdout).toContain('$ scaffolder create api --group crew --version v1 --kind Captain --resource --namespaced=true --controller=true --make=false\n$ scaffolder create webhook');
  expect(run.stdout).toContain('$ scaffolder edit --multigroup\n$ scaffolder create api --group crew --version v1 --kind Captain --resource=false --controller --controller-name captain-backup --make=false\n');
  const expected = normalizedTree(made);
  const actual = normalizedTree(output);
  const diff = differences(expected, actual);
  expect(diff, patches(expected, actual, diff)).toEqual([]);
}, 120_000);

describe('alpha generate', () => {
  const project = join(work, 'cli', 'guestbook');
  const setup = async () => {
    rmSync(join(work, 'cli'), { recursive: true, force: true });
    cpSync(join(goldenRoot, 'project-v1-builtin'), project, { recursive: true });
  };

  it('in place: refused without --force, and nothing changes (--force: alpha-generate-in-place.test.ts)', async () => {
    await setup();
    writeFileSync(join(project, 'NOTES.md'), 'mine\n');
    const before = snapshot(project);
    const refused = await runCli(project, ['alpha', 'generate', '--install=false', '--make=false']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('pass --force to do so, or --output-dir to write the new scaffold elsewhere');
    expect(snapshot(project)).toEqual(before);
  });

  it('refuses a non-empty --output-dir, a missing PROJECT and an invalid one, naming file and line, and writes nothing', async () => {
    await setup();
    const output = join(work, 'cli', 'out');
    mkdirSync(output);
    writeFileSync(join(output, 'keep.txt'), 'x');
    const busy = await runCli(project, ['alpha', 'generate', '--output-dir', output, '--install=false']);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toBe(`error: --output-dir ${output} is not an empty directory; alpha generate writes a whole project there\n`);

    const missing = await runCli(work, ['alpha', 'generate', '--input-dir', join(work, 'cli', 'nothing'), '--output-dir', join(work, 'cli', 'new')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${join(work, 'cli', 'nothing', 'PROJECT')} not found`);

    const file = join(project, 'PROJECT');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^cliVersion: .*$/m, 'cliVersion: latest'));
    const invalid = await runCli(project, ['alpha', 'generate', '--output-dir', join(work, 'cli', 'new'), '--install=false']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toBe(`error: ${file}:4: invalid cliVersion "latest": must be a scaffolder release version (semver, e.g. 0.1.0 or 1.2.0-rc.1)\n`);
    expect(readdirSync(join(work, 'cli')).sort()).toEqual(['guestbook', 'out']);
    expect(readdirSync(output)).toEqual(['keep.txt']);
  });

  it('writes nothing when a replayed command fails, and names it', async () => {
    await setup();
    const file = join(project, 'PROJECT');
    // A spoke PROJECT names but does not list as an API: create webhook --conversion refuses it.
    writeFileSync(file, readFileSync(file, 'utf8').replace('    webhooks:\n      defaulting: true', '    webhooks:\n      conversion: true\n      spoke:\n        - v2\n      defaulting: true'));
    const output = join(work, 'cli', 'new');
    const run = await runCli(project, ['alpha', 'generate', '--output-dir', output, '--install=false', '--make=false']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error: scaffolder create webhook --group core --version v1 --kind Pod --defaulting --programmatic-validation --conversion --spoke v2 --make=false failed (exit 1)');
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(join(work, 'cli'))).toEqual(['guestbook']);
  });

  it('refuses plugins PROJECT records that this scaffolder lacks (the new scaffold would lose what they wrote)', async () => {
    await setup();
    const file = join(project, 'PROJECT');
    writeFileSync(file, `${readFileSync(file, 'utf8')}plugins:\n  grafana.kubebuilder.io/v1-alpha: {}\n`);
    const run = await runCli(project, ['alpha', 'generate', '--output-dir', join(work, 'cli', 'new'), '--install=false']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^error: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+: .*grafana\\.kubebuilder\\.io/v1-alpha`));
    expect(existsSync(join(work, 'cli', 'new'))).toBe(false);
  });

  it('--dry-run lists the commands it would replay and writes nothing', async () => {
    await setup();
    const run = await runCli(project, ['alpha', 'generate', '--dry-run', '--output-dir', join(work, 'cli', 'new'), '--install=false']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('  scaffolder '))).toEqual([
      "  scaffolder init --domain example.org --project-name project-v1-builtin --owner 'The Kubernetes authors' --license apache2 --install=false",
      '  scaffolder create api --group core --version v1 --kind Pod --resource=false --controller --make=false',
      '  scaffolder create webhook --group core --version v1 --kind Pod --defaulting --programmatic-validation --make=false',
      '  scaffolder create api --group apps --version v1 --kind Deployment --resource=false --controller --make=false',
      '  scaffolder manifests',
    ]);
    expect(existsSync(join(work, 'cli', 'new'))).toBe(false);
  });
});
