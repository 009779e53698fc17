// A run of thousands of modifier keywords (`export export ...`, as a bad paste or a fuzzer makes)
// took TypeScript's parser most of a minute (it looks ahead over the run at each keyword) before the
// one mistake was reported. Such a run is refused before parsing, at its file and line; a shorter
// one still gets TypeScript's own syntax errors, located.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { ManifestsPipeline } from '../../src/generators/manifests/pipeline.js';
import { MAX_MODIFIER_RUN } from '../../src/markers/index.js';
import { repoRoot } from '../support/shared.js';

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

const fixture = path.join(repoRoot, 'test', 'fixtures', 'crd', 'project-v4', 'api', 'v1');

/** A project whose admiral_types.ts ends with `line`; returns the project, the file and that line's number. */
function project(line: string): { dir: string; file: string; at: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'modifier-runs-'));
  temps.push(dir);
  const api = path.join(dir, 'api', 'v1');
  cpSync(path.join(fixture, 'groupversion_info.ts'), path.join(api, 'groupversion_info.ts'));
  const lines = readFileSync(path.join(fixture, 'admiral_types.ts'), 'utf8').replace(/'\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/src\//g, `'${path.join(repoRoot, 'src')}/`).split('\n');
  lines.push(line, '');
  const file = path.join(api, 'admiral_types.ts');
  writeFileSync(file, lines.join('\n'));
  writeFileSync(path.join(dir, 'PROJECT'), 'domain: example.com\nlayout: [typescript.scaffolder.dev/v1]\nprojectName: runs\nversion: "3"\n');
  return { dir, file, at: lines.length - 1 };
}

async function cli(dir: string): Promise<{ code: number; errors: string }> {
  let errors = '';
  const code = await main(['manifests'], { cwd: dir, stdout: () => undefined, stderr: (s) => void (errors += s) });
  return { code, errors };
}

describe('runs of modifier keywords', () => {
  it.each([
    ['10,000 `export`', Array(10_000).fill('export').join(' ')],
    ['5,000 `public readonly`', Array(5_000).fill('public readonly').join(' ')],
    ['3,000 `static async` after a declaration', `export const x = 1; ${Array(3_000).fill('static async').join('  ')} y`],
  ])('%s on one line: an error at that file and line, nothing written', async (_, line) => {
    const { dir, file, at } = project(line);
    const { code, errors } = await cli(dir);
    expect(errors).toBe(`manifests: ${file}:${at}: more than ${MAX_MODIFIER_RUN} modifiers (export, public, readonly, ...) in a row, more than TypeScript's parser reads in reasonable time: remove the stray ones\n`);
    expect(code).toBe(1);
    expect(existsSync(path.join(dir, 'config'))).toBe(false);
  });

  it('the same in a file a scaffolding command would write (planned), before it is parsed', () => {
    const { dir, at } = project('');
    const text = readFileSync(path.join(dir, 'api', 'v1', 'admiral_types.ts'), 'utf8').split('\n');
    text[at - 1] = Array(10_000).fill('export').join(' ');
    const planned = new Map([['api/v1/admiral_types.ts', text.join('\n')]]);
    expect(() => new ManifestsPipeline({ projectDir: dir, settings: { namespaced: false }, planned })).toThrow(`${path.join(dir, 'api', 'v1', 'admiral_types.ts')}:${at}: more than ${MAX_MODIFIER_RUN} modifiers`);
  });

  it(`a run of ${MAX_MODIFIER_RUN} is left to TypeScript, whose syntax errors are located`, async () => {
    const { dir, at } = project(Array(MAX_MODIFIER_RUN).fill('export').join(' '));
    const { code, errors } = await cli(dir);
    expect(errors).toContain(`api/v1/admiral_types.ts:${at}:1: error: TypeScript syntax error: Declaration or statement expected.`);
    expect(errors).not.toContain('modifiers (export');
    expect(code).toBe(1);
  });
});
