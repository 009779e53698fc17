// The link to the manifests generators (src/manifests). Imported lazily: the generators load
// ts-morph and the TypeScript compiler, which `init`, `--help` and `version` should not pay for.
import { relative, resolve } from 'node:path';
import type { ManifestsOptions } from '../manifests/index.js';
import { UsageError } from '../scaffold/errors.js';
import type { CliIO } from './io.js';

export type { ManifestsOptions };

export async function runManifests(opts: ManifestsOptions, io: CliIO): Promise<number> {
  if (io.dryRun) {
    if (opts.watch) throw new UsageError('--dry-run and --watch cannot be used together');
    return dryRun(opts, io);
  }
  const generators = await import('../manifests/index.js');
  return generators.runManifests(opts, { stdout: io.stdout, stderr: io.stderr });
}

/**
 * `--make` after `create api`/`create webhook` wrote their files: regenerates the manifests. When that
 * fails (most often a marker error in the user's sources), says that the scaffolding itself is in
 * place, so that the user fixes the sources instead of running the command again.
 */
export async function manifestsAfterScaffold(io: CliIO): Promise<number> {
  const status = await runManifests({ projectDir: io.cwd }, io);
  if (status !== 0) {
    io.stderr('error: the files above were scaffolded, but regenerating the manifests failed: fix what is reported above, then run `make manifests` (running this command again is not needed)\n');
  }
  return status;
}

/** `manifests --dry-run`: generates, prints the diff of every file that would change, writes nothing. */
async function dryRun(opts: ManifestsOptions, io: CliIO): Promise<number> {
  const generators = await import('../manifests/index.js');
  const { formatDiagnostic, hasErrors } = await import('../markers/index.js');
  const projectDir = resolve(opts.projectDir);
  let result;
  try {
    const pipeline = new generators.ManifestsPipeline({ ...opts, projectDir, settings: generators.readProjectSettings(projectDir) });
    result = pipeline.generate();
  } catch (e) {
    io.stderr(`manifests: ${(e as Error).message}\n`);
    return 1;
  }
  for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d, (f) => relative(projectDir, f) || f)}\n`);
  if (hasErrors(result.diagnostics)) {
    const count = result.diagnostics.filter((d) => d.severity === 'error').length;
    io.stderr(`manifests: ${count} error${count === 1 ? '' : 's'}; nothing written\n`);
    return 1;
  }
  const { diffs, outdated } = generators.checkFiles(result.files, projectDir);
  io.stdout(`dry run: nothing written in ${projectDir}\n`);
  for (const d of diffs) io.stdout(d);
  io.stdout(outdated.length === 0 ? 'no changes\n' : `would write: ${outdated.join(', ')}\n`);
  return 0;
}
