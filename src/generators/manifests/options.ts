/**
 * Which `manifests` options cannot go together, said once: the CLI reports it as a usage error before
 * it loads anything, runManifests (the API) as an error of its own. No heavy imports: the CLI reads it
 * without loading the generators.
 */
export interface ModeOptions {
  readonly check?: boolean;
  readonly dryRun?: boolean;
  readonly watch?: boolean;
  /** --check-compat's git ref. */
  readonly checkCompat?: string;
  readonly planned?: ReadonlyMap<string, string>;
}

/** The problem with this combination of modes, or undefined. */
export function conflictingOptions(opts: ModeOptions): string | undefined {
  if (opts.watch && opts.check) return '--check and --watch cannot be used together';
  if (opts.watch && opts.dryRun) return '--dry-run and --watch cannot be used together';
  if (opts.checkCompat !== undefined) {
    const other = opts.watch ? '--watch' : opts.check ? '--check' : opts.dryRun ? '--dry-run' : undefined;
    if (other) return `--check-compat and ${other} cannot be used together (--check-compat writes nothing)`;
  }
  if (opts.planned && !opts.dryRun) return 'planned files are only read with dryRun';
  return undefined;
}
