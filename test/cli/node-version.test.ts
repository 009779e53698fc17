// Too old a Node.js is refused in one line, naming the version found and the one needed (package.json's
// engines.node), by the CLI and by a generated project's manager and tests, before anything that
// would fail without saying why (undici inside @kubernetes/client-node) is loaded. The runs below fake
// the version with a preloaded module, as an older Node would report it in process.versions.node.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unsupportedNode } from '../../bin/node-version.js';
import { noInstall, ok, snapshot, tempProjectDir } from './run-cli.js';

const repo = resolve(import.meta.dirname, '..', '..');
const engine = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const floor = /^>=(\d+\.\d+\.\d+)$/.exec(engine)![1];
const tooOld = '22.18.0';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function tempDir(name = 'demo'): string {
  const { dir, cleanup } = tempProjectDir(name);
  cleanups.push(cleanup);
  return dir;
}

/** A module to preload (`--import`) that makes this Node report `version`. */
function fakeNode(dir: string, version: string): string {
  const file = join(dir, '..', `node-${version}.mjs`);
  writeFileSync(file, `Object.defineProperty(process.versions, 'node', { value: ${JSON.stringify(version)} });\n`);
  return file;
}

/** The environment of a child process, without this vitest run's own variables. */
function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS')), ...extra };
}

describe('unsupportedNode (bin/node-version.js)', () => {
  it('compares versions by number, against a ">=X.Y.Z" range', () => {
    expect(unsupportedNode('22.19.0', '>=22.19.0')).toBeUndefined();
    expect(unsupportedNode('22.20.1', '>=22.19.0')).toBeUndefined();
    expect(unsupportedNode('24.0.0', '>=22.19.0')).toBeUndefined();
    expect(unsupportedNode('22.9.0', '>=22.19.0')).toMatch(/needs Node\.js 22\.19\.0 or newer .* this is Node\.js 22\.9\.0/);
    expect(unsupportedNode('20.19.5', '>=22.19.0')).toMatch(/this is Node\.js 20\.19\.5/);
    expect(unsupportedNode('22.18.0', '>=22.19.0')).toMatch(/this is Node\.js 22\.18\.0/);
  });
});

describe('the CLI on too old a Node.js', () => {
  it('refuses in one line naming the version found and the floor of package.json, and writes nothing', () => {
    const dir = tempDir();
    const run = spawnSync(process.execPath, ['--import', fakeNode(dir, tooOld), join(repo, 'bin', 'scaffolder.js'), 'init', ...noInstall], {
      cwd: dir, env: childEnv(), encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`scaffolder needs Node.js ${floor} or newer (engines.node "${engine}" in its package.json), but this is Node.js ${tooOld}`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('runs on the floor version itself', () => {
    const dir = tempDir();
    const run = spawnSync(process.execPath, ['--import', fakeNode(dir, floor), join(repo, 'bin', 'scaffolder.js'), 'version'], { cwd: dir, env: childEnv(), encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^scaffolder /);
  });
});

describe('a generated project on too old a Node.js', () => {
  /** A new project whose node_modules holds this repository's packages and this package as kubescaffolder. */
  async function project(): Promise<string> {
    const dir = tempDir();
    await ok(dir, ['init', ...noInstall]);
    mkdirSync(join(dir, 'node_modules'));
    for (const name of readdirSync(join(repo, 'node_modules'))) symlinkSync(join(repo, 'node_modules', name), join(dir, 'node_modules', name));
    symlinkSync(repo, join(dir, 'node_modules', 'kubescaffolder'), 'dir');
    return dir;
  }

  it('the manager (src/main.ts) and the tests (vitest.config.ts) refuse in one line; on the floor version they go on', async () => {
    const dir = await project();
    const refusal = `this project needs Node.js ${floor} or newer (engines.node "${engine}" in package.json), but this is Node.js ${tooOld}`;
    const engines = (JSON.parse(snapshot(dir)['package.json']) as { engines: unknown }).engines;
    expect(engines).toEqual({ node: engine });

    const manager = (version: string) => spawnSync(process.execPath, ['--import', fakeNode(dir, version), '--import', 'tsx', 'src/main.ts'], {
      cwd: dir, env: childEnv({ KUBECONFIG: join(dir, 'no-such-kubeconfig') }), encoding: 'utf8',
    });
    const old = manager(tooOld);
    expect(old.status).toBe(1);
    expect(old.stderr.trimEnd().split('\n')).toEqual([refusal]);
    // On the floor version the manager starts, and stops at the missing kubeconfig.
    const supported = manager(floor);
    expect(supported.stderr).not.toContain('needs Node.js');
    expect(supported.stderr).toMatch(/unable to start manager/);

    const tests = spawnSync(process.execPath, [join(repo, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], {
      cwd: dir, env: childEnv({ NODE_OPTIONS: `--import ${fakeNode(dir, tooOld)}` }), encoding: 'utf8',
    });
    expect(tests.status).toBe(1);
    expect(tests.stderr.trimEnd().split('\n')).toEqual([refusal]);
  }, 60_000);
});
