/**
 * `scaffolder manifests`: runs the CRD, RBAC and webhook generators over the project's TypeScript sources
 * and writes config/crd/bases/*.yaml, config/rbac/role.yaml and config/webhook/manifests.yaml; or, with
 * --check, compares them with the files on disk; with --dry-run, prints what it would change; or, with
 * --watch, regenerates on every save.
 */
import path from 'node:path';
import { type Diagnostic, formatDiagnostic, hasErrors } from '../../markers/index.js';
import { isInside } from '../../files/inside-root.js';
import { checkFiles, PartialWriteError, writeFiles } from './output.js';
import { conflictingOptions } from './options.js';
import { ManifestsPipeline } from './pipeline.js';
import { readProjectSettings } from './project-config.js';
import type { CrdOutputOptions } from '../crd/generator.js';

export interface ManifestsOptions extends CrdOutputOptions {
  projectDir: string;
  paths?: string[];
  outputDir?: string;
  check?: boolean;
  /** Print the diff of every file that would change and write nothing (the CLI's global --dry-run). */
  dryRun?: boolean;
  watch?: boolean;
  strict?: boolean;
  /** Kubernetes OpenAPI documents (files or directories, relative to projectDir) for the client-node types' schemas. */
  kubeOpenApi?: string[];
  /**
   * With dryRun: files a scaffolding command would write (path relative to projectDir -> content),
   * generated from and compared with in place of those on disk.
   */
  planned?: ReadonlyMap<string, string>;
  /** The Kubernetes minor release of the built-in types (default: PROJECT's kubernetesVersion, else the newest shipped). */
  kubernetesVersion?: string;
  /** Compare the CRDs generated with those committed at this git ref ('' = HEAD) instead of writing (--check-compat). */
  checkCompat?: string;
  /** Ends watch mode (the CLI ends it with SIGINT/SIGTERM instead). */
  signal?: AbortSignal;
}

export interface ManifestsIO {
  stdout(s: string): void;
  stderr(s: string): void;
}

function report(diagnostics: readonly Diagnostic[], projectDir: string, io: ManifestsIO): void {
  for (const d of diagnostics) io.stderr(`${formatDiagnostic(d, (f) => path.relative(projectDir, f) || f)}\n`);
}

/**
 * What the written files must stay inside: the project, or an --output-dir given outside it (which
 * the user chose); either way no symbolic link may carry a file elsewhere.
 */
function writeRoot(projectDir: string, outputDir: string | undefined): string {
  const out = path.resolve(projectDir, outputDir ?? 'config');
  return isInside(projectDir, out) ? projectDir : out;
}

/** One generation: 0 on success, 1 on errors or (with check) out-of-date files. */
function generateOnce(pipeline: ManifestsPipeline, opts: ManifestsOptions, io: ManifestsIO, lastWritten?: Map<string, string>): number {
  const projectDir = path.resolve(opts.projectDir);
  const { files, diagnostics } = pipeline.generate();
  report(diagnostics, projectDir, io);
  if (hasErrors(diagnostics)) {
    const count = diagnostics.filter((d) => d.severity === 'error').length;
    io.stderr(`manifests: ${count} error${count === 1 ? '' : 's'}; nothing written\n`);
    return 1;
  }
  if (opts.dryRun) {
    const { diffs, outdated } = checkFiles(files, projectDir, opts.planned);
    io.stdout(`dry run: nothing written in ${projectDir}\n`);
    for (const d of diffs) io.stdout(d);
    io.stdout(outdated.length === 0 ? 'no changes\n' : `would write: ${outdated.join(', ')}\n`);
    return 0;
  }
  if (opts.check) {
    const { diffs, outdated } = checkFiles(files, projectDir);
    if (outdated.length === 0) {
      io.stdout(`manifests: ${files.size} file${files.size === 1 ? '' : 's'} up to date\n`);
      return 0;
    }
    for (const d of diffs) io.stdout(d);
    io.stderr(`manifests: out of date: ${outdated.join(', ')}; run \`scaffolder manifests\` and commit the result\n`);
    return 1;
  }
  let summary;
  try {
    summary = writeFiles(files, lastWritten, writeRoot(projectDir, opts.outputDir));
  } catch (e) {
    const outcome = e instanceof PartialWriteError ? 'some files changed' : 'nothing changed';
    io.stderr(`manifests: cannot write the output, ${outcome}: ${(e as Error).message}\n`);
    return 1;
  }
  const { written, unchanged, swept } = summary;
  for (const f of swept) io.stdout(`removed ${path.relative(projectDir, f)} (left by an interrupted run)\n`);
  for (const f of written) io.stdout(`wrote ${path.relative(projectDir, f)}\n`);
  io.stdout(`manifests: ${written.length} written, ${unchanged.length} unchanged\n`);
  return 0;
}

/** --check-compat: generates (writing nothing) and compares with the CRDs at the ref. */
async function checkCompat(pipeline: ManifestsPipeline, opts: ManifestsOptions, io: ManifestsIO): Promise<number> {
  const projectDir = path.resolve(opts.projectDir);
  const { diagnostics } = pipeline.generate();
  report(diagnostics, projectDir, io);
  if (hasErrors(diagnostics)) {
    io.stderr('manifests --check-compat: the sources have errors (above); nothing compared\n');
    return 1;
  }
  const { runCompatCheck } = await import('../compat/check-compat.js');
  const crdDir = path.relative(projectDir, path.resolve(projectDir, opts.outputDir ?? 'config', 'crd', 'bases'));
  return runCompatCheck({
    projectDir,
    ref: opts.checkCompat ?? '',
    crdDir,
    crds: pipeline.crdGenerator.crds.map((c) => c.crd),
    locate: (crd, field) => pipeline.crdGenerator.locate(crd, field),
  }, io);
}

export async function runManifests(opts: ManifestsOptions, io: ManifestsIO): Promise<number> {
  const projectDir = path.resolve(opts.projectDir);
  let pipeline: ManifestsPipeline;
  const conflict = conflictingOptions(opts);
  if (conflict) {
    io.stderr(`manifests: ${conflict}\n`);
    return 1;
  }
  try {
    pipeline = new ManifestsPipeline({ ...opts, projectDir, settings: readProjectSettings(projectDir, opts.planned?.get('PROJECT')) });
  } catch (e) {
    io.stderr(`manifests: ${(e as Error).message}\n`);
    return 1;
  }
  if (opts.checkCompat !== undefined) return checkCompat(pipeline, opts, io);
  const lastWritten = opts.watch ? new Map<string, string>() : undefined;
  const status = generateOnce(pipeline, opts, io, lastWritten);
  if (!opts.watch) return status;

  const controller = new AbortController();
  const stop = () => controller.abort();
  opts.signal?.addEventListener('abort', stop, { once: true });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // the file watcher (chokidar) is loaded only for --watch
  const { watchSources } = await import('./watch.js');
  const watching = () => io.stdout(`manifests: watching ${pipeline.sourcePaths.map((p) => path.relative(projectDir, p) || '.').join(', ')}\n`);
  try {
    await watchSources(
      pipeline.sourcePaths,
      controller.signal,
      (changed) => {
        // keep watching whatever happens: the next save may fix it
        try {
          pipeline.refresh(changed);
          generateOnce(pipeline, opts, io, lastWritten);
        } catch (e) {
          io.stderr(`manifests: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
        }
      },
      watching,
    );
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  return 0;
}
