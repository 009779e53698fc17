// `scaffolder alpha generate`: the project PROJECT describes, scaffolded again by this scaffolder
// (kubebuilder's alpha generate). The commands of src/project/replay.ts run one after the
// other in a staging directory; only when all of them succeeded does the staged tree become the
// output directory, or replace the project in place (.git and the files git ignores kept; see
// tree-swap.ts), so a failing replay writes nothing. Every write goes through src/files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { UsageError } from '../../project/usage-error.js';
import { parseProjectFile, projectFileName, type ProjectConfig } from '../../project/project-file.js';
import { replayCommands } from '../../project/replay.js';
import { validateExternalApiPath } from '../../project/external-api.js';
import { importedGroupDir } from '../../scaffold/external-crd/plan-imported-crd.js';
import type { CliIO, CommandRunner } from '../io.js';
import { assertCleanGitRoot } from '../git.js';
import { copyTree, makeDirectory } from '../../files/directory-trees.js';
import { createDirectoryStaged } from '../../files/staged-directory.js';
import { ignoredPaths, projectSwap, recoverInterruptedSwap, reportingSwapErrors, swapBackupName, swapRecordName } from './tree-swap.js';

export interface GenerateOptions {
  inputDir?: string;
  outputDir?: string;
  install: boolean;
  make: boolean;
  force: boolean;
}

export interface ProjectSource {
  cfg: ProjectConfig;
  /** The year of the project's license header, kept by the new scaffold (undefined: none found). */
  headerYear?: number;
}

/** Reads and validates `<dir>/PROJECT` (plugins included: reading it refuses a plugin this scaffolder lacks). */
export function readProjectSource(dir: string): ProjectSource {
  const file = join(dir, projectFileName);
  if (!existsSync(file)) throw new UsageError(`${file} not found: --input-dir must be the root of a scaffolder project`);
  const boilerplate = join(dir, 'hack', 'boilerplate.ts.txt');
  return projectSource(readFileSync(file, 'utf8'), file, existsSync(boilerplate) ? readFileSync(boilerplate, 'utf8') : undefined);
}

/** A PROJECT file's text (`file` names it in errors) and the project's license header file, if any. */
export function projectSource(text: string, file: string, boilerplate: string | undefined): ProjectSource {
  const cfg = parseProjectFile(text, file);
  // The year of hack/boilerplate.ts.txt's copyright line: the new scaffold's headers keep it.
  const year = boilerplate === undefined ? undefined : /Copyright (\d{4}) /.exec(boilerplate)?.[1];
  return { cfg, headerYear: year === undefined ? undefined : Number(year) };
}

/** The scaffolder main set on `io`: this one, in-process. */
export function thisScaffolder(io: CliIO): CommandRunner {
  if (!io.scaffolder) throw new Error('the CLI runs alpha commands (io.scaffolder is not set)');
  return io.scaffolder;
}

/** The commands that make `source` again (replay.ts), `manifests` last with `make`. */
export function generateCommands(source: ProjectSource, opts: { install: boolean; make: boolean }): string[][] {
  const commands = replayCommands(source.cfg, { install: opts.install });
  if (opts.make) commands.push(['manifests']);
  return commands;
}

/**
 * Runs the replay of `source` in the empty directory `dir` with `run`, printing each command as it
 * starts. Throws a UsageError naming the command that failed, with what it printed.
 */
export async function replayInto(
  io: CliIO,
  source: ProjectSource,
  dir: string,
  opts: { install: boolean; make: boolean; afterInit?: () => void },
  run: CommandRunner = thisScaffolder(io),
): Promise<void> {
  // Headers keep the project's year (SOURCE_DATE_EPOCH is how the generators take a fixed date).
  const previousEpoch = process.env.SOURCE_DATE_EPOCH;
  if (source.headerYear !== undefined && previousEpoch === undefined) process.env.SOURCE_DATE_EPOCH = String(Date.UTC(source.headerYear, 0, 1) / 1000);
  try {
    for (const args of generateCommands(source, opts)) {
      io.stdout(`$ scaffolder ${args.map(quote).join(' ')}\n`);
      const { code, output } = await run(args, dir);
      if (code !== 0) throw new UsageError(`scaffolder ${args.map(quote).join(' ')} failed (exit ${code}) while scaffolding ${source.cfg.projectName} again:\n${output.trimEnd()}`);
      if (args[0] === 'init') opts.afterInit?.();
    }
  } finally {
    if (previousEpoch === undefined) delete process.env.SOURCE_DATE_EPOCH;
  }
}

export function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

function isEmptyDir(dir: string): boolean {
  return statSync(dir).isDirectory() && readdirSync(dir).length === 0;
}

