// A generated project's image keeps only what its manager runs on: the Dockerfile prunes dev and
// optional dependencies, and this package declares as optional what only the CLI and the test server
// use (ts-morph, handlebars, yargs, ...). That holds as long as kubescaffolder/runtime reaches no
// optional package: its imports are walked from src/runtime/index.ts.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; optionalDependencies: Record<string, string> };

/** The packages the module graph from `entry` imports at run time (type-only imports are erased). */
function runtimePackages(entry: string): { files: number; packages: Set<string> } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...[...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'([^']+)'/gm)].map((m) => m[1]),
      ...[...source.matchAll(/^\s*import\s+'([^']+)'/gm)].map((m) => m[1]),
      ...[...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]),
    ];
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
        if (existsSync(target)) visit(target);
      } else if (!specifier.startsWith('node:')) {
        packages.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
      }
    }
  };
  visit(entry);
  return { files: seen.size, packages };
}

describe("a generated project's image", () => {
  it('kubescaffolder/runtime imports only the dependencies that are not optional', () => {
    const { files, packages } = runtimePackages(join(repoRoot, 'src', 'runtime', 'index.ts'));
    expect(files).toBeGreaterThan(50);
    expect([...packages].sort()).toEqual(Object.keys(manifest.dependencies).sort());
    for (const cliOnly of ['ts-morph', 'handlebars', 'yargs']) expect(Object.keys(manifest.optionalDependencies)).toContain(cliOnly);
  });

  it('is pruned of dev and optional dependencies by the Dockerfile', () => {
    expect(readFileSync(join(repoRoot, 'templates', 'init', 'Dockerfile.hbs'), 'utf8')).toMatch(/^RUN .*npm prune --omit=dev --omit=optional$/m);
  });
});
