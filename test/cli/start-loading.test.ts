/**
 * What a command line loads before it runs: `--help` lists every command without loading any
 * command module, and a command loads its own module and no other's; the process's streams are
 * opened only when read or written. Checked in a new process of the compiled CLI
 * (bin/scaffolder.js), where what was loaded is what the run needed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared.js';

const dir = mkdtempSync(path.join(tmpdir(), 'start-loading-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// module.registerHooks sees every module loaded, by import or require, and process's stream
// getters are wrapped to see which are opened; both lists go to fd 3.
const recordLoads = `data:text/javascript,${encodeURIComponent(`
  import { registerHooks } from 'node:module';
  import { writeSync } from 'node:fs';
  const loaded = [];
  const opened = [];
  registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
  for (const name of ['stdin', 'stdout', 'stderr']) {
    const { get } = Object.getOwnPropertyDescriptor(process, name);
    Object.defineProperty(process, name, { configurable: true, enumerable: true, get() { opened.push(name); return get.call(process); } });
  }
  process.on('exit', () => writeSync(3, JSON.stringify({ loaded, opened: [...new Set(opened)] })));
`)}`;

/** What `scaffolder <args>` did in a new process, which must exit 0. */
function record(args: string[], cwd = dir): { loaded: string[]; opened: string[] } {
  const run = spawnSync(process.execPath, ['--import', recordLoads, path.join(repoRoot, 'bin', 'scaffolder.js'), ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const root = `${path.resolve(repoRoot).split(path.sep).join('/')}/`;
  const { loaded, opened } = JSON.parse(run.output[3]!) as { loaded: string[]; opened: string[] };
  return {
    loaded: loaded.filter((u) => u.startsWith('file://')).map((u) => decodeURIComponent(new URL(u).pathname).replace(root, '')),
    opened,
  };
}

/** The files of this package and its dependencies that `scaffolder <args>` loads, relative to the checkout. */
const loads = (args: string[]): string[] => record(args).loaded;

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

  it('--help loads no package but yargs and those it depends on', () => {
    // yargs's dependencies, and theirs, from the installed package.json files.
    const tree = new Set<string>();
    const visit = (name: string) => {
      if (tree.has(name)) return;
      tree.add(name);
      const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep);
    };
    visit('yargs');
    const packages = new Set(loads(['--help']).filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/')[1]));
    expect([...packages].filter((p) => !tree.has(p))).toEqual([]);
  });

  it('yargs is the bundle the build made of it and its dependencies, not its own files', () => {
    const loaded = loads(['--help']);
    expect(loaded.filter((f) => f.startsWith('dist/cli-libraries/'))).toEqual(['dist/cli-libraries/yargs/yargs.cjs']);
    expect(loaded.filter((f) => f.includes('node_modules/'))).toEqual([]);
  });

  it('create api loads yaml, yargs and diff from the bundles the build made (one file each), no file of theirs from node_modules', () => {
    const project = mkdtempSync(path.join(dir, 'crew-'));
    record(['init', '--domain', 'example.com', '--project-name', 'crew', '--install=false'], project);
    const loaded = record(['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run', '--make=false'], project).loaded;
    expect(loaded.filter((f) => f.startsWith('dist/cli-libraries/')).sort()).toEqual(
      ['dist/cli-libraries/diff-create-patch.mjs', 'dist/cli-libraries/yaml.mjs', 'dist/cli-libraries/yargs/yargs.cjs']);
    // yargs's dependencies (cliui, y18n, ...) included; handlebars' runtime and fastest-levenshtein are one file each already.
    expect(loaded.filter((f) => f.includes('node_modules/') && !/node_modules\/(handlebars|fastest-levenshtein)\//.test(f))).toEqual([]);
  });

  it('create api loads the CRD reader and its validation only for --external-api-path, and the manifests runner only with --make', () => {
    const project = mkdtempSync(path.join(dir, 'crew-'));
    record(['init', '--domain', 'example.com', '--project-name', 'crew', '--install=false'], project);
    const loaded = record(['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run', '--make=false'], project).loaded;
    expect(loaded).toContain('dist/src/scaffold/plugins/api/create-api.js');
    const notNeeded = /^dist\/src\/(apiextensions\/|scaffold\/external-crd\/crd-source\.js|kube\/cel\/|cli\/manifests-runner\.js|cli\/prompt\.js)|(^|\/)node_modules\/re2js\//;
    expect(loaded.filter((f) => notNeeded.test(f))).toEqual([]);
  });

  // Only create api's prompts read stdin, and only when it is a terminal; opening it costs up to
  // ~1 ms. (stderr is opened by node:assert, which yargs loads.)
  it('a run that asks nothing never opens stdin', () => {
    const project = mkdtempSync(path.join(dir, 'crew-'));
    const runs: Record<string, { opened: string[] }> = {
      '--help': record(['--help']),
      'init': record(['init', '--domain', 'example.com', '--project-name', 'crew', '--install=false'], project),
      // Neither --resource nor --controller is given: on a terminal these would be asked.
      'create api --dry-run': record(['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run', '--make=false'], project),
    };
    for (const run of Object.values(runs)) expect(run.opened).toContain('stdout');
    expect(Object.keys(runs).filter((line) => runs[line].opened.includes('stdin'))).toEqual([]);
  });
});
