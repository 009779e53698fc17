/**
 * What a command line loads before it runs: `--help` lists every command without loading any
 * command module, and a command loads its own module and no other's. Checked in a new process of
 * the compiled CLI (bin/scaffolder.js), where what was loaded is what the run needed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared.js';

const dir = mkdtempSync(path.join(tmpdir(), 'start-loading-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// module.registerHooks sees every module loaded, by import or require; the list goes to fd 3.
const recordLoads = `data:text/javascript,${encodeURIComponent(`
  import { registerHooks } from 'node:module';
  import { writeSync } from 'node:fs';
  const loaded = [];
  registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
  process.on('exit', () => writeSync(3, JSON.stringify(loaded)));
`)}`;

/** The files of this package and its dependencies that `scaffolder <args>` loads, relative to the checkout. */
function loads(args: string[]): string[] {
  const run = spawnSync(process.execPath, ['--import', recordLoads, path.join(repoRoot, 'bin', 'scaffolder.js'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const root = `${path.resolve(repoRoot).split(path.sep).join('/')}/`;
  return (JSON.parse(run.output[3]!) as string[])
    .filter((u) => u.startsWith('file://'))
    .map((u) => decodeURIComponent(new URL(u).pathname).replace(root, ''));
}

const commandModules = ['init', 'create', 'create-api', 'create-webhook', 'edit', 'manifests', 'completion', 'help', 'alpha']
  .map((m) => `dist/src/cli/commands/${m}.js`);

describe('what a command line loads', () => {
  it('--help lists every command and loads none of their modules, nor the scaffolding code', () => {
    const loaded = loads(['--help']);
    expect(loaded.filter((f) => commandModules.includes(f))).toEqual([]);
    expect(loaded.filter((f) => /^dist\/src\/(scaffold|generators|kube|runtime)\//.test(f))).toEqual([]);
  });

  it('create api --help loads the create modules and no other command', () => {
    const loaded = loads(['create', 'api', '--help']);
    expect(loaded).toEqual(expect.arrayContaining(['dist/src/cli/commands/create.js', 'dist/src/cli/commands/create-api.js']));
    expect(loaded.filter((f) => commandModules.includes(f) && !/create/.test(f))).toEqual([]);
  });

  it("yargs is its one-file CommonJS build, not the ESM entry's modules", () => {
    const yargsFiles = loads(['--help']).filter((f) => f.startsWith('node_modules/yargs/'));
    expect(yargsFiles).toEqual(['node_modules/yargs/yargs.cjs', 'node_modules/yargs/build/index.cjs']);
  });
});
