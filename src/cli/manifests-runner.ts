// The link to the manifests generators (src/generators/manifests). Imported lazily: the generators load
// ts-morph and the TypeScript compiler, which `init`, `--help` and `version` should not pay for.
import type { ManifestsOptions } from '../generators/manifests/index.js';
import type { CliIO } from './io.js';

export type { ManifestsOptions };

export async function runManifests(opts: ManifestsOptions, io: CliIO): Promise<number> {
  const generators = await import('../generators/manifests/run.js');
  return generators.runManifests({ ...opts, dryRun: io.dryRun }, { stdout: (text) => io.stdout(text), stderr: (text) => io.stderr(text) });
}

/**
 * `--make` after `create api`/`create webhook` wrote their files: regenerates the manifests. When that
 * fails (most often a marker error in the user's sources), says that the scaffolding itself is in
 * place, so that the user fixes the sources instead of running the command again. In a dry run,
 * shows what the regeneration would write, from the files the command would have written (`planned`).
 */
export async function manifestsAfterScaffold(io: CliIO, planned: ReadonlyMap<string, string>): Promise<number> {
  if (io.dryRun) {
    io.stdout('then `scaffolder manifests` (--make):\n');
    return runManifests({ projectDir: io.cwd, planned }, io);
  }
  const status = await runManifests({ projectDir: io.cwd }, io);
  if (status !== 0) {
    io.stderr('error: the files above were scaffolded, but regenerating the manifests failed: fix what is reported above, then run `make manifests` (running this command again is not needed)\n');
  }
  return status;
}
