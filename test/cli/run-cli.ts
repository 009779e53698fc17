// Runs the CLI in-process against a directory and captures what it prints.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(cwd: string, args: string[], opts: { tty?: boolean; input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const stdin = Object.assign(new PassThrough(), { isTTY: opts.tty === true });
  if (opts.input !== undefined) stdin.end(opts.input);
  else stdin.end();
  const code = await main(args, {
    cwd,
    stdout: (s) => { stdout += s; },
    stderr: (s) => { stderr += s; },
    stdin,
    env: opts.env,
  });
  return { code, stdout, stderr };
}

/** A fresh directory `<tmp>/<name>` (the name becomes the default project name). */
export function tempProjectDir(name = 'demo'): { dir: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'scaffolder-cli-'));
  const dir = join(root, name);
  mkdirSync(dir);
  return { dir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Every file under `dir` with its content, keyed by relative path (node_modules left out). */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      if (name === 'node_modules') continue;
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full).split('\\').join('/')] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

/** Runs the command and fails the test with its output when it does not exit 0. */
export async function ok(cwd: string, args: string[]): Promise<CliRun> {
  const run = await runCli(cwd, args);
  if (run.code !== 0) throw new Error(`scaffolder ${args.join(' ')} exited ${run.code}\n${run.stderr}${run.stdout}`);
  return run;
}

export const noInstall = ['--install=false'];
export const noMake = ['--make=false'];
