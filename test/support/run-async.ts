// A child process run without blocking this one (an in-process test API server, or a registry
// child, must go on answering it): its exit code and output.
import { spawn } from 'node:child_process';

export interface AsyncRun { code: number | null; stdout: string; stderr: string }

/** `input`, when given, is written to the child's standard input. */
export function runAsync(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string }): Promise<AsyncRun> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}
