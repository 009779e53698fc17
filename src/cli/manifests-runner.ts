// The link to the manifests generators (src/manifests). Imported lazily: the generators load
// ts-morph and the TypeScript compiler, which `init`, `--help` and `version` should not pay for.
import type { ManifestsOptions } from '../manifests/index.js';
import type { CliIO } from './io.js';

export type { ManifestsOptions };

export async function runManifests(opts: ManifestsOptions, io: CliIO): Promise<number> {
  const generators = await import('../manifests/index.js');
  return generators.runManifests(opts, { stdout: io.stdout, stderr: io.stderr });
}
