// The third step of `npm run build`: bundles each library of bin/cli-libraries.js with esbuild into
// one file under dist/cli-libraries/ (shipped), which only the CLI process loads. Plain JavaScript,
// like build-if-stale.mjs, which runs it when a bundle is missing or older than its inputs.
import { cpSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cliLibraries } from '../bin/cli-libraries.js';

const librariesModule = fileURLToPath(new URL('../bin/cli-libraries.js', import.meta.url));

/** The folder of the bundles in the package at `root`. */
function bundlesPath(root) {
  return join(root, 'dist', 'cli-libraries');
}

/** The packages a bundle is made of: npm rewrites node_modules/.package-lock.json on every install. */
function installedPackages(root) {
  return join(root, 'node_modules', '.package-lock.json');
}

/** Every bundle exists and was written after this script, the list and the last npm install. */
export function cliLibrariesUpToDate(root) {
  const inputs = [fileURLToPath(import.meta.url), librariesModule, installedPackages(root)].filter((f) => existsSync(f));
  const newestInput = Math.max(...inputs.map((f) => statSync(f).mtimeMs));
  return cliLibraries.every(({ file }) => {
    const out = join(bundlesPath(root), file);
    return existsSync(out) && statSync(out).mtimeMs >= newestInput;
  });
}

/**
 * The entry module of a bundle. A required library is re-exported as its module.exports; an
 * imported one by name, each export listed, because esbuild cannot know a CommonJS package's
 * names from `export *` (yaml's Node build is CommonJS).
 */
async function entrySource({ specifier, format }) {
  if (format === 'cjs') return `module.exports = require(${JSON.stringify(specifier)});\n`;
  // Imported from here as the CLI imports it (the `import` condition), from the package's node_modules.
  const names = Object.keys(await import(specifier)).filter((n) => n !== 'module.exports');
  return `export { ${names.join(', ')} } from ${JSON.stringify(specifier)};\n`;
}

/** Writes the bundles of the package at `root`, each whole and then renamed (a CLI starting meanwhile reads old or new). */
export async function bundleCliLibraries(root) {
  const esbuild = await import('esbuild');
  for (const library of cliLibraries) {
    const out = join(bundlesPath(root), library.file);
    await esbuild.build({
      stdin: { contents: await entrySource(library), resolveDir: root, sourcefile: `${library.specifier} (bundle entry)`, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: library.format,
      target: 'node22',
      outfile: `${out}.tmp`,
      // Less source to read and compile: ~2 ms a run for yaml and yargs. Names are kept, so that a
      // stack trace through a library still reads.
      minifyWhitespace: true,
      minifySyntax: true,
      legalComments: 'inline',
      // A CommonJS package bundled as ESM still requires Node's built-ins (yaml: process, buffer).
      banner: library.format === 'esm' ? { js: "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);" } : {},
      logLevel: 'warning',
    });
    renameSync(`${out}.tmp`, out);
  }
  // yargs reads its messages (even English ones: plurals) from ../locales next to its build.
  const locales = join(bundlesPath(root), 'locales');
  rmSync(locales, { recursive: true, force: true });
  cpSync(join(root, 'node_modules', 'yargs', 'locales'), locales, { recursive: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundleCliLibraries(dirname(dirname(fileURLToPath(import.meta.url))));
}
