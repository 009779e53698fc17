// The published path, for real: kubescaffolder published to a local registry (verdaccio, on
// 127.0.0.1, with a temporary config and storage; every other package proxied from the registry npm
// uses), `npx kubescaffolder init` from it in an empty directory, the project committed and cloned
// into other folders, and there the run steps of its scaffolded GitHub workflows that need no Docker
// and no cluster (`npm ci`, `make lint`, `make test`).
// Slow (several npm installs): a fast run leaves it out with --exclude '**/*.e2e.test.ts'.
// Skipped with one line when the registry cannot start.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '../../src/testing/environment/free-port.js';
import { npm, skipWhenRegistryRefusesLock } from '../support/npm.js';
import { runAsync } from '../support/run-async.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'scaffolder-registry-'));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
// A version of its own per run, so that no cache (npm's, npx's) can hand back another run's package.
const version = `${(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version}-registry.${Date.now()}`;

interface Run { code: number | null; out: string }

/** A command's exit code and output (stdout, then stderr), without blocking this process (the registry runs in a child). */
async function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  try {
    const r = await runAsync(cmd, args, { cwd, env });
    return { code: r.code, out: r.stdout + r.stderr };
  } catch (err) {
    return { code: null, out: (err as Error).message };
  }
}

async function ok(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  const r = await run(cmd, args, cwd, env);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.code} in ${cwd}:\n${r.out}`);
  return r.out;
}

/** verdaccio on a free loopback port, or why it did not start. */
async function startRegistry(): Promise<{ url: string; stop(): void } | { error: string }> {
  const dir = join(work, 'registry');
  mkdirSync(dir);
  const upstream = (await run(npm, ['config', 'get', 'registry'], work)).out.trim() || 'https://registry.npmjs.org/';
  writeFileSync(join(dir, 'config.yaml'), [
    `storage: ${JSON.stringify(join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
    '    max_users: 10',
    'uplinks:',
    '  upstream:',
    `    url: ${JSON.stringify(upstream)}`,
    '    timeout: 120s',
    'packages:',
    "  'kubescaffolder':",
    '    access: $all',
    '    publish: $authenticated',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    proxy: upstream',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n'));
  const port = await freePort('127.0.0.1');
  const url = `http://127.0.0.1:${port}/`;
  const bin = join(repoRoot, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  if (!existsSync(bin)) return { error: 'verdaccio is not installed (npm ci)' };
  const child = spawn(process.execPath, [bin, '--config', join(dir, 'config.yaml'), '--listen', `127.0.0.1:${port}`], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d: Buffer) => { log += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { log += d.toString(); });
  const stop = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return { error: `verdaccio exited with ${child.exitCode}: ${log.trim().split('\n').pop() ?? ''}` };
    if (await fetch(`${url}-/ping`).then((r) => r.ok, () => false)) return { url, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  return { error: `verdaccio did not answer on ${url} within 60 s` };
}

const registry = await startRegistry();
if ('error' in registry) console.log(`registry test skipped: the local registry cannot start: ${registry.error}`);

describe.skipIf('error' in registry)('kubescaffolder published to a registry', () => {
  const { url } = registry as { url: string };
  // The publisher's settings hold its token; everyone else reads anonymously, as users of a public
  // registry do (with a token on every request verdaccio checked a bcrypt hash each time: about
  // 35 CPU-s of the init's install).
  const npmrc = join(work, 'npmrc');
  const publisherNpmrc = join(work, 'publisher-npmrc');
  // npm and npx as a user of the registry sees them: every package from it, and no setting of the
  // developer's. npm exports its settings to the scripts it runs (npm_config_*), so `npm test` would
  // hand its user's ~/.npmrc down: one with omit-lockfile-registry-resolved made the project's lock
  // name no tarball URL, and each clone's npm ci then asked the registry for every package again
  // (about 75 CPU-s of verdaccio's, and 75 s, per run).
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
  const env: NodeJS.ProcessEnv = { ...inherited, npm_config_registry: url, npm_config_userconfig: npmrc, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
  const app = join(work, 'empty', 'guestbook');
  const clone = join(work, 'elsewhere', 'one', 'level', 'deeper', 'guestbook');
  let initOutput = '';

  beforeAll(async () => {
    // A user of the registry, whose token publishes.
    const user = await fetch(`${url}-/user/org.couchdb.user:publisher`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'publisher', password: 'publisher-password' }) });
    const { token } = await user.json() as { token: string };
    writeFileSync(publisherNpmrc, `${url.replace(/^http:/, '')}:_authToken=${token}\n`);
    writeFileSync(npmrc, '');

    // The package as npm packs it (the files package.json lists; dist/ as the test run built it), at this run's version.
    const stage = join(work, 'stage');
    mkdirSync(stage);
    const [packed] = JSON.parse(await ok(npm, ['pack', repoRoot, '--ignore-scripts', '--json', '--pack-destination', stage], stage, env)) as Array<{ filename: string }>;
    await ok('tar', ['-xzf', packed.filename], stage, env);
    const manifest = join(stage, 'package', 'package.json');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')) as object, version }, null, 2) + '\n');
    await ok(npm, ['publish', join(stage, 'package'), '--ignore-scripts', '--tag', 'registry-test'], stage, { ...env, npm_config_userconfig: publisherNpmrc });

    mkdirSync(app, { recursive: true });
    initOutput = await ok(npx, ['--yes', `kubescaffolder@${version}`, 'init', '--domain', 'my.domain'], app, env);
    // A kind with a controller, its test and a sample, so that npm test reconciles something.
    await ok(join(app, 'node_modules', '.bin', 'scaffolder'), ['create', 'api', '--group', 'webapp', '--version', 'v1', '--kind', 'Guestbook'], app, env);
    const git = (...args: string[]) => ok('git', ['-c', 'user.name=Jane Doe', '-c', 'user.email=jane@example.com', ...args], app, env);
    await git('init', '--quiet', '--initial-branch=main');
    await git('add', '--all');
    await git('commit', '--quiet', '-m', 'guestbook');
    mkdirSync(join(clone, '..'), { recursive: true });
    await ok('git', ['clone', '--quiet', app, clone], work, env);
  }, 900_000);

  // Three projects' node_modules: removed without blocking, with time for a loaded machine.
  afterAll(async () => {
    (registry as { stop(): void }).stop();
    await rm(work, { recursive: true, force: true });
  }, 300_000);

  it('npx kubescaffolder init depends on the release by a semver range, vendors nothing, and shows npm install progressing', () => {
    const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies.kubescaffolder).toBe(`^${version}`);
    expect(existsSync(join(app, 'vendor'))).toBe(false);
    // The CLI's library bundles (and the messages yargs reads beside its own) ship in the package.
    const installed = join(app, 'node_modules', 'kubescaffolder', 'dist', 'cli-libraries');
    for (const file of ['yaml.mjs', 'diff-create-patch.mjs', 'yargs/yargs.cjs', 'locales/en.json']) expect(existsSync(join(installed, file)), file).toBe(true);
    expect(readFileSync(join(app, 'PROJECT'), 'utf8')).toMatch(new RegExp(`^cliVersion: ${version.replace(/\./g, '\\.')}$`, 'm'));
    expect(initOutput).toMatch(/^running npm install\.\.\.\n(?: {2}npm install: (?:resolving, \d+ packages looked up|\d+ packages fetched(?:, unpacking and linking)?) \(\d+ s\)\.\.\.\n)+ {2}npm install: added \d+ packages/m);
    // The lock names the release, and no path of this machine.
    const lockText = readFileSync(join(app, 'package-lock.json'), 'utf8');
    const lock = JSON.parse(lockText) as { packages: Record<string, { version?: string; link?: boolean; resolved?: string }> };
    // With its tarball's URL, so that a clone's npm ci installs from the lock (and npm's cache) alone.
    expect(lock.packages['node_modules/kubescaffolder']).toMatchObject({ version, resolved: `${url}kubescaffolder/-/kubescaffolder-${version}.tgz` });
    expect(lock.packages['node_modules/kubescaffolder'].link).toBeUndefined();
    expect(lockText).not.toContain('file:');
    expect(lockText).not.toContain(work);
  });

  // The workflows' steps are what a clone of the project runs; test.yml's (`npm ci`, then `make test`,
  // which is `make manifests` and `npm test`) is where npm ci and the tests are checked. Each
  // workflow runs in a clone of its own, all at once, as GitHub runs them on runners of their own.
  it("clones of the project in another folder run the run steps of its GitHub workflows that need no Docker and no cluster: npm ci runs no install script of kubescaffolder, and npm test passes quietly", async (context) => {
    await skipWhenRegistryRefusesLock(context, 'registry workflows test', clone, env);
    const workflows = readdirSync(join(clone, '.github', 'workflows')).sort();
    expect(workflows).toEqual(['lint.yml', 'test-e2e.yml', 'test.yml']);
    const runWorkflow = async (file: string): Promise<Array<{ step: string; out: string }>> => {
      const workflow = parse(readFileSync(join(clone, '.github', 'workflows', file), 'utf8')) as { jobs: Record<string, { steps: Array<{ run?: string }> }> };
      const steps = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((s) => (s.run === undefined ? [] : [s.run])));
      // The e2e workflow installs kind and makes a cluster with Docker.
      if (steps.some((s) => /\bkind\b|docker/.test(s))) return [];
      const dir = join(clone, '..', file.replace(/\.yml$/, ''), 'guestbook');
      await ok('git', ['clone', '--quiet', app, dir], work, env);
      const ran = [];
      for (const step of steps) {
        const r = await run('bash', ['-e', '-c', step], dir, { ...env, CI: 'true' });
        expect(r.code, `${file}: ${step}\n${r.out}`).toBe(0);
        ran.push({ step: `${file}: ${step.trim().replace(/\n/g, '; ')}`, out: r.out });
      }
      return ran;
    };
    const ran = (await Promise.all(workflows.map(runWorkflow))).flat();
    expect(ran.map((r) => r.step)).toEqual(['lint.yml: npm ci', 'lint.yml: make lint', 'test.yml: npm ci; make test']);
    const test = ran[2].out;
    expect(test).not.toMatch(/kubescaffolder@.*(prepare|install)/);
    expect(stripVTControlCharacters(test)).toMatch(/Test Files\s+\d+ passed/);
    // The manager's log lines (a JSON line per reconcile) are kept for tests that fail.
    expect(test).not.toContain('"msg":');
  }, 900_000);
});
