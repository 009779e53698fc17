// Keeps the example projects under examples/ honest: for each, its recorded scaffold.sh still
// reproduces its scaffolding, its manifests are up to date (`scaffolder manifests --check` with the
// flags of its own `manifests` script), its config/default builds with kubectl kustomize, it
// type-checks and builds, its manager starts against a test API server and stops cleanly, and its
// own test suite passes against the test API server, and against etcd + kube-apiserver when they are
// built (npm run tools:kubernetes). The examples run on the checkout's
// package, compiled from the current sources once for the whole test run (vitest's global setup)
// and reached through node_modules/kubescaffolder links (scripts/examples/link-examples.ts); everything
// else they import resolves from the checkout's node_modules, so nothing is installed.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { ESLint } from 'eslint';
import { parseAllDocuments } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleNames, examplesDir, linkExample, repoRoot } from '../../scripts/examples/link-examples.js';
import { buildFiles, listFiles } from '../../scripts/examples/build-files.js';
import { startTestEnvironment } from '../../src/testing/index.js';
import { inProcessOnlyOfExample } from '../support/in-process-only.js';
import { hasKubernetesBinaries, kubernetesAssetsDir } from '../support/kubernetes-tools.js';
import { excludingTests, readVitestReport, reportArgs } from '../support/vitest-report.js';
import { projectTestTimeouts, scaled } from '../support/timeouts.js';

const exec = promisify(execFile);
const node = process.execPath;
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');

