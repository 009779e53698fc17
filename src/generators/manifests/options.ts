/**
 * Which `manifests` options cannot go together, said once: the CLI reports it as a usage error before
 * it loads anything, runManifests (the API) as an error of its own. No heavy imports: the CLI reads it
 * without loading the generators.
 */
export interface ModeOptions {
  readonly check?: boolean;
  readonly dryRun?: boolean;
  readonly watch?: boolean;
  readonly planned?: ReadonlyMap<string, string>;
}

/** The problem with this combination of modes, or undefined. */
export function conflictingOptions(opts: ModeOptions): string | undefined {
  if (opts.watch && opts.check) return '--check and --watch cannot be used together';
  if (opts.watch && opts.dryRun) return '--dry-run and --watch cannot be used together';
  if (opts.planned && !opts.dryRun) return 'planned files are only read with dryRun';
  return undefined;
}
