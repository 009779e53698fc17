// Makes each example under examples/ runnable from this checkout without `npm install` in it:
// node_modules/kubescaffolder links to the checkout (what the example's `file:../..` dependency would
// install) and node_modules/.bin/scaffolder to its CLI (so `npx scaffolder` and `make manifests`
// never reach the registry). Everything else (@kubernetes/client-node, vitest, typescript,
// @types/node) resolves from the checkout's own node_modules, which Node and TypeScript find by
// walking up from examples/<name>/. Run: npx tsx scripts/examples/link-examples.ts
import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const examplesDir = join(repoRoot, 'examples');

/** The example projects: folders of examples/ with a package.json. */
export function exampleNames(): string[] {
  return readdirSync(examplesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(examplesDir, d.name, 'package.json')))
    .map((d) => d.name)
    .sort();
}

// Replaces whatever is at `path` unless it already is this symlink (idempotent, so concurrent
// runs and re-runs leave the same result).
function link(target: string, path: string): void {
  try {
    if (lstatSync(path).isSymbolicLink() && readlinkSync(path) === target) return;
    rmSync(path, { recursive: true, force: true });
  } catch {
    // nothing there yet
  }
  try {
    symlinkSync(target, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

/**
 * Links one example's node_modules/kubescaffolder and node_modules/.bin/scaffolder to this checkout,
 * or to another copy of the package (`packageDir`, e.g. a snapshot of its build output).
 */
export function linkExample(name: string, packageDir = repoRoot): void {
  const modules = join(examplesDir, name, 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  link(relative(modules, packageDir), join(modules, 'kubescaffolder'));
  link(join('..', 'kubescaffolder', 'bin', 'scaffolder.js'), join(modules, '.bin', 'scaffolder'));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  for (const name of exampleNames()) {
    linkExample(name);
    console.log(`linked examples/${name}/node_modules/kubescaffolder -> ${relative(examplesDir, repoRoot) || '.'}`);
  }
}