/** Runs a command; on failure the error carries its output, so the test report shows why. */
async function run(cmd: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}): Promise<string> {
  // A nested vitest must not believe it is a worker of this one.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
  try {
    const { stdout, stderr } = await exec(cmd, args, { cwd, env: { ...env, ...extraEnv, CI: 'true', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
    return stripVTControlCharacters(stdout + stderr);
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} (in ${relative(repoRoot, cwd) || '.'}) exited ${e.code}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
  }
}

/**
 * Every example type-checks and builds in one `tsc -b` (as their `npm run build`, tsc -p, would),
 * which parses the declaration files they share (@kubernetes/client-node's, the package's, Node's)
 * once instead of once per example. --force: each test run checks them again.
 */
let built: Promise<{ ok: boolean; output: string }> | undefined;
function buildExamples(): Promise<{ ok: boolean; output: string }> {
  // Every example reaches the package through its link, which its own describe block would make
  // only later: a fresh clone has none yet when the first block builds them all.
  if (built === undefined) for (const n of exampleNames()) linkExample(n);
  built ??= run(node, [tsc, '-b', '--force', ...exampleNames().map((n) => join(examplesDir, n, 'tsconfig.json'))], repoRoot)
    .then((output) => ({ ok: true, output }), (err: Error) => ({ ok: false, output: err.message }));
  return built;
}

/** A TCP port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `node dist/src/main.js` of a built example, without webhooks (they need certificates). */
async function startManager(dir: string, args: string[]) {
  let output = '';
  const child = spawn(node, [join('dist', 'src', 'main.js'), ...args], { cwd: dir, env: { ...process.env, ENABLE_WEBHOOKS: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    output: () => output,
    /** Polls the readiness endpoint until it answers 200; fails if the manager exits first. */
    async ready(url: string): Promise<void> {
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the manager exited with ${child.exitCode}:\n${output}`);
        const ok = await fetch(url).then((r) => r.ok, () => false);
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`the manager never became ready at ${url}:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /** SIGTERM, as Kubernetes stops a pod; the exit code. */
    async stop(): Promise<number | null> {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Every file under `dir`, relative, without node_modules and build output. Walked by hand: from Node 22
 * on, readdirSync's recursive mode follows symbolic links, and node_modules/kubescaffolder links to the
 * checkout, which holds this example again (the walk never ended; the worker ran out of memory).
 */
describe.each(exampleNames())('examples/%s', (name) => {
  const dir = join(examplesDir, name);
  let scaffolderBin = '';

  beforeAll(() => {
    // The checkout's compiled package (vitest's global setup compiles dist/ when src/ is newer).
    linkExample(name);
    scaffolderBin = join(repoRoot, 'bin', 'scaffolder.js');
  });

  it('is reproduced by its scaffold.sh: the same PROJECT, its build files as today\'s templates write them, and the scaffolded API and source files are there', async () => {
    const scratch = mkdtempSync(join(tmpdir(), `example-${name}-`));
    try {
      await run('sh', [join(dir, 'scaffold.sh')], scratch, { SCAFFOLDER: `${node} ${scaffolderBin}` });
      expect(readFileSync(join(scratch, 'PROJECT'), 'utf8')).toBe(readFileSync(join(dir, 'PROJECT'), 'utf8'));
      // Makefile, Dockerfile, hack/ ...: taken from the templates as they are (npm run examples:sync).
      const stale = buildFiles(scratch).filter((f) => !existsSync(join(dir, f)) || readFileSync(join(dir, f), 'utf8') !== readFileSync(join(scratch, f), 'utf8'));
      expect(stale, `differ from what scaffold.sh writes today; run npm run examples:sync`).toEqual([]);
      // What the create commands scaffold (types, controllers, webhooks, main); the example has since filled them in.
      const present = new Set(listFiles(dir));
      expect(listFiles(scratch).filter((f) => /^(api|src)\//.test(f) && !present.has(f))).toEqual([]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, scaled(300_000));

  it('runs on the Node and @kubernetes/client-node that kubescaffolder/runtime runs on, with the @types/node major client-node uses', () => {
    type Manifest = { engines?: { node?: string }; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    const own = read(join(repoRoot, 'package.json'));
    const example = read(join(dir, 'package.json'));
    expect(example.engines?.node).toBe(own.engines?.node);
    expect(example.dependencies?.['@kubernetes/client-node']).toBe(own.dependencies?.['@kubernetes/client-node']);
    const major = (range: string | undefined) => /\d+/.exec(range ?? '')?.[0];
    const clientNode = read(join(repoRoot, 'node_modules', '@kubernetes', 'client-node', 'package.json'));
    expect(major(example.devDependencies?.['@types/node'])).toBe(major(clientNode.dependencies?.['@types/node']));
  });

  it('passes its own ESLint (make lint: eslint.config.js, typescript-eslint type-checked)', async () => {
    const results = await new ESLint({ cwd: dir }).lintFiles(['.']);
    const findings = results.flatMap((r) => r.messages.map((m) => `${relative(dir, r.filePath)}:${m.line}:${m.column} ${m.ruleId ?? 'parse'}: ${m.message}`));
    expect(results.length).toBeGreaterThan(0);
    expect(findings).toEqual([]);
  }, scaled(300_000));

  it('has manifests that match its markers (scaffolder manifests --check)', async () => {
    const script = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['manifests'] ?? '';
    const words = script.split(/\s+/).filter(Boolean);
    expect(words.slice(0, 2)).toEqual(['scaffolder', 'manifests']);
    await run(node, [scaffolderBin, ...words.slice(1), '--check'], dir);
  }, scaled(300_000));

  it('has a config/default that kubectl kustomize builds, with its CRDs and the manager', async () => {
    const out = await run('kubectl', ['kustomize', 'config/default'], dir);
    const objects = parseAllDocuments(out).map((d) => d.toJS() as { kind?: string; metadata?: { name?: string } });
    const bases = join(dir, 'config', 'crd', 'bases');
    // A project with controllers for built-in kinds only has no CRDs.
    const crds = existsSync(bases) ? readdirSync(bases).filter((f) => f.endsWith('.yaml')) : [];
    expect(objects.filter((o) => o.kind === 'CustomResourceDefinition')).toHaveLength(crds.length);
    expect(objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata?.name)).toEqual([`${name}-controller-manager`]);
  }, scaled(300_000));

  it('type-checks and builds (tsc -b with the other examples, as npm run build)', async () => {
    const { ok, output } = await buildExamples();
    expect(ok, output).toBe(true);
    expect(existsSync(join(dir, 'dist', 'src', 'main.js'))).toBe(true);
  }, scaled(300_000));

  it('runs its built manager (as make run) against a test API server until SIGTERM', async () => {
    // Built by the test before; again when this one runs alone.
    if (!existsSync(join(dir, 'dist', 'src', 'main.js'))) await run(node, [tsc, '-p', 'tsconfig.json'], dir);
    const scratch = mkdtempSync(join(tmpdir(), `example-${name}-run-`));
    const bases = join(dir, 'config', 'crd', 'bases');
    const env = await startTestEnvironment({ crdDirectoryPaths: existsSync(bases) ? [bases] : [] });
    try {
      const kubeconfig = join(scratch, 'kubeconfig');
      await env.writeKubeconfig(kubeconfig);
      const port = await freePort();
      const manager = await startManager(dir, ['--kubeconfig', kubeconfig, `--health-probe-bind-address=127.0.0.1:${port}`]);
      try {
        await manager.ready(`http://127.0.0.1:${port}/readyz`);
      } finally {
        expect(await manager.stop(), manager.output()).toBe(0);
      }
    } finally {
      await env.stop();
      rmSync(scratch, { recursive: true, force: true });
      rmSync(join(dir, 'dist'), { recursive: true, force: true });
    }
  }, scaled(300_000));

  it('passes its own tests against the test API server', async () => {
    const timeouts = projectTestTimeouts();
    const out = await run(node, [vitest, 'run', ...timeouts.args], dir, timeouts.env);
    expect(out).toMatch(/Tests\s+\d+ passed/);
    expect(out).not.toMatch(/\d+ (failed|skipped)/);
  }, scaled(600_000));

  // The same suite on etcd + kube-apiserver: KUBEBUILDER_ASSETS reaches the example's own
  // startTestEnvironment calls, as it does for a user who points their tests at real binaries.
  // The tests that cannot hold there are those test/support/in-process-only.ts lists, with why.
  it.skipIf(!hasKubernetesBinaries())('passes its own tests against kube-apiserver (KUBEBUILDER_ASSETS), but for those listed in-process only', async () => {
    const listed = inProcessOnlyOfExample(name);
    const scratch = mkdtempSync(join(tmpdir(), `example-${name}-real-`));
    try {
      const report = join(scratch, 'report.json');
      const only = listed.length > 0 ? ['--testNamePattern', excludingTests(listed.map((e) => e.test!))] : [];
      // Failures are read from the report: the output holds the control plane's logs too.
      const timeouts = projectTestTimeouts();
      const out = await run(node, [vitest, 'run', ...timeouts.args, ...reportArgs(report), ...only], dir, { ...timeouts.env, KUBEBUILDER_ASSETS: kubernetesAssetsDir(), KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT: 'true' })
        .catch((err: Error) => err.message);
      if (!existsSync(report)) throw new Error(`vitest wrote no report:\n${out.split('\n').slice(-100).join('\n')}`);
      const outcomes = readVitestReport(report, dir);
      expect(outcomes.filter((o) => o.state === 'failed')).toEqual([]);
      // kube-apiserver's own log line: the suite ran on the binaries, not on the in-process server.
      expect(out).toMatch(/Serving securely on 127\.0\.0\.1:\d+/);
      const skipped = outcomes.filter((o) => o.state === 'skipped').map((o) => `examples/${name}/${o.file}: ${o.test}`);
      expect(skipped.sort()).toEqual(listed.map((e) => `${e.file}: ${e.test}`).sort());
      expect(outcomes.filter((o) => o.state === 'passed').length).toBeGreaterThan(0);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, scaled(600_000));
});
