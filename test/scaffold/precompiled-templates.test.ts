/**
 * The compiled package renders templates/**.hbs from the specs handlebars' precompiler made at build
 * time (scripts/precompile-templates.mjs -> dist/src/scaffold/machinery/precompiled-templates.js)
 * with handlebars' runtime alone; the sources (this test run, tsx) compile the .hbs files. Both must
 * write the same bytes, the compiled CLI must not load the compiler, and a template changed since
 * the build (or a build without the module) must still render the template's current text.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateGoldenProject, goldenEpoch, goldenProjects, readTree } from '../../scripts/golden-sequence.js';
import type { main as sourceMain } from '../../src/cli/main.js';
import { repoRoot } from '../support/shared.js';

const work = mkdtempSync(join(tmpdir(), 'scaffolder-precompiled-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const compilerModule = /\/node_modules\/handlebars\/dist\/cjs\/handlebars\/compiler\//;
// handlebars' one-file build of its runtime.
const runtimeModule = /\/node_modules\/handlebars\/dist\/handlebars\.runtime\.js$/;

/** A preload for `node --import` that writes the handlebars modules the process loaded to $HANDLEBARS_LOADED. */
const preload = join(work, 'handlebars-loads.mjs');
writeFileSync(
  preload,
  `import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const loaded = [];
// module.registerHooks sees every module loaded, by import or require.
registerHooks({ load(url, context, next) { if (url.includes('/node_modules/handlebars/')) loaded.push(url); return next(url, context); } });
process.on('exit', () => writeFileSync(process.env.HANDLEBARS_LOADED, JSON.stringify(loaded)));
`,
);

/** Runs `bin/scaffolder.js` of the package at `pkg` in `cwd`; returns the handlebars modules it loaded. */
function scaffolder(pkg: string, cwd: string, args: string[]): string[] {
  const log = join(work, 'loaded.json');
  execFileSync(process.execPath, ['--import', pathToFileURL(preload).href, join(pkg, 'bin', 'scaffolder.js'), ...args], {
    cwd,
    env: { ...process.env, HANDLEBARS_LOADED: log, SOURCE_DATE_EPOCH: goldenEpoch },
    encoding: 'utf8',
  });
  return JSON.parse(readFileSync(log, 'utf8')) as string[];
}

function freshDir(name: string): string {
  const dir = join(work, name, 'crew');
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('the compiled package renders from precompiled templates', () => {
  // Every golden project is a fresh run of the sources' CLI (test/scaffold/golden.slow.test.ts): the
  // compiled CLI must make each byte for byte, over every template the goldens use.
  it.each(Object.keys(goldenProjects))('makes golden project %s byte for byte', async (name) => {
    const compiled = (await import(pathToFileURL(join(repoRoot, 'dist', 'src', 'cli', 'main.js')).href)) as { main: typeof sourceMain };
    const dir = join(work, 'golden', name);
    await generateGoldenProject(name, dir, { cli: compiled.main });
    const expected = readTree(join(repoRoot, 'test', 'golden', name));
    const actual = readTree(dir);
    expect([...actual.keys()]).toEqual([...expected.keys()]);
    for (const [path, content] of actual) expect(content, path).toBe(expected.get(path));
    // Nothing in this test process renders through the sources, so a compiler module here would be
    // the compiled package's: a template it found no current spec for.
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.filter((f) => compilerModule.test(f))).toEqual([]);
    expect(loaded.some((f) => runtimeModule.test(f))).toBe(true);
  }, 120_000);

  it('create api --dry-run loads handlebars\' runtime and none of its compiler', () => {
    const dir = freshDir('dry-run');
    scaffolder(repoRoot, dir, ['init', '--domain', 'example.com', '--install=false']);
    const loaded = scaffolder(repoRoot, dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run', '--make=false']);
    // The runtime's one file and nothing else of handlebars (neither the compiler nor the 21 modules of its CommonJS tree).
    expect(loaded.map((url) => url.replace(/^.*\/node_modules\//, ''))).toEqual(['handlebars/dist/handlebars.runtime.js']);
  }, 60_000);
});

describe('a copy of the compiled package whose precompiled templates are stale or missing', () => {
  // The package as installed: the files npm packs (so its "files" must ship the precompiled
  // module), with this checkout's dependencies.
  const pkg = join(work, 'scaffolder');
  const readme = join(pkg, 'templates', 'init', 'README.md.hbs');
  const init = (dir: string) => scaffolder(pkg, dir, ['init', '--domain', 'example.com', '--install=false']);
  const asBuilt = freshDir('as-built');
  let original = '';
  beforeAll(() => {
    const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repoRoot, encoding: 'utf8' })) as Array<{ files: Array<{ path: string }> }>;
    for (const { path } of packed[0].files) {
      mkdirSync(dirname(join(pkg, path)), { recursive: true });
      cpSync(join(repoRoot, path), join(pkg, path));
    }
    symlinkSync(join(repoRoot, 'node_modules'), join(pkg, 'node_modules'), 'dir');
    original = readFileSync(readme, 'utf8');
  });

  it('renders as built from its precompiled templates', () => {
    expect(init(asBuilt).filter((f) => compilerModule.test(f))).toEqual([]);
  }, 60_000);

  it('renders a template edited after the build as it is now', () => {
    appendFileSync(readme, 'Edited after the build.\n');
    try {
      const dir = freshDir('edited');
      const loaded = init(dir);
      const expected = readTree(asBuilt);
      expected.set('README.md', `${expected.get('README.md')}Edited after the build.\n`);
      expect(readTree(dir)).toEqual(expected);
      expect(loaded.some((f) => compilerModule.test(f))).toBe(true);
    } finally {
      writeFileSync(readme, original);
    }
  }, 60_000);

  it('renders from source the specs that the installed runtime refuses (another compiler revision)', () => {
    const module = join(pkg, 'dist', 'src', 'scaffold', 'machinery', 'precompiled-templates.js');
    const built = readFileSync(module, 'utf8');
    expect(built).toContain('"compiler":[8,');
    writeFileSync(module, built.replaceAll('"compiler":[8,', '"compiler":[6,'));
    try {
      const dir = freshDir('other-revision');
      const loaded = init(dir);
      expect(readTree(dir)).toEqual(readTree(asBuilt));
      expect(loaded.some((f) => compilerModule.test(f))).toBe(true);
    } finally {
      writeFileSync(module, built);
    }
  }, 60_000);

  it('renders every template from its source without the precompiled module', () => {
    rmSync(join(pkg, 'dist', 'src', 'scaffold', 'machinery', 'precompiled-templates.js'));
    const dir = freshDir('unbuilt');
    const loaded = init(dir);
    expect(readTree(dir)).toEqual(readTree(asBuilt));
    expect(loaded.some((f) => compilerModule.test(f))).toBe(true);
  }, 60_000);
});