export async function alphaGenerate(io: CliIO, opts: GenerateOptions): Promise<number> {
  const inputDir = resolve(io.cwd, opts.inputDir ?? '.');
  const outputDir = resolve(io.cwd, opts.outputDir ?? inputDir);
  if (outputDir === inputDir) return generateInPlace(io, inputDir, opts);
  const source = readProjectSource(inputDir);
  if (existsSync(outputDir) && !isEmptyDir(outputDir)) {
    throw new UsageError(`--output-dir ${outputDir} is not an empty directory; alpha generate writes a whole project there`);
  }
  if (io.dryRun) return describe(io, source, outputDir, opts);
  await createDirectoryStaged(outputDir, '.scaffolder-generate-', (staged) =>
    replayInto(io, source, staged, { ...opts, afterInit: () => copyExternalModules(source.cfg, inputDir, staged) }));
  io.stdout(`alpha generate: ${source.cfg.projectName} scaffolded again in ${relative(io.cwd, outputDir) || '.'}\n`);
  return 0;
}

function describe(io: CliIO, source: ProjectSource, outputDir: string, opts: GenerateOptions): number {
  io.stdout(`dry run: nothing written; alpha generate would run in ${outputDir}:\n`);
  for (const args of generateCommands(source, opts)) io.stdout(`  scaffolder ${args.map(quote).join(' ')}\n`);
  return 0;
}

/**
 * The project scaffolded again where it is (--force): only in a git work tree with nothing
 * uncommitted, since every file but .git (and those git ignores) is replaced; swapped in so that a
 * kill leaves the old tree or the new one (tree-swap.ts), which the next run completes.
 */
async function generateInPlace(io: CliIO, dir: string, opts: GenerateOptions): Promise<number> {
  if (!opts.force) {
    throw new UsageError(`without --output-dir, alpha generate scaffolds ${dir} again in place and replaces every file there but .git and those git ignores; pass --force to do so, or --output-dir to write the new scaffold elsewhere`);
  }
  const swap = projectSwap(dir);
  if (io.dryRun && swap.hasInterrupted()) {
    throw new UsageError(`${swapRecordName}: an interrupted alpha generate left ${dir} half-replaced; run alpha generate --force without --dry-run: it completes that first`);
  }
  if (!io.dryRun) {
    const recovery = recoverInterruptedSwap(swap);
    if (recovery?.outcome === 'finished') {
      io.stdout(`alpha generate: finished the interrupted run: ${dir} holds the new scaffold\n`);
      warnLeft(io, recovery.left);
      return 0;
    }
    if (recovery?.outcome === 'put back') io.stderr(`warning: ${swapRecordName}: an interrupted alpha generate had moved part of the project aside; put it back\n`);
    swap.sweepStale();
  }
  assertCleanGitRoot(dir, 'alpha generate --force', 'alpha generate --force replaces every file but .git, and only git can give them back');
  const source = readProjectSource(dir);
  if (io.dryRun) return describe(io, source, dir, opts);
  const kept = ignoredPaths(swap);
  const stagingRoot = swap.makeStagingRoot();
  let left: string[];
  try {
    const staged = join(stagingRoot, basename(dir));
    makeDirectory(staged);
    await replayInto(io, source, staged, { ...opts, afterInit: () => copyExternalModules(source.cfg, dir, staged) });
    left = reportingSwapErrors(() => swap.swapIn(stagingRoot, kept));
  } finally {
    swap.releaseStagingRoot(stagingRoot);
  }
  io.stdout(`alpha generate: ${source.cfg.projectName} scaffolded again in ${relative(io.cwd, dir) || '.'}\n`);
  warnLeft(io, left);
  return 0;
}

/**
 * The modules of the project that external kinds' types come from (PROJECT `path: ./...`, such as the
 * CRDs `create api --external-api-path` imported into src/external/): another project's API, not
 * scaffold output, yet what replaying `create api` for those kinds reads. Copied as they are.
 */
function copyExternalModules(cfg: ProjectConfig, from: string, to: string): void {
  for (const r of cfg.resources) {
    if (!r.external || r.api || !r.path?.startsWith('./')) continue;
    const rel = validateExternalApiPath(r.path);
    if (rel === undefined) continue;
    // An imported CRD's versions are sibling packages; manifests needs all of them.
    const group = importedGroupDir(rel);
    for (const candidate of group ? [group] : rel.endsWith('.ts') ? [rel] : [rel, `${rel}.ts`]) {
      if (existsSync(join(from, candidate)) && !existsSync(join(to, candidate))) {
        copyTree(join(from, candidate), join(to, candidate), { linksAsTheyAre: false });
        break;
      }
    }
  }
}

function warnLeft(io: CliIO, left: string[]): void {
  if (left.length > 0) io.stderr(`warning: files git ignores that the new scaffold has no place for were left in ${swapBackupName}/: ${left.join(', ')}\n`);
}
