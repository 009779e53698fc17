// Every file `scaffolder` writes passes the linter it writes (`make lint`: ESLint with typescript-eslint's
// type-checked rules, eslint.config.js), as kubebuilder's testdata passes its golangci-lint. The golden
// projects are linted with this repository's ESLint and typescript-eslint (its devDependencies, the
// versions the generated package.json asks for), without an npm install per project: they are copied
// beside a node_modules whose entries link to this checkout's, plus `scaffolder` linking to the
// checkout itself (its compiled dist/, which the type-checked rules read kubescaffolder/runtime's types from).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenProjects, readTree } from '../../scripts/golden-sequence.js';
import { scaled } from '../support/timeouts.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const goldenRoot = join(repoRoot, 'test', 'golden');
const names = Object.keys(goldenProjects);
const work = mkdtempSync(join(tmpdir(), 'scaffolder-golden-lint-'));

/** A node_modules for the copies: this checkout's packages, and scaffolder itself. */
function linkNodeModules(into: string): void {
  const modules = join(into, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(repoRoot, 'node_modules'))) {
    if (entry === 'kubescaffolder') continue;
    symlinkSync(join(repoRoot, 'node_modules', entry), join(modules, entry), 'dir');
  }
  symlinkSync(repoRoot, join(modules, 'kubescaffolder'), 'dir');
}

/** The files ESLint's default patterns and the generated config's `files` reach in a project. */
function lintableFiles(dir: string): string[] {
  return [...readTree(dir).keys()].filter((path) => /\.(ts|js|mjs|cjs)$/.test(path)).sort();
}

function report(results: ESLint.LintResult[]): string {
  return results.flatMap((r) => r.messages.map((m) => `${relative(work, r.filePath)}:${m.line}:${m.column} ${m.ruleId ?? 'parse'}: ${m.message}`)).join('\n');
}

describe('the golden projects pass their own make lint (ESLint, typescript-eslint type-checked)', () => {
  let results: ESLint.LintResult[];

  beforeAll(async () => {
    linkNodeModules(work);
    for (const name of names) cpSync(join(goldenRoot, name), join(work, name), { recursive: true });
    // A mutant: the same project with a promise nobody awaits, which only the type-checked rules see.
    cpSync(join(goldenRoot, 'project-v1'), join(work, 'mutant'), { recursive: true });
    const main = join(work, 'mutant', 'src', 'main.ts');
    writeFileSync(main, `${readFileSync(main, 'utf8')}mgr.start();\n`);
    // Each file is linted with the eslint.config.js of its own project (ESLint looks it up from the file).
    results = await new ESLint({ cwd: work }).lintFiles([...names, 'mutant']);
  }, scaled(300_000));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each(names)('%s: every TypeScript and JavaScript file is linted, without a finding', (name) => {
    const ours = results.filter((r) => !relative(join(work, name), r.filePath).startsWith('..'));
    expect(ours.map((r) => relative(join(work, name), r.filePath).split('\\').join('/')).sort()).toEqual(lintableFiles(join(goldenRoot, name)));
    expect(report(ours), 'findings').toBe('');
  });

  it('reports a floating promise (the rules that need types read the project and kubescaffolder/runtime)', () => {
    const mutant = results.filter((r) => r.filePath.startsWith(join(work, 'mutant') + '/'));
    expect(report(mutant)).toMatch(/^mutant\/src\/main\.ts:\d+:1 @typescript-eslint\/no-floating-promises: /);
    expect(mutant.flatMap((r) => r.messages)).toHaveLength(1);
  });
});
