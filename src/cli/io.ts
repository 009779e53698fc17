// Where a CLI run reads and writes: the process's streams in production, buffers in tests.
import type { Readable } from 'node:stream';

export type Output = ((text: string) => void) | { write(text: string): unknown };

export interface MainOptions {
  cwd?: string;
  stdout?: Output;
  stderr?: Output;
  stdin?: Readable & { isTTY?: boolean };
  /** Environment for child processes (npm install); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
}

/** Runs one scaffolder command in `cwd`: its exit code and everything it printed. */
export type CommandRunner = (args: string[], cwd: string) => Promise<{ code: number; output: string }>;

export interface CliIO {
  cwd: string;
  /**
   * This scaffolder, in-process, on another command line (alpha generate replays a project's commands
   * through it); main sets it, so that the commands need not import main.
   */
  scaffolder?: CommandRunner;
  /** The global --dry-run: commands print what they would change and write nothing. */
  dryRun: boolean;
  env: NodeJS.ProcessEnv;
  stdin: Readable & { isTTY?: boolean };
  stdout(text: string): void;
  stderr(text: string): void;
}

function writer(out: Output): (text: string) => void {
  return typeof out === 'function' ? out : (text) => void out.write(text);
}

export function cliIO(options: MainOptions): CliIO {
  return {
    cwd: options.cwd ?? process.cwd(),
    dryRun: false,
    env: options.env ?? process.env,
    stdin: options.stdin ?? process.stdin,
    stdout: writer(options.stdout ?? process.stdout),
    stderr: writer(options.stderr ?? process.stderr),
  };
}
