// The third-party libraries every CLI run loads, bundled by `npm run build` (scripts/bundle-cli-libraries.mjs)
// into dist/cli-libraries/, one file each: Node's loaders cost about 0.2 ms per file, and yaml alone is
// some 75 files (17-20 ms against 3 ms bundled). Only the CLI process (bin/scaffolder.js) is pointed
// at the bundles; `kubescaffolder`, `kubescaffolder/runtime` and `kubescaffolder/testing` import
// the packages as installed.
import { existsSync } from 'node:fs';
import module from 'node:module';

/**
 * Each bundled specifier as our modules import it, the file it is bundled into under
 * dist/cli-libraries/, and the module format it keeps: `cjs` for what is loaded with require()
 * (its exports stay module.exports), `esm` for what is imported.
 */
export const cliLibraries = [
  { specifier: 'yaml', file: 'yaml.mjs', format: 'esm' },
  { specifier: 'diff/lib/patch/create.js', file: 'diff-create-patch.mjs', format: 'esm' },
  // Under a folder of its own: yargs reads its messages from `../locales` of its own file, which the build copies.
  { specifier: 'yargs/yargs', file: 'yargs/yargs.cjs', format: 'cjs' },
];

/**
 * Makes the modules under dist/src of the package at `root` (a file: URL ending in `/`) load
 * the bundled libraries, when the build made them (a dist/ compiled by tsc alone has none; the
 * installed packages then load as before).
 */
export function useCliLibraries(root) {
  const bundles = new URL('dist/cli-libraries/', root);
  if (!existsSync(bundles) || !module.registerHooks) return;
  const ours = new URL('dist/src/', root).href;
  const bundled = new Map(cliLibraries.map((l) => [l.specifier, new URL(l.file, bundles).href]));
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      // A hook that hands every specifier on to Node's resolver costs some 30 us an import (about
      // 5 ms of a create api run, a quarter of what the bundles save), so what needs no search is
      // answered here: Node's built-ins, and our own modules' relative imports, which tsc checked
      // name a .js file beside them (dist/ is a real folder, so there is no symlink to resolve).
      if (specifier.startsWith('node:')) return { url: specifier, shortCircuit: true };
      const parent = context.parentURL;
      if (!parent?.startsWith(ours)) return nextResolve(specifier, context);
      if (specifier.startsWith('./') || specifier.startsWith('../')) {
        if (specifier.endsWith('.js')) return { url: new URL(specifier, parent).href, shortCircuit: true };
        return nextResolve(specifier, context);
      }
      const url = bundled.get(specifier);
      return url ? { url, shortCircuit: true } : nextResolve(specifier, context);
    },
  });
}
