// `scaffolder alpha generate`: the project PROJECT describes, scaffolded again by this scaffolder
// (kubebuilder's alpha generate). The commands of src/scaffold/project/replay.ts run one after the
// other in a staging directory beside the output; only when all of them succeeded does the staged
// tree become the output directory (or replace the project in place, .git kept), so a failing replay
// writes nothing.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, cpSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { UsageError } from '../usage-error.js';
import { parseProjectFile, projectFileName, type ProjectConfig } from '../../scaffold/project/project-file.js';
import { replayCommands } from '../../scaffold/project/replay.js';
import type { CliIO, CommandRunner } from '../io.js';

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
export async function replayInto(io: CliIO, source: ProjectSource, dir: string, opts: { install: boolean; make: boolean }, run: CommandRunner = thisScaffolder(io)): Promise<void> {
  // Headers keep the project's year (SOURCE_DATE_EPOCH is how the generators take a fixed date).
  const previousEpoch = process.env.SOURCE_DATE_EPOCH;
  if (source.headerYear !== undefined && previousEpoch === undefined) process.env.SOURCE_DATE_EPOCH = String(Date.UTC(source.headerYear, 0, 1) / 1000);
  try {
    for (const args of generateCommands(source, opts)) {
      io.stdout(`$ scaffolder ${args.map(quote).join(' ')}\n`);
      const { code, output } = await run(args, dir);
      if (code !== 0) throw new UsageError(`scaffolder ${args.map(quote).join(' ')} failed (exit ${code}) while scaffolding ${source.cfg.projectName} again:\n${output.trimEnd()}`);
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
  const inPlace = outputDir === inputDir;
  const source = readProjectSource(inputDir);
  if (inPlace && !opts.force) {
    throw new UsageError(`without --output-dir, alpha generate scaffolds ${inputDir} again in place and removes every file there but .git; pass --force to do so, or --output-dir to write the new scaffold elsewhere`);
  }
  if (!inPlace && existsSync(outputDir) && !isEmptyDir(outputDir)) {
    throw new UsageError(`--output-dir ${outputDir} is not an empty directory; alpha generate writes a whole project there`);
  }
  if (io.dryRun) {
    io.stdout(`dry run: nothing written; alpha generate would run in ${outputDir}:\n`);
    for (const args of generateCommands(source, opts)) io.stdout(`  scaffolder ${args.map(quote).join(' ')}\n`);
    return 0;
  }
  // Staged beside the output (same file system: moved in with renames), else in the temporary directory.
  const parent = dirname(outputDir);
  const stagingRoot = mkdtempSync(existsSync(parent) ? join(parent, '.scaffolder-generate-') : join(tmpdir(), 'scaffolder-generate-'));
  try {
    const staged = join(stagingRoot, basename(outputDir));
    mkdirSync(staged);
    await replayInto(io, source, staged, opts);
    if (inPlace) {
      for (const entry of readdirSync(inputDir)) {
        if (entry !== '.git' && join(inputDir, entry) !== stagingRoot) rmSync(join(inputDir, entry), { recursive: true, force: true });
      }
      for (const entry of readdirSync(staged)) moveInto(join(staged, entry), join(outputDir, entry));
    } else {
      if (existsSync(outputDir)) rmSync(outputDir, { recursive: true });
      mkdirSync(parent, { recursive: true });
      moveInto(staged, outputDir);
    }
  } finally {
    rmSync(stagingRoot, { recursive: true, force: true });
  }
  io.stdout(`alpha generate: ${source.cfg.projectName} scaffolded again in ${relative(io.cwd, outputDir) || '.'}\n`);
  return 0;
}

/** Renames (same file system), else copies with links kept as they are (node_modules/.bin). */
function moveInto(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch {
    cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
}
