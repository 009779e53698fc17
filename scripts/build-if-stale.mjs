// `npm run prepare`: compiles src/ into dist/, precompiles templates/ and bundles the CLI's libraries (as `npm run build`), each
// unless dist/ already holds it built from the current sources. npm runs `prepare` after `npm ci`
// here and also whenever a project depends on this checkout as a `file:` directory (the examples'
// `file:../..`; generated projects depend on a tarball or a registry release, which run no `prepare`).
// Plain JavaScript, so that it runs before anything is compiled. `--no-check` only emits (as
// `tsc --noCheck`): the test run's build, which leaves type errors to `npm run typecheck`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompiledUpToDate, precompileTemplates } from './precompile-templates.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const sources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .map((f) => join(root, 'src', f));

/** dist/ is current when every source has its .js, written after the newest source and config was. */
function upToDate() {
  const inputs = [...sources, join(root, 'tsconfig.json'), join(root, 'tsconfig.build.json')];
  const newestInput = Math.max(...inputs.map((f) => statSync(f).mtimeMs));
  return sources.every((f) => {
    const out = join(root, 'dist', 'src', relative(join(root, 'src'), f).replace(/\.ts$/, '.js'));
    return existsSync(out) && statSync(out).mtimeMs >= newestInput;
  });
}

/** The precompiled templates are current (a package without templates/ has none to precompile). */
function templatesUpToDate() {
  return !existsSync(join(root, 'templates')) || precompiledUpToDate(root);
}

/** The CLI's library bundles are current (a package without bin/cli-libraries.js bundles none). */
async function cliLibrariesUpToDate() {
  if (!existsSync(join(root, 'bin', 'cli-libraries.js'))) return true;
  const { cliLibrariesUpToDate } = await import('./bundle-cli-libraries.mjs');
  return cliLibrariesUpToDate(root);
}

if (process.argv.includes('--check')) {
  process.stdout.write(upToDate() && templatesUpToDate() && (await cliLibrariesUpToDate()) ? 'dist is up to date\n' : 'dist is stale\n');
} else {
  if (!upToDate()) {
    const check = process.argv.includes('--no-check') ? ['--noCheck'] : [];
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json'), ...check], { cwd: root, stdio: 'inherit' });
    process.exitCode = tsc.status ?? 1;
  }
  // After tsc, which rewrote the options module the templates are precompiled with.
  if (!templatesUpToDate()) await precompileTemplates(root);
  if (!(await cliLibrariesUpToDate())) await (await import('./bundle-cli-libraries.mjs')).bundleCliLibraries(root);
}
