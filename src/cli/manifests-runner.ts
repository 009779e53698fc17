// The link to the manifests generators (src/manifests), loaded only when a command needs them.
import { UsageError } from '../scaffold/errors.js';
import type { CliIO } from './io.js';

export interface ManifestsOptions {
  projectDir: string;
  paths?: string[];
  outputDir?: string;
  maxDescLen?: number;
  check?: boolean;
  watch?: boolean;
  strict?: boolean;
}

type RunManifests = (opts: ManifestsOptions, io: { stdout(s: string): void; stderr(s: string): void }) => Promise<number>;

export async function runManifests(opts: ManifestsOptions, io: CliIO): Promise<number> {
  // A computed specifier keeps this module independent of the generators at compile time.
  const specifier = '../manifests/index.js';
  let mod: { runManifests?: RunManifests };
  try {
    mod = (await import(specifier)) as { runManifests?: RunManifests };
  } catch (err) {
    throw new UsageError(`the manifests generator cannot be loaded (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); run with --make=false`);
  }
  if (typeof mod.runManifests !== 'function') throw new UsageError('the manifests generator exports no runManifests; run with --make=false');
  return mod.runManifests(opts, { stdout: io.stdout, stderr: io.stderr });
}
