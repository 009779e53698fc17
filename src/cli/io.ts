// Where a CLI run reads and writes: the process's streams in production, buffers in tests.
import type { Readable } from 'node:stream';

/** A function, or a stream; a terminal's stream (process.stdout on a terminal) also says how wide it is. */
export type Output = ((text: string) => void) | { write(text: string): unknown; isTTY?: boolean; columns?: number };

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
  /** Whether stdin is a terminal (the prompts ask only then). */
  readonly interactive: boolean;
  /** The width of the terminal stdout writes to; undefined when it is not a terminal. */
  readonly columns: number | undefined;
  stdout(text: string): void;
  stderr(text: string): void;
}

function write(out: Output, text: string): void {
  if (typeof out === 'function') out(text);
  else out.write(text);
}

export function cliIO(options: MainOptions, scaffolder?: CommandRunner): CliIO {
  return {
    cwd: options.cwd ?? process.cwd(),
    scaffolder,
    dryRun: false,
    env: options.env ?? process.env,
    // A getter: process.stdin builds its stream on first read (0.1-0.9 ms after stdout's, by what
    // stdin is), and only create api's prompts read it.
    get stdin() {
      return options.stdin ?? process.stdin;
    },
    get interactive() {
      // node:tty is loaded here, when asked: nothing else in a run that writes to a pipe needs it.
      return options.stdin ? options.stdin.isTTY === true : process.getBuiltinModule('node:tty').isatty(0);
    },
    get columns() {
      const out = options.stdout ?? process.stdout;
      return typeof out === 'object' && out.isTTY === true && typeof out.columns === 'number' && out.columns > 0 ? out.columns : undefined;
    },
    // The output streams too are looked up on first write.
    stdout: (text) => write(options.stdout ?? process.stdout, text),
    stderr: (text) => write(options.stderr ?? process.stderr, text),
  };
}
