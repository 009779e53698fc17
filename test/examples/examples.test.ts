// Keeps the example projects under examples/ honest: for each, its recorded scaffold.sh still
// reproduces its scaffolding, its manifests are up to date (`scaffolder manifests --check` with the
// flags of its own `manifests` script), its config/default builds with kubectl kustomize, it
// type-checks, and its own test suite passes against the test API server. The examples run on this checkout's build output (dist/) through
// node_modules/scaffolder links (scripts/examples/link-examples.ts); everything else they import
// resolves from the checkout's node_modules, so nothing is installed.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleNames, examplesDir, linkExample, repoRoot } from '../../scripts/examples/link-examples.js';

const exec = promisify(execFile);

/** Runs a command; on failure the error carries its output, so the test report shows why. */
async function run(cmd: string, args: string[], cwd: string): Promise<string> {
  // A nested vitest must not believe it is a worker of this one.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
  try {
    const { stdout, stderr } = await exec(cmd, args, { cwd, env: { ...env, CI: 'true', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
    return (stdout + stderr).replace(/\x1b\[[0-9;]*m/g, '');
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} (in ${relative(repoRoot, cwd) || '.'}) exited ${e.code}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

// The examples import the package's build output. CI builds it (`npm ci` runs `prepare`); a local
// run builds again only when src/ changed since.
let built: Promise<unknown> | undefined;
function ensureBuilt(): Promise<unknown> {
  const output = join(repoRoot, 'dist', 'src', 'index.js');
  const stale = !existsSync(output) || newestMtime(join(repoRoot, 'src')) > statSync(output).mtimeMs;
  built ??= stale ? run('npm', ['run', 'build'], repoRoot) : Promise.resolve();
  return built;
}

/** Every file under `dir`, relative, without node_modules and build output. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .filter((f) => !/^(node_modules|dist)\//.test(f))
    .sort();
}

const node = process.execPath;
const scaffolderBin = join(repoRoot, 'bin', 'scaffolder.js');
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');

describe.each(exampleNames())('examples/%s', (name) => {
  const dir = join(examplesDir, name);

  beforeAll(async () => {
    await ensureBuilt();
    linkExample(name);
  }, 300_000);

  it('is reproduced by its scaffold.sh: the same PROJECT, and every scaffolded file is there', async () => {
    const scratch = mkdtempSync(join(tmpdir(), `example-${name}-`));
    try {
      await run('sh', [join(dir, 'scaffold.sh')], scratch);
      expect(readFileSync(join(scratch, 'PROJECT'), 'utf8')).toBe(readFileSync(join(dir, 'PROJECT'), 'utf8'));
      const present = new Set(files(dir));
      expect(files(scratch).filter((f) => !present.has(f))).toEqual([]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 300_000);

  it('has manifests that match its markers (scaffolder manifests --check)', async () => {
    const script = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['manifests'] ?? '';
    const words = script.split(/\s+/).filter(Boolean);
    expect(words.slice(0, 2)).toEqual(['scaffolder', 'manifests']);
    await run(node, [scaffolderBin, ...words.slice(1), '--check'], dir);
  }, 300_000);

  it('has a config/default that kubectl kustomize builds, with its CRDs and the manager', async () => {
    const out = await run('kubectl', ['kustomize', 'config/default'], dir);
    const objects = parseAllDocuments(out).map((d) => d.toJS() as { kind?: string; metadata?: { name?: string } });
    const bases = join(dir, 'config', 'crd', 'bases');
    // A project with controllers for built-in kinds only has no CRDs.
    const crds = existsSync(bases) ? readdirSync(bases).filter((f) => f.endsWith('.yaml')) : [];
    expect(objects.filter((o) => o.kind === 'CustomResourceDefinition')).toHaveLength(crds.length);
    expect(objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata?.name)).toEqual([`${name}-controller-manager`]);
  }, 300_000);

  it('type-checks (tsc --noEmit)', async () => {
    await run(node, [tsc, '-p', 'tsconfig.json', '--noEmit'], dir);
  }, 300_000);

  it('passes its own tests against the test API server', async () => {
    const out = await run(node, [vitest, 'run'], dir);
    expect(out).toMatch(/Tests\s+\d+ passed/);
    expect(out).not.toMatch(/\d+ (failed|skipped)/);
  }, 600_000);
});
