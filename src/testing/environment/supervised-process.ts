/**
 * A control-plane process (etcd, kube-apiserver) started in its own process group, so that stop
 * ends it and anything it started, and a test run that ends without stop leaves nothing behind.
 * Its last output lines are kept for errors; with `attachOutput` its output also goes to ours.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { OutputTail } from './output-tail.js';

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SupervisedProcess {
  readonly name: string;
  readonly pid: number;
  /** Set once the process has exited. */
  readonly exit: ProcessExit | undefined;
  /** Resolves when the process has exited. */
  readonly exited: Promise<ProcessExit>;
  /** The last lines of its output (stdout and stderr interleaved). */
  tail(): string;
  /** SIGTERM to its process group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs: number): Promise<void>;
}

export class ProcessStartError extends Error {
  override readonly name = 'ProcessStartError';
}

/** Process groups still running, killed if this process exits without stopping them. */
const running = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const pid of running) killGroup(pid, 'SIGKILL');
  });
}

/** The one-line description of how a process ended, as shown in errors. */
export function describeExit(exit: ProcessExit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

/**
 * Starts `file` with `args`. Resolves once the process is running (rejects if it could not be
 * started at all: not found, not executable).
 */
export async function startSupervisedProcess(
  name: string,
  file: string,
  args: string[],
  options: { attachOutput?: boolean; tailLines?: number; cwd?: string } = {},
): Promise<SupervisedProcess> {
  const tail = new OutputTail(options.tailLines);
  const child: ChildProcess = spawn(file, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], cwd: options.cwd });
  for (const [stream, target] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
    stream?.on('data', (chunk: Buffer) => {
      tail.push(chunk);
      if (options.attachOutput) target.write(chunk);
    });
  }
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (err) => reject(new ProcessStartError(`${name} (${file}) could not be started: ${err.message}`)));
  });
  const pid = child.pid!;
  running.add(pid);
  installExitHook();
  let exit: ProcessExit | undefined;
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      // What it started goes with it (and releases the output pipes it inherited).
      killGroup(pid, 'SIGKILL');
      running.delete(pid);
      resolve(exit);
    });
  });
  // Streams close after exit; wait for them too so the tail is complete when `exited` is read.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    name,
    pid,
    get exit() {
      return exit;
    },
    exited: exited.then(async (e) => {
      await closed;
      return e;
    }),
    tail: () => tail.text(),
    async stop(graceMs) {
      if (exit === undefined) {
        killGroup(pid, 'SIGTERM');
        const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      await closed;
    },
  };
}
