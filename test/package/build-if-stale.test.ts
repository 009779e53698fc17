// `npm run prepare` (scripts/build-if-stale.mjs) compiles only when dist/ is older than the
// sources: npm runs it in every generated project's install, where a full compile was most of
// `scaffolder init`'s time. Exercised on a copy of the script in a small package of its own.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const pkg = mkdtempSync(join(tmpdir(), 'build-if-stale-'));
const out = join(pkg, 'dist', 'src', 'a.js');
const prepare = (...args: string[]) => execFileSync(process.execPath, [join(pkg, 'scripts', 'build-if-stale.mjs'), ...args], { cwd: pkg, encoding: 'utf8' });
/** Sets a file's modification time to `seconds` after the epoch (file systems keep whole seconds at least). */
const age = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe('npm run prepare', () => {
  mkdirSync(join(pkg, 'scripts'));
  for (const script of ['build-if-stale.mjs', 'precompile-templates.mjs']) cpSync(join(repoRoot, 'scripts', script), join(pkg, 'scripts', script));
  mkdirSync(join(pkg, 'node_modules'));
  for (const dep of ['typescript', 'handlebars']) symlinkSync(join(repoRoot, 'node_modules', dep), join(pkg, 'node_modules', dep));
  mkdirSync(join(pkg, 'src'));
  writeFileSync(join(pkg, 'src', 'a.ts'), 'export const a: number = 1;\n');
  writeFileSync(join(pkg, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', target: 'ES2022', outDir: 'dist', rootDir: '.' } }));
  writeFileSync(join(pkg, 'tsconfig.build.json'), JSON.stringify({ extends: './tsconfig.json', include: ['src'] }));
  afterAll(() => rmSync(pkg, { recursive: true, force: true }));

  it('compiles when dist/ is missing', () => {
    expect(prepare('--check')).toBe('dist is stale\n');
    prepare();
    expect(statSync(out).isFile()).toBe(true);
    expect(prepare('--check')).toBe('dist is up to date\n');
  }, 60_000);

  it('leaves a dist/ newer than every source alone', () => {
    for (const f of ['src/a.ts', 'tsconfig.json', 'tsconfig.build.json']) age(join(pkg, f), 1_000_000);
    age(out, 2_000_000);
    prepare();
    expect(statSync(out).mtimeMs).toBe(2_000_000_000);
  }, 60_000);

  it('compiles again when a source or the compiler configuration is newer than dist/', () => {
    for (const changed of ['src/a.ts', 'tsconfig.build.json']) {
      age(out, 2_000_000);
      age(join(pkg, changed), 3_000_000);
      expect(prepare('--check')).toBe('dist is stale\n');
      prepare();
      expect(statSync(out).mtimeMs).toBeGreaterThan(3_000_000_000);
      age(join(pkg, changed), 1_000_000);
    }
  }, 60_000);

  it('compiles when a new source has no output yet', () => {
    age(out, 2_000_000);
    writeFileSync(join(pkg, 'src', 'b.ts'), 'export const b = 2;\n');
    age(join(pkg, 'src', 'b.ts'), 1_000_000);
    expect(prepare('--check')).toBe('dist is stale\n');
    prepare();
    expect(statSync(join(pkg, 'dist', 'src', 'b.js')).isFile()).toBe(true);
  }, 60_000);

  it('with --no-check (the test run\'s build) emits despite type errors; without, fails on them', () => {
    writeFileSync(join(pkg, 'src', 'c.ts'), 'export const c: number = "not a number";\n');
    let failure: { status?: number; stdout?: string } = {};
    try {
      prepare();
    } catch (err) {
      failure = err as typeof failure;
    }
    expect(failure.status).not.toBe(0);
    expect(failure.stdout).toMatch(/src\/c\.ts.*error TS2322/);
    writeFileSync(join(pkg, 'src', 'c.ts'), 'export const c: number = "still not a number";\n');
    age(join(pkg, 'src', 'c.ts'), Date.now() / 1000 + 100);
    prepare('--no-check');
    expect(readFileSync(join(pkg, 'dist', 'src', 'c.js'), 'utf8')).toContain('still not a number');
    rmSync(join(pkg, 'src', 'c.ts'));
  }, 60_000);

  it('precompiles templates/ when a template is newer than the precompiled module, without compiling src/ again', () => {
    const precompiled = join(pkg, 'dist', 'src', 'scaffold', 'machinery', 'precompiled-templates.js');
    mkdirSync(join(pkg, 'templates'));
    writeFileSync(join(pkg, 'templates', 'hello.txt.hbs'), 'hello {{name}}\n');
    // The options the templates are precompiled with, as the package has them.
    mkdirSync(join(pkg, 'src', 'scaffold', 'machinery'), { recursive: true });
    cpSync(join(repoRoot, 'src', 'scaffold', 'machinery', 'template-options.ts'), join(pkg, 'src', 'scaffold', 'machinery', 'template-options.ts'));
    expect(prepare('--check')).toBe('dist is stale\n');
    prepare('--no-check');
    expect(readFileSync(precompiled, 'utf8')).toContain('"hello.txt"');
    expect(prepare('--check')).toBe('dist is up to date\n');

    const sources = ['src/a.ts', 'src/b.ts', 'src/scaffold/machinery/template-options.ts', 'tsconfig.json', 'tsconfig.build.json', 'templates/hello.txt.hbs', 'scripts/precompile-templates.mjs'];
    for (const f of sources) age(join(pkg, f), 1_000_000);
    for (const f of ['a.js', 'b.js', 'scaffold/machinery/template-options.js', 'scaffold/machinery/precompiled-templates.js']) age(join(pkg, 'dist', 'src', f), 2_000_000);
    expect(prepare('--check')).toBe('dist is up to date\n');
    writeFileSync(join(pkg, 'templates', 'hello.txt.hbs'), 'goodbye {{name}}\n');
    age(join(pkg, 'templates', 'hello.txt.hbs'), 3_000_000);
    expect(prepare('--check')).toBe('dist is stale\n');
    prepare('--no-check');
    expect(readFileSync(precompiled, 'utf8')).toContain('goodbye');
    expect(statSync(out).mtimeMs).toBe(2_000_000_000);
  }, 60_000);

  it("bundles the CLI's libraries when a bundle is missing or older than the last npm install, without compiling src/ again", () => {
    mkdirSync(join(pkg, 'bin'));
    cpSync(join(repoRoot, 'bin', 'cli-libraries.js'), join(pkg, 'bin', 'cli-libraries.js'));
    cpSync(join(repoRoot, 'scripts', 'bundle-cli-libraries.mjs'), join(pkg, 'scripts', 'bundle-cli-libraries.mjs'));
    for (const dep of ['esbuild', 'yaml', 'yargs', 'diff']) symlinkSync(join(repoRoot, 'node_modules', dep), join(pkg, 'node_modules', dep));
    writeFileSync(join(pkg, 'node_modules', '.package-lock.json'), '{}\n');
    age(join(pkg, 'node_modules', '.package-lock.json'), 1_000_000);
    age(out, 2_000_000);
    expect(prepare('--check')).toBe('dist is stale\n');
    prepare('--no-check');
    const yamlBundle = join(pkg, 'dist', 'cli-libraries', 'yaml.mjs');
    expect(readFileSync(yamlBundle, 'utf8')).toMatch(/export\s*\{[^}]*\bparseDocument\b/);
    expect(statSync(join(pkg, 'dist', 'cli-libraries', 'locales', 'en.json')).isFile()).toBe(true);
    expect(prepare('--check')).toBe('dist is up to date\n');

    // An npm install after the bundles were made (a library upgraded) makes them again.
    age(yamlBundle, 2_000_000);
    age(join(pkg, 'node_modules', '.package-lock.json'), 3_000_000);
    expect(prepare('--check')).toBe('dist is stale\n');
    prepare('--no-check');
    expect(statSync(yamlBundle).mtimeMs).toBeGreaterThan(3_000_000_000);
    expect(statSync(out).mtimeMs).toBe(2_000_000_000);
  }, 60_000);
});
